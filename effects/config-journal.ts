// Crash journal for the Codex config.toml snapshot: written into the session directory before the picker runs, so
// a later start can restore the user's file when the process that took the snapshot died before restoring it.

import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { restoreConfig, type ConfigSnapshot, type RestoreOutcome } from "./config-snapshot.js";
import { writeJsonAtomic } from "./state-dir.js";

export const CONFIG_JOURNAL_FILE = "codex-config.journal.json";

export interface ConfigJournal {
  /** Persists the snapshot (0600, fsynced, atomic) before the picker may touch the file. */
  record(snapshot: ConfigSnapshot): Promise<void>;
  /** The snapshot was restored (or deliberately left): nothing to recover any more. */
  clear(): Promise<void>;
}

export function configJournal(sessionDir: string): ConfigJournal {
  const file = join(sessionDir, CONFIG_JOURNAL_FILE);
  return {
    record: (snapshot) => writeJsonAtomic(file, { path: snapshot.path, content: snapshot.content, ...(snapshot.mode === undefined ? {} : { mode: snapshot.mode }) }),
    clear: () => rm(file, { force: true }),
  };
}

/** Session directories of this process's live sessions, by Elwood session id (registered at start). */
const sessionDirs = new Map<string, string>();

export function registerJournalDir(elwoodSessionId: string, sessionDir: string): void {
  sessionDirs.set(elwoodSessionId, sessionDir);
}

export function unregisterJournalDir(elwoodSessionId: string): void {
  sessionDirs.delete(elwoodSessionId);
}

/** The journal of a live session, looked up when used; a session without a directory journals nothing. */
export function sessionConfigJournal(elwoodSessionId: string): ConfigJournal {
  const dir = (): string | undefined => sessionDirs.get(elwoodSessionId);
  return {
    record: async (snapshot) => {
      const d = dir();
      if (d !== undefined) await configJournal(d).record(snapshot);
    },
    clear: async () => {
      const d = dir();
      if (d !== undefined) await configJournal(d).clear();
    },
  };
}

/**
 * Restores a dead session's journalled snapshot by the same compare-and-swap as a live restore (only a file that
 * differs from it in the picker's keys alone is put back), then drops the journal. Undefined when there was none.
 */
export async function recoverConfigJournal(sessionDir: string): Promise<RestoreOutcome | undefined> {
  const file = join(sessionDir, CONFIG_JOURNAL_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
  const j = raw as Partial<ConfigSnapshot>;
  if (typeof j.path !== "string" || (j.content !== null && typeof j.content !== "string")) return undefined;
  const snapshot: ConfigSnapshot = typeof j.mode === "number" ? { path: j.path, content: j.content, mode: j.mode } : { path: j.path, content: j.content };
  const outcome = await restoreConfig(snapshot);
  if (outcome.kind !== "failed") await rm(file, { force: true });
  return outcome;
}
