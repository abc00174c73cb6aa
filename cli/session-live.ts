// Whether a kept session has a live owner right now: for the `sessions` listing's `live` column.

import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The store records the process that runs a session in `<session dir>/owner.json` (`pid`) and drops it on stop;
 * a crashed owner leaves it behind, so the pid must still exist. Signal 0 only checks for the process: nothing is
 * sent to the owner and its hook socket is never connected to (a connect would raise a hook error there).
 */
export async function sessionIsLive(sessionDir: string): Promise<boolean> {
  let pid: unknown;
  try {
    pid = (JSON.parse(await readFile(join(sessionDir, "owner.json"), "utf8")) as { pid?: unknown }).pid;
  } catch {
    return false;
  }
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
