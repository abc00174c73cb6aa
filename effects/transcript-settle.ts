// Before a `stop()` signals the CLI: wait (bounded) until the CLI's own conversation file has stopped growing, so
// what a later resume reads holds the last turn. Both pinned Claude versions append their transcript on a ~100 ms
// timer after the Stop hook and do not flush it when SIGHUP ends them (measured: a stop right after a turn left
// 2.1.215 with 1–8 of its lines and 2.1.332 once with no file at all, which `--resume` then refuses).

import { stat } from "node:fs/promises";

/** A file counts as settled once its size has not changed for this long (longer than the CLIs' write timer). */
export const TRANSCRIPT_QUIET_MS = 300;
/** The most a stop waits for it (a CLI that is mid-turn keeps writing; the stop goes ahead anyway). */
export const TRANSCRIPT_SETTLE_BOUND_MS = 2_000;
/** How long a stop waits for a file that does not exist yet (the CLI's first write follows its timer, ~100 ms). */
export const TRANSCRIPT_APPEAR_BOUND_MS = 500;
const POLL_MS = 25;

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}

/**
 * Resolves once `file` exists and its size held still for `quietMs`, after `boundMs`, or when the file has not
 * appeared within `appearBoundMs` (a CLI that keeps no such file costs a stop no more); never rejects.
 */
export async function settleTranscript(
  file: string,
  quietMs = TRANSCRIPT_QUIET_MS,
  boundMs = TRANSCRIPT_SETTLE_BOUND_MS,
  appearBoundMs = TRANSCRIPT_APPEAR_BOUND_MS,
): Promise<void> {
  const start = Date.now();
  let last = await sizeOf(file);
  let since = start;
  while (Date.now() - start < boundMs) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const now = await sizeOf(file);
    if (now === undefined && Date.now() - start >= appearBoundMs) return;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (now !== undefined && Date.now() - since >= quietMs) return;
  }
}
