// Crash journal for the config file snapshot a CLI's picker may write (adapter's configFile): written into the session
// directory before the picker runs, so a later start can restore the user's file when the process that took the
// snapshot died before restoring it.

import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import { restoreConfig, type ConfigSnapshot, type RestoreOutcome } from "./config-snapshot.js";
import { writeJsonAtomic } from "./state-dir.js";

const JOURNAL_SUFFIX = "-config.journal.json";

/**
 * The journal's file name in a session of `agent`: `<agent>-config.journal.json`, from the agent's id so this file
 * names no CLI. For the agent whose picker writes a config file it is the very name older versions wrote, and the
 * recovery below reads any agent's, so a journal an older crash left is still put back.
 */
export function configJournalFile(agent: AgentKind): string {
  return `${agent}${JOURNAL_SUFFIX}`;
}

/** A journal's name, whichever agent's (ids are lowercase words, adapters/registry.ts). */
const JOURNAL_NAME = /^[a-z][a-z0-9]*-config\.journal\.json$/;

export interface ConfigJournal {
  /** Persists the snapshot (0600, fsynced, atomic) before the picker may touch the file. */
  record(snapshot: ConfigSnapshot): Promise<void>;
  /** The snapshot was restored (or deliberately left): nothing to recover any more. */
  clear(): Promise<void>;
}

export function configJournal(sessionDir: string, agent: AgentKind): ConfigJournal {
  const file = join(sessionDir, configJournalFile(agent));
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

/** The journal of a live session of `agent`, looked up when used; a session without a directory journals nothing. */
export function sessionConfigJournal(elwoodSessionId: string, agent: AgentKind): ConfigJournal {
  const dir = (): string | undefined => sessionDirs.get(elwoodSessionId);
  return {
    record: async (snapshot) => {
      const d = dir();
      if (d !== undefined) await configJournal(d, agent).record(snapshot);
    },
    clear: async () => {
      const d = dir();
      if (d !== undefined) await configJournal(d, agent).clear();
    },
  };
}

/**
 * Restores a dead session's journalled snapshot by the same compare-and-swap as a live restore (only a file that
 * differs from it in the picker's keys alone is put back), then drops the journal. The session's agent need not be
 * known (its record may be unreadable): every journal in the directory is recovered, a session holding at most one.
 * Undefined when there was none; a failure (its journal kept for the next start) wins over any other outcome.
 */
export async function recoverConfigJournal(sessionDir: string): Promise<RestoreOutcome | undefined> {
  let names: string[];
  try {
    names = (await readdir(sessionDir)).filter((name) => JOURNAL_NAME.test(name)).sort();
  } catch {
    return undefined;
  }
  let outcome: RestoreOutcome | undefined;
  for (const name of names) {
    const recovered = await recoverJournalFile(join(sessionDir, name));
    if (recovered !== undefined && outcome?.kind !== "failed") outcome = recovered;
  }
  return outcome;
}

async function recoverJournalFile(file: string): Promise<RestoreOutcome | undefined> {
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
