// Test support: read what the simulated agent RECEIVED (its JSONL log) and record what the session reported.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionFacade } from "../../src/agent-session.js";
import type { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import type { ActivityEvent, SessionStatus, TerminalSize } from "../../src/contracts/public-types.js";
import { startClaude } from "../../src/start-claude.js";
import { readSimLog, simAgentPath, simEnv, type SimLogRecord, type SimScript } from "../sim/sim-control.js";

/** Live input the agent decoded: pastes and keys, in arrival order (terminal reports excluded). */
export type InputRecord = Extract<SimLogRecord, { kind: "paste" } | { kind: "key" }>;

export function inputRecords(records: readonly SimLogRecord[]): InputRecord[] {
  return records.filter((r): r is InputRecord => r.kind === "paste" || r.kind === "key");
}

/** A compact, assertion-friendly spelling of the input: `paste:<text>` / `key:<name>`. */
export function inputTrace(records: readonly SimLogRecord[]): string[] {
  return inputRecords(records).map((r) => (r.kind === "paste" ? `paste:${r.text}` : `key:${r.key}`));
}

export function hookCalls(records: readonly SimLogRecord[], event: string): number {
  return records.filter((r) => r.kind === "hook" && r.event === event).length;
}

/** Polls the sim log until `done` accepts it (the log is appended by another process). */
export async function waitForLog(
  read: () => SimLogRecord[],
  done: (records: SimLogRecord[]) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<SimLogRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const records = read();
    if (done(records)) return records;
    if (Date.now() > deadline) {
      throw new Error(`sim log never showed ${what}; last records:\n${records.slice(-12).map((r) => JSON.stringify(r)).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything the session announced, with wall-clock stamps comparable to the sim log's `t`. */
export interface SessionRecorder {
  readonly statuses: Array<{ readonly t: number; readonly status: SessionStatus; readonly previous: SessionStatus }>;
  readonly activities: Array<ActivityEvent & { readonly t: number }>;
  /** How many times the session entered `ready` (the initial readiness included). */
  readyCount(): number;
  stop(): void;
}

export function recordSession(session: SessionFacade): SessionRecorder {
  const statuses: SessionRecorder["statuses"] = [];
  const activities: SessionRecorder["activities"] = [];
  const offs = [
    session.on("status", (e) => statuses.push({ t: Date.now(), status: e.status, previous: e.previous })),
    session.on("activity", (a) => activities.push({ ...a, t: Date.now() })),
  ];
  return {
    statuses,
    activities,
    readyCount: () => statuses.filter((s) => s.status === "ready").length,
    stop: () => offs.forEach((off) => off()),
  };
}

/** The agent process id behind a session (the PTY leader; the sim is spawned without a login shell). */
export function sessionPid(session: SessionFacade): number {
  return (session as unknown as { runtime: { pty: { pid: number } } }).runtime.pty.pid;
}

export interface SimClaude {
  readonly session: ClaudeSessionFacade;
  readonly dir: string;
  readonly logFile: string;
  log(): SimLogRecord[];
  cleanup(): Promise<void>;
}

/** The sim through the real startClaude path: version probe, generated settings, the real hook bridge. */
export async function startSimClaude(opts: {
  readonly script?: SimScript;
  readonly size?: TerminalSize;
  readonly version?: string;
} = {}): Promise<SimClaude> {
  const dir = mkdtempSync(join(tmpdir(), "elwood-simc-"));
  const logFile = join(dir, "sim.jsonl");
  const session = await startClaude({
    cwd: dir,
    executable: simAgentPath,
    env: simEnv({ log: logFile, ...(opts.script ? { script: opts.script } : {}), ...(opts.version ? { version: opts.version } : {}) }),
    initialSize: opts.size ?? { cols: 120, rows: 40 },
    // A plain POSIX login shell: the account's interactive bash runs `pyenv init`, whose rehash lock serializes
    // every parallel test's probe and launch for up to a minute on this machine.
    shell: "/bin/sh",
  });
  return {
    // The facade behind the public type: tests read its frames and runtime.
    session: session as ClaudeSessionFacade,
    dir,
    logFile,
    log: () => readSimLog(logFile),
    cleanup: async () => {
      await session.teardown().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
