// Issue 41 item 1: the embedder's supervisor costs nothing while nothing happens — an idle ready session's supervisor
// spawns no process and is never woken over a window (it blocks on its pipe from the embedder instead of polling).

import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function read(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Direct children of a process (every thread's list). */
function childrenOf(pid: number): number[] {
  const tasks = read(`/proc/${pid}/task/${pid}/children`);
  return tasks.split(/\s+/).filter((p) => p !== "").map(Number);
}

/** This process's supervisor: its child (detached, but still our child) running the supervisor script. */
function supervisorPids(): number[] {
  return childrenOf(process.pid).filter((pid) => read(`/proc/${pid}/cmdline`).includes("effects/supervisor/"));
}

/** Voluntary + involuntary context switches: every fork-and-wait or timed sleep adds at least one. */
function wakeups(pid: number): number {
  const status = read(`/proc/${pid}/status`);
  const of = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? "NaN");
  return of("voluntary_ctxt_switches") + of("nonvoluntary_ctxt_switches");
}

describe.runIf(process.platform === "linux")("the supervisor is idle while the session is (issue 41 item 1)", () => {
  it("issue 41 item 1: over 2 s of an idle ready session its supervisor spawns no process and is never woken", async () => {
    const sim: ClaudeSim = await startClaudeSim();
    cleanups.push(() => sim.cleanup());
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    const [supervisor, ...others] = supervisorPids();
    expect(supervisor).toBeDefined();
    expect(others).toEqual([]);
    const before = wakeups(supervisor!);
    const seen = new Set<number>();
    // Sampled every 10 ms as well: a polling loop's `sleep` lives 200 ms, so it could not hide between samples.
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      for (const child of childrenOf(supervisor!)) seen.add(child);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect({ children: [...seen], wakeups: wakeups(supervisor!) - before }).toEqual({ children: [], wakeups: 0 });
  }, 40_000);
});
