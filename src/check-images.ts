// Checks a turn's images before any session exists: the file checks an attach makes, and whether the agent can attach them here.

import { clipboardBackend, firstUnpastableImage } from "../effects/clipboard.js";
import { validateImages } from "../effects/image-files.js";
import type { ImageInput } from "../effects/image-files.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { ElwoodError } from "./contracts/errors.js";

export interface CheckImagesOptions {
  /** Relative paths resolve against it, as the session's own `cwd` would resolve them (default: `process.cwd()`). */
  readonly cwd?: string;
  /** The session's `env` option: Codex's clipboard is the display of the environment the agent is launched with. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Resolves when `send`/`stream` with these `images` could attach them on a session of `agent` started with these
 * options; rejects with the error the attach would fail with — `invalid_image` (shape, count, a path that is not a
 * readable non-empty png/jpeg/gif/webp file, the size limits) or `unsupported_platform` (Codex attaches through a
 * native clipboard: macOS, or Linux with a display, which takes PNG only). Starts nothing and writes nothing, so a
 * caller can refuse bad input before launching an agent.
 */
export async function checkImages(agent: "claude" | "codex", images: readonly ImageInput[], options: CheckImagesOptions = {}): Promise<void> {
  if (agent !== "claude" && agent !== "codex") throw new ElwoodError("invalid_argument", "agent must be claude or codex");
  const checked = await validateImages(images, options.cwd ?? process.cwd());
  if (checked instanceof ElwoodError) throw checked;
  if (agent !== "codex" || checked.length === 0) return;
  const backend = clipboardBackend(process.platform, buildAgentEnv(process.env, options.env ?? {}));
  if (backend === undefined) throw new ElwoodError("unsupported_platform", "Codex attaches images only through a native clipboard (macOS, or Linux with a display)");
  const unpastable = await firstUnpastableImage(backend, checked);
  if (unpastable !== undefined) throw new ElwoodError("unsupported_platform", "Codex on Linux reads only PNG images from the clipboard", { index: unpastable });
}
