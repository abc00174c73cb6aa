// Start-time cleanup after a crash: session directories and hook socket directories whose owning process is gone.

import { lstat, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { recoverConfigJournal } from "./config-journal.js";
import { isElwoodError } from "../src/contracts/errors.js";
import { readSessionRecord, type RecordPostures } from "./session-record.js";
import { ownerAlive, readOwner } from "./session-owner.js";
import { removeSessionDir, resolveStateRoot, SESSIONS_DIR_NAME, type SessionLocation, type StoreLocation } from "./state-dir.js";

export interface SweepReport {
  /** Session ids whose directories were removed. */
  readonly sessions: readonly string[];
  /** Hook socket directories removed. */
  readonly hookDirs: readonly string[];
  /** Codex config.toml files put back from a dead session's journal. */
  readonly configsRestored: readonly string[];
}

/**
 * Removes every session directory in the store whose recorded owner is dead and that cannot be resumed (no record,
 * or no conversation id in it), restoring a journalled Codex config.toml first (also for a kept, resumable one). A directory with no owner
 * record is left alone: it may belong to a session another process is starting right now. Best effort: an entry that cannot be inspected or removed is skipped, never thrown.
 * `postures` are the agents' record fields (the record is read with every check, so a malformed one is kept).
 */
export async function sweepStaleSessions(location: StoreLocation, postures: RecordPostures): Promise<Pick<SweepReport, "sessions" | "configsRestored">> {
  const sessionsDir = join(resolveStateRoot(location), SESSIONS_DIR_NAME);
  const sessions: string[] = [];
  const configsRestored: string[] = [];
  for (const id of await listOrEmpty(sessionsDir)) {
    const dir = join(sessionsDir, id);
    if (!(await isOwnDirectory(dir))) continue;
    const owner = await readOwner(dir);
    if (owner === undefined || (await ownerAlive(owner))) continue;
    const restored = await recoverConfigJournal(dir).catch(() => undefined);
    if (restored?.kind === "failed") continue; // keep the journal for the next start
    if (restored?.kind === "restored") configsRestored.push(id);
    // A session the CLI already gave its conversation id stays resumable after its embedder died: keep everything.
    // An unreadable record is kept too: unsafe state is left for a human, never rewritten or removed.
    if (await keptForResume({ ...location, elwoodSessionId: id }, postures)) continue;
    try {
      await removeSessionDir({ ...location, elwoodSessionId: id });
      sessions.push(id);
    } catch {
      // Unsafe (a planted link) or busy: left for a human.
    }
  }
  return { sessions, configsRestored };
}

/** Removes `<base>/<prefix>*` directories of this user whose recorded owner is dead. */
export async function sweepStaleHookDirs(base: string, prefix: string): Promise<readonly string[]> {
  const removed: string[] = [];
  for (const name of await listOrEmpty(base)) {
    if (!name.startsWith(prefix)) continue;
    const dir = join(base, name);
    if (!(await isOwnDirectory(dir))) continue;
    const owner = await readOwner(dir);
    if (owner === undefined || (await ownerAlive(owner))) continue;
    await rm(dir, { recursive: true, force: true }).then(
      () => void removed.push(dir),
      () => undefined,
    );
  }
  return removed;
}

async function listOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** A real directory (not a link) owned by this user. */
async function isOwnDirectory(path: string): Promise<boolean> {
  try {
    const info = await lstat(path);
    const uid = process.getuid?.();
    return info.isDirectory() && (uid === undefined || info.uid === uid);
  } catch {
    return false;
  }
}

async function keptForResume(location: SessionLocation, postures: RecordPostures): Promise<boolean> {
  try {
    return (await readSessionRecord(location, postures)).resume.conversationId !== null;
  } catch (error) {
    return !isElwoodError(error, "state_not_found");
  }
}
