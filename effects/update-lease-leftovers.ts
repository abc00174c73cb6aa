// What interrupted lease holders leave beside an adapter's lease (staging and retired directories), removed a bounded few at a time.
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { processState } from "./pty/process-group.js";

/** Leftovers one holder removes per claim (both kinds share it), so a flood of them never delays an update much. */
export const LEFTOVER_BUDGET = 8;

/**
 * Remove up to `budget` leftovers of `adapter` under `root`: retired leases (renamed aside, their deletion
 * interrupted) and staging directories whose creating process is gone (a claim interrupted before its rename).
 * A staging directory of a live process may be a claim in progress and stays. Returns how many were removed.
 */
export async function sweepLeaseLeftovers(root: string, adapter: string, budget = LEFTOVER_BUDGET): Promise<number> {
  const names = await readdir(root);
  let removed = 0;
  for (const name of names) {
    if (removed >= budget) break;
    if (!isLeftover(name, adapter)) continue;
    removed += 1;
    await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
  }
  return removed;
}

function isLeftover(name: string, adapter: string): boolean {
  if (name.startsWith(`${adapter}.retired-`)) return true;
  const staging = new RegExp(`^${adapter}\\.staging-(\\d+)-`).exec(name);
  if (staging?.[1] === undefined) return false;
  const pid = Number.parseInt(staging[1], 10);
  // Our own pid: this process stages one claim per adapter at a time and the holder's was renamed away already.
  return pid === process.pid || processState(pid) !== "alive";
}
