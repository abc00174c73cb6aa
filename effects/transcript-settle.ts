// Before a `stop()` signals the CLI: wait (bounded) until the CLI's own conversation file has stopped growing, so
// what a later resume reads holds the last turn. Both pinned Claude versions append their transcript on a ~100 ms
// timer after the Stop hook and do not flush it when SIGHUP ends them (measured: a stop right after a turn left
// 2.1.215 with 1–8 of its lines and 2.1.332 once with no file at all, which `--resume` then refuses).

import { open, stat } from "node:fs/promises";

/** A file counts as settled once its size has not changed for this long (longer than the CLIs' write timer). */
export const TRANSCRIPT_QUIET_MS = 300;
/** The most a stop waits for it (a CLI that is mid-turn keeps writing; the stop goes ahead anyway). */
export const TRANSCRIPT_SETTLE_BOUND_MS = 2_000;
/** How long a stop waits for a file that does not exist yet (the CLI's first write follows its timer, ~100 ms). */
export const TRANSCRIPT_APPEAR_BOUND_MS = 500;
const POLL_MS = 25;
/** How much of the file's end is searched for the last turn's words (its last record is near the end). */
const TAIL_SEARCH_BYTES = 256 * 1024;
/** The last words searched for: enough to be specific, short enough to sit inside one record's line. */
const NEEDLE_CHARS = 120;

/** What the last turn's final text looks like inside a JSON line: its last characters, JSON-escaped. */
export function transcriptNeedle(lastMessage: string): string | undefined {
  const chars = [...lastMessage.trim()];
  if (chars.length === 0) return undefined;
  return JSON.stringify(chars.slice(-NEEDLE_CHARS).join("")).slice(1, -1);
}

async function endHolds(file: string, size: number, needle: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, "r");
    const length = Math.min(size, TAIL_SEARCH_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString("utf8").includes(needle);
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}

/**
 * Resolves once `file` exists, holds `lastMessage` (the last Stop hook's final text, when there was one: a quiet
 * file without it means the CLI's write timer has not fired yet — on a loaded machine it can lag the quiet window)
 * and its size held still for `quietMs`; after `boundMs`; or when the file has not appeared within `appearBoundMs`
 * (a CLI that keeps no such file costs a stop no more). Never rejects.
 */
export async function settleTranscript(
  file: string,
  quietMs = TRANSCRIPT_QUIET_MS,
  boundMs = TRANSCRIPT_SETTLE_BOUND_MS,
  appearBoundMs = TRANSCRIPT_APPEAR_BOUND_MS,
  lastMessage?: string,
): Promise<void> {
  const needle = lastMessage === undefined ? undefined : transcriptNeedle(lastMessage);
  const start = Date.now();
  let last = await sizeOf(file);
  let since = start;
  // The file is only appended to: once it holds the words it keeps them, so each size is searched at most once.
  let holds = needle === undefined;
  let searched: number | undefined;
  while (Date.now() - start < boundMs) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const now = await sizeOf(file);
    if (now === undefined && Date.now() - start >= appearBoundMs) return;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (now !== undefined && Date.now() - since >= quietMs) {
      if (!holds && needle !== undefined && searched !== now) {
        searched = now;
        holds = await endHolds(file, now, needle);
      }
      if (holds) return;
    }
  }
}
