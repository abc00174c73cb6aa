// The persisted session record's file: exactly what resume needs, written rename-atomically, read with every
// private-state check (no link, this user's, no group/world bits, well-formed) before anything is launched.

import { constants } from "node:fs";
import { open, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import { recordProblem, type AgentSessionRecord, type RecordPostures, type SessionRecord } from "./session-record-shape.js";
import {
  checkedSessionDirPath,
  resolveStateRoot,
  SESSIONS_DIR_NAME,
  writeJsonAtomic,
  type SessionLocation,
  type StoreLocation,
} from "./state-dir.js";

export {
  RECORD_SCHEMA_VERSION,
  recordFor,
  type AgentResumeState,
  type AgentSessionRecord,
  type RecordPostures,
  type RecordSeed,
  type ResumeBase,
  type SessionRecord,
} from "./session-record-shape.js";

export const RECORD_FILE = "session.json";
/** The loop sidecar lives next to the record (its own versioned file, so v1 records stay readable without it). */
export const LOOP_SIDECAR_FILE = "loops.json";

export function recordPath(sessionDir: string): string {
  return join(sessionDir, RECORD_FILE);
}

/** Where the loop sidecar of a session directory lives (0600, written with `writeJsonAtomic` like the record). */
export function loopSidecarPath(sessionDir: string): string {
  return join(sessionDir, LOOP_SIDECAR_FILE);
}

/** Writes the record into an existing private session directory (0600, temp file + fsync + rename + dir fsync). */
export async function writeSessionRecord(sessionDir: string, record: SessionRecord): Promise<void> {
  await writeJsonAtomic(recordPath(sessionDir), record);
}

/**
 * Reads and validates a session's record. No record (or no session directory) → `state_not_found`; a link, another
 * user's file, group/world bits, truncated or non-JSON content, an unknown schema version or any field out of
 * shape → `state_corrupt`. `postures` names each agent's posture fields: a record of another agent, or with other
 * fields, is `state_corrupt` too. Nothing is written or changed.
 */
export async function readSessionRecord(location: SessionLocation, postures: RecordPostures): Promise<SessionRecord> {
  const dir = await checkedSessionDirPath(location);
  const text = await readPrivateFile(recordPath(dir), location.elwoodSessionId);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt(recordPath(dir), "is not JSON");
  }
  const problem = recordProblem(value, location.elwoodSessionId, postures);
  if (problem !== undefined) throw corrupt(recordPath(dir), problem);
  return value as SessionRecord;
}

/**
 * The record a resume of `adapter` may use: another agent's record → `adapter_mismatch`; no conversation id (the CLI
 * never reported one) → `resume_unavailable`. Both before any process starts.
 */
export async function readResumableRecord<K extends AgentKind>(
  location: SessionLocation,
  adapter: K,
  postures: RecordPostures,
): Promise<AgentSessionRecord<K>> {
  const record = await readSessionRecord(location, postures);
  if (record.adapter !== adapter) {
    throw new ElwoodError("adapter_mismatch", `session ${location.elwoodSessionId} belongs to ${record.adapter}, not ${adapter}`, {
      expected: adapter,
      recorded: record.adapter,
    });
  }
  if (record.resume.conversationId === null) {
    throw new ElwoodError("resume_unavailable", `${adapter} never reported its session id for ${location.elwoodSessionId}`, { adapter });
  }
  // The adapter check above is what narrows the union to K's member; TypeScript cannot follow it for a generic K.
  return record as unknown as AgentSessionRecord<K>;
}

/** Every readable record in the store (no agent launched); a session that is missing or unsafe is left out. */
export async function listSessionRecords(store: StoreLocation, postures: RecordPostures): Promise<readonly SessionRecord[]> {
  let ids: string[];
  try {
    ids = await readdir(join(resolveStateRoot(store), SESSIONS_DIR_NAME));
  } catch {
    return [];
  }
  const records: SessionRecord[] = [];
  for (const id of ids.sort()) {
    try {
      records.push(await readSessionRecord({ ...store, elwoodSessionId: id }, postures));
    } catch (error) {
      if (!isElwoodError(error)) throw error;
    }
  }
  return records;
}

/** A regular file of this user without group/world bits, read through a no-follow descriptor. */
export async function readPrivateFile(path: string, elwoodSessionId: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ElwoodError("state_not_found", `no session record for ${elwoodSessionId}`, { elwoodSessionId, path });
    if (code === "ELOOP") throw corrupt(path, "is a symbolic link");
    throw new ElwoodError("state_corrupt", `cannot open ${path}: ${(error as Error).message}`, { path, ...(code ? { errno: code } : {}) });
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw corrupt(path, "is not a regular file");
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) throw corrupt(path, "is owned by another user");
    if ((info.mode & 0o077) !== 0) throw corrupt(path, "is readable or writable by group or others");
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

function corrupt(path: string, why: string): ElwoodError {
  return new ElwoodError("state_corrupt", `session record ${path} ${why}`, { path });
}
