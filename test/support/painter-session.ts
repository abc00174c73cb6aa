// Test support: a real session (PTY, headless terminal, session actor, facade) running the screen painter child, or
// the painter standing in for Qwen Code behind the public start.

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { SessionFacade } from "../../src/agent-session.js";
import { startAgentSession, type AgentSession } from "../../src/index.js";
import { launchSession } from "../../src/launch-session.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import { nestingEnv } from "../../src/nesting-env.js";

export const painterPath: string = fileURLToPath(new URL("./screen-painter.mjs", import.meta.url));

export interface PainterSession {
  readonly session: SessionFacade;
  /** When the painter wrote each commanded frame (ms on the machine's monotonic clock, process.hrtime): `w` working, `i` idle. */
  stamps(): Array<{ readonly kind: "w" | "i"; readonly at: number }>;
  cleanup(): Promise<void>;
}

/** The painter's stamps file, read back as commanded frames. */
function readStamps(stampFile: string): Array<{ readonly kind: "w" | "i"; readonly at: number }> {
  return existsSync(stampFile)
    ? readFileSync(stampFile, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => ({ kind: l.startsWith("w") ? ("w" as const) : ("i" as const), at: Number(l.slice(2)) }))
    : [];
}

export interface QwenPainterSession extends Omit<PainterSession, "session"> {
  readonly session: AgentSession;
}

/**
 * The painter in Qwen's shape as the `qwen` executable of `startAgentSession("qwen")`: the whole start (version probe
 * through the login shell, the private Qwen home with Elwood's hooks, the loopback hook listener) runs as for the CLI,
 * so the painter's `s` command reaches the session as Qwen's own Stop http hook. Its home and project are private.
 */
export async function startQwenPainterSession(opts: { readonly size?: TerminalSize } = {}): Promise<QwenPainterSession> {
  const dir = mkdtempSync(join(tmpdir(), "elwood-qwen-painter-"));
  const stampFile = join(dir, "stamps.txt");
  const home = join(dir, "home");
  const project = join(dir, "project");
  await Promise.all([mkdir(home), mkdir(project)]);
  const session = await startAgentSession("qwen", {
    cwd: project,
    executable: painterPath,
    // Loopback bypasses any proxy this process has: the hooks go over HTTP, as Qwen sends them.
    env: { HOME: home, PAINTER_SHAPE: "qwen", PAINTER_VERSION: "0.24.4", PAINTER_STAMPS: stampFile, PAINTER_STARTUP_SPIN_MS: "0", NO_PROXY: "127.0.0.1", no_proxy: "127.0.0.1" },
    ...(opts.size === undefined ? {} : { initialSize: opts.size }),
  });
  return {
    session,
    stamps: () => readStamps(stampFile),
    cleanup: async () => {
      await session.teardown().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
    stamps: () => readStamps(stampFile),
    cleanup: async () => {
      await session.kill().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
