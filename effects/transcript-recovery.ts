// The turn recovery scan: where tailing a transcript first seen mid-conversation starts (backward from EOF to the last user prompt, bounded).

import type { FileHandle } from "node:fs/promises";

/** The scan reads backward in blocks of this size. */
export const RECOVERY_BLOCK_BYTES = 64 * 1024;
/** It never reaches further back from EOF than this (the same as a watcher's whole final-drain budget). */
export const RECOVERY_REACH_BYTES = 4 * 1024 * 1024;
/** A line longer than this cannot be a prompt the scan holds in memory: it is skipped (as the tail drops it). */
export const RECOVERY_MAX_LINE_BYTES = 1024 * 1024;

export interface RecoveredStart {
  /** Where forward tailing starts: the last prompt record's first byte, or a line boundary. */
  readonly offset: number;
  /** No prompt record lay within the reach: the records before `offset` are an unread backlog. */
  readonly truncated: boolean;
}

async function readExact(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done);
}

function holdsPrompt(line: Buffer, isPrompt: (record: unknown) => boolean): boolean {
  try {
    return isPrompt(JSON.parse(line.toString("utf8")) as unknown);
  } catch {
    return false;
  }
}

/**
 * Scans the file backward from its end for the last committed record the reader calls a prompt. Lines are cut at
 * 0x0A bytes only (never inside a UTF-8 sequence), and a line spanning blocks is carried as bytes, so a code point
 * split across blocks is rejoined exactly. An unterminated last line is still being written: it is not a record yet.
 * The whole file within the reach without a prompt starts at 0; a longer file starts at the first line inside the
 * reach, truncated.
 */
export async function findTurnStart(
  handle: FileHandle,
  isPrompt: (record: unknown) => boolean,
  reach: number = RECOVERY_REACH_BYTES,
  block: number = RECOVERY_BLOCK_BYTES,
): Promise<RecoveredStart> {
  const { size } = await handle.stat();
  const floor = Math.max(0, size - reach);
  let pos = size;
  // Bytes [pos, pos + carry.length): the partial first line of what was read, ending at a line boundary.
  let carry: Buffer = Buffer.alloc(0);
  // True while the bytes being read belong to a line the scan cannot use (the unterminated end, or an over-long line).
  let skipping = true;
  while (pos > floor) {
    const start = Math.max(floor, pos - block);
    const bytes = await readExact(handle, start, pos - start);
    pos = start;
    let data: Buffer;
    if (skipping) {
      const nl = bytes.lastIndexOf(0x0a);
      if (nl === -1) continue;
      skipping = false;
      data = bytes.subarray(0, nl + 1);
    } else {
      data = Buffer.concat([bytes, carry]);
    }
    // `data` ends right after a newline: walk its complete lines from the end.
    let lineEnd = data.length;
    while (lineEnd >= 2) {
      const nl = data.lastIndexOf(0x0a, lineEnd - 2);
      if (nl === -1) break;
      if (holdsPrompt(data.subarray(nl + 1, lineEnd), isPrompt)) return { offset: start + nl + 1, truncated: false };
      lineEnd = nl + 1;
    }
    carry = data.subarray(0, lineEnd);
    if (carry.length > RECOVERY_MAX_LINE_BYTES) {
      carry = Buffer.alloc(0);
      skipping = true;
    }
  }
  // The whole file was within reach (a prompt on its first line starts at 0 too).
  if (floor === 0) return { offset: 0, truncated: false };
  // The carried bytes start mid-line: the first whole line inside the reach follows them.
  return { offset: skipping ? size : floor + carry.length, truncated: true };
}
