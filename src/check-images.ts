// Checks a turn's images before any session exists: the file checks an attach makes, and whether the agent can attach them here.

import { agentDefinition } from "./agent-launch.js";
import { capabilityRefusal } from "./capability-check.js";
import { attachClipboard, clipboardRefusal } from "../effects/clipboard.js";
import { validateImages } from "../effects/image-files.js";
import type { ImageInput } from "../effects/image-files.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { ElwoodError } from "./contracts/errors.js";
import type { AgentKind } from "./contracts/public-types.js";
import { nestingEnv } from "./nesting-env.js";

export interface CheckImagesOptions {
  /** Relative paths resolve against it, as the session's own `cwd` would resolve them (default: `process.cwd()`). */
  readonly cwd?: string;
  /** The session's `env` option: a clipboard-attaching agent's clipboard is the display of the environment it is launched with. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Resolves when `send`/`stream` with these `images` could attach them on a session of `agent` started with these
 * options; rejects with the error the attach would fail with — `invalid_image` (shape, count, a path that is not a
 * readable non-empty png/jpeg/gif/webp file, the size limits) or `unsupported_platform` (an agent that attaches
 * through the native clipboard — Codex — needs macOS, or Linux with a display, which takes PNG only). The checks are
 * the attach's own (effects/image-files.ts, effects/clipboard.ts). Starts nothing and writes nothing, so a caller can
 * refuse bad input before launching an agent.
 */
export async function checkImages(agent: AgentKind, images: readonly ImageInput[], options: CheckImagesOptions = {}): Promise<void> {
  // How the agent attaches images: the same `imageVia` its session's attach takes (an unknown agent: invalid_argument).
  const { imageVia } = agentDefinition(agent).adapter;
  const checked = await validateImages(images, options.cwd ?? process.cwd());
  if (checked instanceof ElwoodError) throw checked;
  const unsupported = checked.length === 0 ? undefined : capabilityRefusal(agent, "images");
  if (unsupported !== undefined) throw unsupported;
  if (imageVia !== "clipboard" || checked.length === 0) return;
  const clipboard = attachClipboard(buildAgentEnv(process.env, options.env ?? {}, nestingEnv()));
  if (clipboard instanceof ElwoodError) throw clipboard;
  const refused = await clipboardRefusal(clipboard, checked);
  if (refused !== undefined) throw refused;
}
