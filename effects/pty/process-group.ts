// Process-group signalling and reaping: how Elwood makes sure no descendant of an agent outlives it.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { isDead, readProcStat } from "./proc-stat.js";
import type { ReapOutcome } from "./reap-outcome.js";

export type Signal = NodeJS.Signals | number;

/** Refuses ids that would address "every process" (≤ 1) or Elwood's own process. */
function usableGroup(pgid: number): boolean {
  return Number.isInteger(pgid) && pgid > 1 && pgid !== process.pid;
}

/**
 * Sends `signal` to every member of group `pgid`. Returns false when nothing could be
 * signalled (ESRCH: group empty/gone; EPERM: no member we may signal) instead of throwing.
 */
export function signalGroup(pgid: number, signal: Signal): boolean {
  if (!usableGroup(pgid)) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ESRCH" || code === "EPERM") return false;
    throw error;
  }
}

/**
 * Live (non-zombie) members of group `pgid`. Linux scans /proc; elsewhere (macOS) one `ps`
 * listing is filtered by pgid. Orphaned zombies are excluded because an init that does not
 * reap would otherwise make a dead group look alive forever.
 */
export function groupMembers(pgid: number): number[] {
  if (!usableGroup(pgid)) return [];
  if (process.platform === "linux") {
    const members: number[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readProcStat(entry);
      if (stat !== undefined && stat.pgrp === pgid && !isDead(stat.state)) members.push(stat.pid);
    }
    return members;
  }
  let listing: string;
  try {
    listing = execFileSync("ps", ["-A", "-o", "pid=,pgid=,stat="], { encoding: "utf8", timeout: 5_000 });
  } catch {
    return [];
  }
  const members: number[] = [];
  for (const line of listing.split("\n")) {
    const [pid, group, state] = line.trim().split(/\s+/);
    if (pid === undefined || group === undefined || state === undefined) continue;
    if (Number(group) === pgid && !isDead(state)) members.push(Number(pid));
  }
  return members;
}

/** State of one process by pid: "alive", "zombie" or "gone" (Linux reads /proc; elsewhere kill 0). */
export function processState(pid: number): "alive" | "zombie" | "gone" {
  if (process.platform === "linux") {
    const stat = readProcStat(String(pid));
    if (stat === undefined) return "gone";
    return isDead(stat.state) ? "zombie" : "alive";
  }
  try {
    process.kill(pid, 0);
    return "alive";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? "alive" : "gone";
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface ReapOptions {
  /** Give up after this long; default 2000 ms. */
  readonly timeoutMs?: number;
  /** Re-check (and re-kill) interval; default 20 ms. */
  readonly intervalMs?: number;
}

export type { ReapOutcome } from "./reap-outcome.js";

/**
 * SIGKILLs group `pgid` until it has no live member, re-checking so that processes forked
 * mid-reap are caught too. Resolves true once empty (an already-empty group is a no-op),
 * false if still populated at the deadline. Never rejects.
 */
export async function reapGroup(pgid: number, opts: ReapOptions = {}): Promise<boolean> {
  return (await reapGroupOutcome(pgid, opts)).reaped;
}

/** reapGroup with the reason a failed reap failed (what the reap_failed warning reports). Never rejects. */
export async function reapGroupOutcome(pgid: number, opts: ReapOptions = {}): Promise<ReapOutcome> {
  if (!usableGroup(pgid)) return { reaped: true };
  const deadline = Date.now() + (opts.timeoutMs ?? 2_000);
  const interval = opts.intervalMs ?? 20;
  let refused = false;
  for (;;) {
    let members: number[];
    try {
      members = groupMembers(pgid);
    } catch {
      members = [];
    }
    if (members.length === 0) return { reaped: true };
    try {
      // Members remain, yet none could be signalled: they belong to someone we may not signal.
      refused = !signalGroup(pgid, "SIGKILL");
    } catch {
      // Keep polling until the deadline; a transient failure must not abort cleanup.
    }
    if (Date.now() >= deadline) return { reaped: false, errorCode: refused ? "EPERM" : "ETIMEDOUT" };
    await delay(interval);
  }
}
