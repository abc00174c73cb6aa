// Reads one process's /proc/<pid>/stat (Linux): its state, process group, session and start time.
import { readFileSync } from "node:fs";

export interface ProcStat {
  readonly pid: number;
  readonly state: string;
  readonly pgrp: number;
  /** The session id: the pid of the session's leader (a PTY's child leads the PTY's session). */
  readonly session: number;
  /** When it started, in clock ticks since boot (field 22): only comparable with another process's. */
  readonly startTicks: number;
}

/** Parses /proc/<pid>/stat; `comm` may contain spaces and parens, so fields start after the last ')'. */
export function readProcStat(pid: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(")");
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).split(" ");
  const state = fields[0];
  const pgrp = Number(fields[2]);
  const session = Number(fields[3]);
  const startTicks = Number(fields[19]);
  if (state === undefined || !Number.isFinite(pgrp) || !Number.isFinite(session) || !Number.isFinite(startTicks)) return undefined;
  return { pid: Number(pid), state, pgrp, session, startTicks };
}

/** Zombies (and dead entries) hold no resources worth killing and cannot be signalled away. */
export function isDead(state: string): boolean {
  return state.startsWith("Z") || state.startsWith("X");
}
