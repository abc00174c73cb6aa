// The on-disk half of the probe cache: one small JSON file per CLI in `<stateDir>/probe-cache/`, shared by every
// process using that state dir. Best effort throughout: an unreadable, corrupt or unwritable file is a cache miss.

import { rmSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { storedCacheEntries } from "../adapters/stored-probe-answer.js";
import { writeJsonAtomic } from "./state-dir.js";

export const PROBE_CACHE_DIR_NAME = "probe-cache";

/** Entries kept per file (newest first): enough for a few installations side by side, never a growing file. */
export const MAX_PROBE_CACHE_ENTRIES = 16;

/** A larger file is not ours (or not sane): ignored, and replaced on the next write. */
const MAX_FILE_BYTES = 256 * 1024;

/** The file: `{ format: 1, entries: [{ key, answer }] }`, newest first. */
interface CacheFile {
  readonly format: 1;
  readonly entries: readonly { readonly key: string; readonly answer: unknown }[];
}

/** `<stateDir>/probe-cache/<agent>.json`. */
export function probeCacheFile(stateDir: string, agent: string): string {
  return join(stateDir, PROBE_CACHE_DIR_NAME, `${agent}.json`);
}

async function readCacheFile(file: string): Promise<CacheFile | undefined> {
  try {
    const text = await readFile(file, "utf8");
    if (text.length > MAX_FILE_BYTES) return undefined;
    const parsed: unknown = JSON.parse(text);
    const entries = storedCacheEntries(parsed, MAX_PROBE_CACHE_ENTRIES);
    return entries === undefined ? undefined : { format: 1, entries };
  } catch {
    return undefined;
  }
}

/** The stored answer for `key` (still to be validated by the caller), or undefined. */
export async function readCachedAnswer(file: string, key: string): Promise<unknown> {
  return (await readCacheFile(file))?.entries.find((entry) => entry.key === key)?.answer;
}

/** Stores `answer` under `key` as the newest entry. Never rejects; a concurrent writer may win (it is a cache). */
export async function writeCachedAnswer(file: string, key: string, answer: unknown): Promise<void> {
  try {
    const kept = ((await readCacheFile(file))?.entries ?? []).filter((entry) => entry.key !== key);
    const next: CacheFile = { format: 1, entries: [{ key, answer }, ...kept].slice(0, MAX_PROBE_CACHE_ENTRIES) };
    await mkdir(join(file, ".."), { recursive: true, mode: 0o700 });
    await writeJsonAtomic(file, next);
  } catch {
    // Unwritable state dir, a planted non-file: the next start probes again.
  }
}

/** Removes the file (after an update attempt), synchronously so the re-read that follows cannot find it; never throws. */
export function removeCacheFile(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Not removable (a directory planted there): its entries still name the old file's size and mtime.
  }
}
