// Finds and reaps processes that carry a session's environment tag, wherever their process group is.
// The CLIs start hook commands in process groups of their own, so a group SIGKILL alone can miss a
// hook that is still running when the session closes.

import { readdirSync, readFileSync } from "node:fs";
import { processState } from "./process-group.js";

/** Live processes whose environment contains `name=value` (Linux /proc; elsewhere none are found). */
export function taggedProcesses(name: string, value: string): number[] {
  if (process.platform !== "linux") return [];
  const needle = `\0${name}=${value}\0`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let env: string;
    try {
      env = `\0${readFileSync(`/proc/${entry}/environ`, "latin1")}`;
    } catch {
      continue;
    }
    if (env.includes(needle) && processState(Number(entry)) === "alive") found.push(Number(entry));
  }
  return found;
}

/** SIGKILLs every tagged process and waits (bounded) until none is alive. */
export async function reapTagged(name: string, value: string, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pids = taggedProcesses(name, value);
    if (pids.length === 0) return true;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone, or not ours to signal: the next scan decides.
      }
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
