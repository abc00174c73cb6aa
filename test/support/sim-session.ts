// Test support: a real session (PTY, headless terminal, session actor, facade) running the simulated agent.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";
import { buildAgentEnv } from "../../effects/pty/agent-env.js";
import { SessionFacade } from "../../src/agent-session.js";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { launchSession } from "../../src/launch-session.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import { readSimLog, simArgs, simEnv, type SimEnvOptions, type SimFlavour, type SimLogRecord } from "../sim/sim-control.js";
import { nestingEnv } from "../../src/nesting-env.js";

export interface SimSessionOptions extends Omit<SimEnvOptions, "log"> {
  readonly flavour?: SimFlavour;
  readonly adapter?: AgentAdapter;
  readonly size?: TerminalSize;
  readonly spawnSize?: TerminalSize;
  readonly autotrust?: boolean;
  readonly settings?: string;
  readonly env?: Record<string, string>;
  readonly viaLoginShell?: boolean;
}

export interface SimSession {
  readonly session: SessionFacade;
  readonly dir: string;
  readonly logFile: string;
  log(): SimLogRecord[];
  cleanup(): Promise<void>;
}

export function startSimSession(opts: SimSessionOptions = {}): SimSession {
  const dir = mkdtempSync(join(tmpdir(), "elwood-sim-"));
  const logFile = join(dir, "sim.jsonl");
  const size = opts.size ?? { cols: 120, rows: 40 };
  const runtime = launchSession({
    elwoodSessionId: randomUUID(),
    cwd: dir,
    adapter: opts.adapter ?? claudeAdapter,
    executable: process.execPath,
    args: simArgs({ flavour: opts.flavour ?? "claude", ...(opts.settings ? { settings: opts.settings } : {}) }),
    env: buildAgentEnv(process.env, {
      ...simEnv({ log: logFile, ...(opts.script ? { script: opts.script } : {}), ...(opts.version ? { version: opts.version } : {}), ...(opts.trust ? { trust: opts.trust } : {}) }),
      ...(opts.env ?? {}),
    }, nestingEnv()),
    viaLoginShell: opts.viaLoginShell ?? false,
    spawnSize: opts.spawnSize ?? size,
    requestedSize: size,
    autotrust: opts.autotrust ?? false,
    resumed: false,
    stopGraceMs: 2000,
    release: async () => {},
  });
  // Claude flavour gets the Claude facade (login, claudeSessionId); it is an SessionFacade too.
  const session = runtime.agent === "claude" ? new ClaudeSessionFacade(runtime) : new SessionFacade(runtime);
  return {
    session,
    dir,
    logFile,
    log: () => readSimLog(logFile),
    cleanup: async () => {
      await session.kill().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
