// Who still uses an agent's terminal once the process Elwood spawned in it is gone, and how they are ended.
//
// The PTY's child leads the terminal's session, but what it started can outlive it there: the real CLI a launcher runs
// as its child (stdio inherited), tools in process groups of their own, a process that left the session and kept the
// terminal as its stdio. Each keeps the CLI's work going with nobody to report it, and keeps the terminal open. They are
// looked for only while the terminal is still Elwood's (its master open): the slave's path then names no other terminal.
import { readdirSync, readlinkSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { groupMembers } from "./process-group.js";
import { isDead, readProcStat } from "./proc-stat.js";

/** Interval between checks while waiting for holders to leave, and while killing them. */
const CHECK_INTERVAL_MS = 20;
/** How long SIGKILLed holders get to be gone before the terminal is let go anyway. */
const KILL_BOUND_MS = 1_000;

function holdsPath(pid: string, slavePath: string): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // gone, or not ours to read (and so not ours to signal either)
  }
  for (const fd of fds) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) === slavePath) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

/** The leader's start time, read while it runs (at spawn), for terminalHolders' fd scan; undefined off Linux. */
export function leaderStartTicks(leaderPid: number): number | undefined {
  return process.platform === "linux" ? readProcStat(String(leaderPid))?.startTicks : undefined;
}

/**
 * Live processes other than Elwood's own using the terminal whose child was `leaderPid`: members of its process group
 * or session, and (Linux) any process with the slave open. Elsewhere only the group is found (one `ps` listing).
 *
 * Reading every process's open files costs about a millisecond per few processes, on the loop, at each exit. A holder
 * inherited the slave from the leader, so it started no earlier than the leader did: with `bornSince` (the leader's
 * start) only processes started since are looked into — on a busy machine a few, not hundreds. (A process opening
 * the slave by its path, which nothing of an agent's does, is missed unless it is a group or session member.)
 */
export function terminalHolders(leaderPid: number, slavePath: string | undefined, bornSince?: number): number[] {
  if (!Number.isInteger(leaderPid) || leaderPid <= 1 || leaderPid === process.pid) return [];
  if (process.platform !== "linux") return groupMembers(leaderPid).filter((pid) => pid !== process.pid);
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const stat = readProcStat(entry);
    if (stat === undefined || isDead(stat.state)) continue;
    const member = stat.pgrp === leaderPid || stat.session === leaderPid;
    const couldHold = slavePath !== undefined && (bornSince === undefined || stat.startTicks >= bornSince);
    if (member || (couldHold && holdsPath(entry, slavePath))) found.push(stat.pid);
  }
  return found;
}

/** Sends `signal` to each pid; one already gone, or not ours to signal, is skipped. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // ESRCH / EPERM: the next look decides.
    }
  }
}

/**
 * Waits until `deadline()` (read each round: a kill() meanwhile moves it to now) for the holders `find` reports to leave
 * on their own (they were hung up), then SIGKILLs the rest, looking again each round so that a process forked meanwhile
 * goes too. Resolves whether any holder was found (its last output may still be on its way); never rejects. Gives up
 * KILL_BOUND_MS after the deadline.
 */
export async function clearTerminal(find: () => number[], deadline: () => number): Promise<boolean> {
  let found = false;
  let killingSince: number | undefined;
  for (;;) {
    let holders: number[];
    try {
      holders = find();
    } catch {
      holders = [];
    }
    if (holders.length === 0) return found;
    found = true;
    const now = Date.now();
    if (killingSince === undefined && now >= deadline()) killingSince = now;
    if (killingSince !== undefined) {
      if (now - killingSince >= KILL_BOUND_MS) return found;
      signalEach(holders, "SIGKILL");
    }
    await sleep(CHECK_INTERVAL_MS);
  }
}
