// Test support: a real session (PTY, headless terminal, session actor, facade) running the screen painter child.

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { SessionFacade } from "../../src/agent-session.js";
import { launchSession } from "../../src/launch-session.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import { nestingEnv } from "../../src/nesting-env.js";

export const painterPath: string = fileURLToPath(new URL("./screen-painter.mjs", import.meta.url));

export interface PainterSession {
  readonly session: SessionFacade;
  /** When the painter wrote each commanded frame (performance.timeOrigin + now, ms): `w` working, `i` idle. */
  stamps(): Array<{ readonly kind: "w" | "i"; readonly at: number }>;
  cleanup(): Promise<void>;
}

export function startPainterSession(opts: {
  readonly shape: "claude" | "codex";
  readonly adapter: AgentAdapter;
  readonly size?: TerminalSize;
  readonly startupSpinMs?: number;
}): PainterSession {
  const dir = mkdtempSync(join(tmpdir(), "elwood-painter-"));
  const stampFile = join(dir, "stamps.txt");
  const size = opts.size ?? { cols: 100, rows: 30 };
  const runtime = launchSession({
    elwoodSessionId: randomUUID(),
    cwd: dir,
    adapter: opts.adapter,
    executable: process.execPath,
    args: [painterPath, "--shape", opts.shape],
    env: buildAgentEnv(process.env, { PAINTER_STAMPS: stampFile, PAINTER_STARTUP_SPIN_MS: String(opts.startupSpinMs ?? 0) }, nestingEnv()),
    viaLoginShell: false,
    spawnSize: size,
    requestedSize: size,
    autotrust: false,
    resumed: false,
    stopGraceMs: 2000,
    release: async () => {},
  });
  const session = new SessionFacade(runtime);
  return {
    session,
    stamps: () =>
      existsSync(stampFile)
        ? readFileSync(stampFile, "utf8")
            .split("\n")
            .filter((l) => l !== "")
            .map((l) => ({ kind: l.startsWith("w") ? ("w" as const) : ("i" as const), at: Number(l.slice(2)) }))
        : [],
    cleanup: async () => {
      await session.kill().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
