// Whether a kept session has a live owner right now: for the `sessions` listing's `live` column.

import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** Field 22 of /proc/<pid>/stat (clock ticks since boot), the token the store records as the owner's `startTime` on Linux. */
async function linuxStartTime(pid: number): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses, so fields are counted from its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/**
 * The store records the process that runs a session in `<session dir>/owner.json` (`pid`, and `startTime` where it
 * could read it) and drops it on stop; a crashed owner leaves it behind, so the pid must still exist — and, on Linux
 * with a recorded start time, be that same process (a reused pid started later). Elsewhere the pid alone decides.
 * Signal 0 only checks for the process: nothing is sent to the owner and its hook socket is never connected to (a
 * connect would raise a hook error there).
 */
export async function sessionIsLive(sessionDir: string): Promise<boolean> {
  let owner: { pid?: unknown; startTime?: unknown };
  try {
    owner = JSON.parse(await readFile(join(sessionDir, "owner.json"), "utf8")) as typeof owner;
  } catch {
    return false;
  }
  const { pid, startTime } = owner;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (process.platform !== "linux" || typeof startTime !== "string") return true;
  const now = await linuxStartTime(pid);
  return now === undefined || now === startTime;
}
