// Integration support: startCodex (real probe, hook bridge, PTY, terminal, actor) running the simulated Codex TUI.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StartCodexOptions } from "../../adapters/codex/options.js";
import { clearCodexProbeCache } from "../../adapters/codex/version-probe.js";
import { startCodex } from "../../src/start-codex.js";
import type { CodexSessionFacade } from "../../src/codex-agent-session.js";
import type { ActivityEvent } from "../../src/contracts/public-types.js";
import type { HookEventRecord } from "../../src/agent-session.js";
import { readSimLog, simAgentPath, simRecords, type SimLogRecord, type SimScript } from "../sim/sim-control.js";

export interface CodexSimOptions extends Omit<StartCodexOptions, "cwd" | "executable"> {
  readonly script?: SimScript;
  readonly version?: string;
  /** Show the folder-trust gate. */
  readonly trustPrompt?: boolean;
  /** Show "Hooks need review" (and hide the bypass flag from --help so it is not used). */
  readonly hooksReview?: boolean;
}

export interface CodexSim {
  readonly session: CodexSessionFacade;
  readonly dir: string;
  readonly hooks: HookEventRecord[];
  readonly activities: ActivityEvent[];
  log(): SimLogRecord[];
  /** Every decoded key the sim received (never `ctrl+c` from Elwood). */
  keys(): string[];
  cleanup(): Promise<void>;
}

export async function startCodexSim(opts: CodexSimOptions = {}): Promise<CodexSim> {
  const { script, version, trustPrompt, hooksReview, env, ...rest } = opts;
  const dir = mkdtempSync(join(tmpdir(), "elwood-codex-sim-"));
  const logFile = join(dir, "sim.jsonl");
  // The probe is memoised per executable; sim flavours differ only by env, so each test probes afresh.
  clearCodexProbeCache();
  const session = await startCodex({
    cwd: dir,
    executable: simAgentPath,
    initialSize: { cols: 120, rows: 40 },
    ...rest,
    env: {
      // A private HOME keeps the login shell off the account's rc files (a shared pyenv rehash lock stalls them).
      HOME: dir,
      ELWOOD_SIM_FLAVOUR: "codex",
      ELWOOD_SIM_LOG: logFile,
      ...(script === undefined ? {} : { ELWOOD_SIM_SCRIPT: JSON.stringify(script) }),
      ...(version === undefined ? {} : { ELWOOD_SIM_VERSION: version }),
      ...(trustPrompt ? { ELWOOD_SIM_TRUST: "1" } : {}),
      ...(hooksReview ? { ELWOOD_SIM_HOOKS_REVIEW: "1", ELWOOD_SIM_NO_BYPASS: "1" } : {}),
      ...(env ?? {}),
    },
  });
  const hooks: HookEventRecord[] = [];
  const activities: ActivityEvent[] = [];
  session.on("hook", (h) => hooks.push(h));
  session.on("activity", (a) => activities.push(a));
  return {
    // The facade behind the public type: tests read its frames and runtime.
    session: session as CodexSessionFacade,
    dir,
    hooks,
    activities,
    log: () => readSimLog(logFile),
    keys: () => simRecords(readSimLog(logFile), "key").map((r) => r.key),
    cleanup: async () => {
      await session.teardown().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `pred` holds, polling; rejects after timeoutMs. */
export async function until(what: string, pred: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
