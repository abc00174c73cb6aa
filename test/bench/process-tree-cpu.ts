// CPU used by every process below this one (the CLIs, login shells, the supervisor, hook commands), read from /proc:
// what an embedder pays beyond its own process.cpuUsage().

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ; 100 nearly everywhere). */
const TICKS_PER_SECOND = ((): number => {
  try {
    const n = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isFinite(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

interface ProcTimes {
  readonly comm: string;
  readonly ppid: number;
  /** utime + stime: the process's own CPU. */
  readonly own: number;
  /** cutime + cstime: CPU of its children that exited and that it waited for. */
  readonly reaped: number;
}

function readTimes(pid: string): ProcTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // Fields after the command (which may hold spaces and parentheses): state is field 3, so index 0 here.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const n = (i: number): number => Number(f[i] ?? 0);
    return { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ppid: n(1), own: n(11) + n(12), reaped: n(13) + n(14) };
  } catch {
    return undefined;
  }
}

/**
 * Ticks used so far by this process's descendants: each live descendant's own CPU plus what it reaped of its exited
 * children, plus what this process reaped. Differences of two readings are exact for processes that exited between
 * them (their ticks moved into their reaper's count), except for orphans reaped by init.
 */
function descendantTicks(root = process.pid): number {
  const all = new Map<number, ProcTimes>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const times = readTimes(entry);
    if (times !== undefined) all.set(Number(entry), times);
  }
  const children = new Map<number, number[]>();
  for (const [pid, t] of all) children.set(t.ppid, [...(children.get(t.ppid) ?? []), pid]);
  let ticks = all.get(root)?.reaped ?? 0;
  const stack = [...(children.get(root) ?? [])];
  let count = 0;
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    const t = all.get(pid);
    // tsx's transform service runs the bench, not Elwood: neither it nor anything below it counts.
    if (t === undefined || t.comm === "esbuild") continue;
    ticks += t.own + t.reaped;
    count += 1;
    stack.push(...(children.get(pid) ?? []));
  }
  lastCount = count;
  return ticks;
}

let lastCount = 0;

export interface TreeCpuReading {
  /** Descendants' CPU over the window, in % of one core. */
  readonly percentOfOneCore: number;
  /** Descendants alive at the end of the window. */
  readonly processes: number;
}

/** Starts a reading of the descendants' CPU (Linux; elsewhere it reads 0); call the result at the window's end. */
export function startTreeCpu(): () => TreeCpuReading {
  if (process.platform !== "linux") return () => ({ percentOfOneCore: 0, processes: 0 });
  const ticksBefore = descendantTicks();
  const wallBefore = performance.now();
  return () => {
    const ticks = descendantTicks() - ticksBefore;
    const wallMs = performance.now() - wallBefore;
    return { percentOfOneCore: Math.round(((ticks / TICKS_PER_SECOND) * 1000 * 10_000) / wallMs) / 100, processes: lastCount };
  };
}
