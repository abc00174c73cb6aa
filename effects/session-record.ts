// The persisted session record (schema version 1): exactly what resume needs, written rename-atomically, read with
// every private-state check (no link, this user's, no group/world bits, well-formed) before anything is launched.

import { constants } from "node:fs";
import { open, readdir } from "node:fs/promises";
import { join } from "node:path";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import {
  checkedSessionDirPath,
  resolveStateRoot,
  SESSIONS_DIR_NAME,
  writeJsonAtomic,
  type SessionLocation,
  type StoreLocation,
} from "./state-dir.js";

export const RECORD_FILE = "session.json";
/** The loop sidecar lives next to the record (its own versioned file, so v1 records stay readable without it). */
export const LOOP_SIDECAR_FILE = "loops.json";
export const RECORD_SCHEMA_VERSION = 1;

export type RecordedAdapter = "claude" | "codex";

/** Claude's resume state: its own conversation id (from hook payloads) and the resolved launch posture. */
export interface ClaudeResumeState {
  /** Null until the CLI reported its session id; a record without it cannot be resumed. */
  readonly conversationId: string | null;
  /**
   * The CLI's own conversation file as its hooks last named it (absolute). A resume reads it from its length at
   * relaunch, so what it held before is never replayed as activity. Records written before this field lack it.
   */
  readonly transcriptPath?: string;
  readonly permissionMode: string | null;
  readonly allowedTools: readonly string[] | null;
  readonly disallowedTools: readonly string[] | null;
  readonly tools: readonly string[] | null;
}

/** Codex's resume state: its own thread id (from hook payloads) and the resolved launch posture. */
export interface CodexResumeState {
  readonly conversationId: string | null;
  /**
   * The CLI's own conversation file as its hooks last named it (absolute). A resume reads it from its length at
   * relaunch, so what it held before is never replayed as activity. Records written before this field lack it.
   */
  readonly transcriptPath?: string;
  readonly sandbox: string | null;
  readonly approvalPolicy: string | null;
}

interface RecordBase {
  readonly schemaVersion: typeof RECORD_SCHEMA_VERSION;
  readonly elwoodSessionId: string;
  /** The original working directory (absolute). */
  readonly cwd: string;
}

/**
 * Exactly the persisted fields: never status, timestamps, warnings, terminal size, tokens, socket or runtime file
 * paths (those are derived from the store, the id and the adapter on demand).
 */
export type SessionRecord =
  | (RecordBase & { readonly adapter: "claude"; readonly resume: ClaudeResumeState })
  | (RecordBase & { readonly adapter: "codex"; readonly resume: CodexResumeState });

const CLAUDE_RESUME_KEYS = ["conversationId", "permissionMode", "allowedTools", "disallowedTools", "tools"] as const;
const CODEX_RESUME_KEYS = ["conversationId", "sandbox", "approvalPolicy"] as const;
const RECORD_KEYS = ["schemaVersion", "elwoodSessionId", "adapter", "cwd", "resume"] as const;
/** Resume keys a record may lack (added after schema version 1 was first written). */
const OPTIONAL_RESUME_KEYS = ["transcriptPath"] as const;

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
 * shape → `state_corrupt`. Nothing is written or changed.
 */
export async function readSessionRecord(location: SessionLocation): Promise<SessionRecord> {
  const dir = await checkedSessionDirPath(location);
  const text = await readPrivateFile(recordPath(dir), location.elwoodSessionId);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw corrupt(recordPath(dir), "is not JSON");
  }
  const problem = recordProblem(value, location.elwoodSessionId);
  if (problem !== undefined) throw corrupt(recordPath(dir), problem);
  return value as SessionRecord;
}

/**
 * The record a resume of `adapter` may use: the other CLI's record → `adapter_mismatch`; no conversation id (the CLI
 * never reported one) → `resume_unavailable`. Both before any process starts.
 */
export async function readResumableRecord<A extends RecordedAdapter>(
  location: SessionLocation,
  adapter: A,
): Promise<Extract<SessionRecord, { adapter: A }>> {
  const record = await readSessionRecord(location);
  if (record.adapter !== adapter) {
    throw new ElwoodError("adapter_mismatch", `session ${location.elwoodSessionId} belongs to ${record.adapter}, not ${adapter}`, {
      expected: adapter,
      recorded: record.adapter,
    });
  }
  if (record.resume.conversationId === null) {
    throw new ElwoodError("resume_unavailable", `${adapter} never reported its session id for ${location.elwoodSessionId}`, { adapter });
  }
  return record as Extract<SessionRecord, { adapter: A }>;
}

/** Every readable record in the store (no agent launched); a session that is missing or unsafe is left out. */
export async function listSessionRecords(store: StoreLocation): Promise<readonly SessionRecord[]> {
  let ids: string[];
  try {
    ids = await readdir(join(resolveStateRoot(store), SESSIONS_DIR_NAME));
  } catch {
    return [];
  }
  const records: SessionRecord[] = [];
  for (const id of ids.sort()) {
    try {
      records.push(await readSessionRecord({ ...store, elwoodSessionId: id }));
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

function recordProblem(value: unknown, elwoodSessionId: string): string | undefined {
  if (!isPlainObject(value)) return "is not a JSON object";
  if (value["schemaVersion"] !== RECORD_SCHEMA_VERSION) return "has an unknown schema version";
  if (!hasExactly(value, RECORD_KEYS)) return "does not hold exactly the record's fields";
  if (value["elwoodSessionId"] !== elwoodSessionId) return "names another session";
  if (typeof value["cwd"] !== "string" || !value["cwd"].startsWith("/")) return "has no absolute cwd";
  const resume = value["resume"];
  if (!isPlainObject(resume)) return "has no resume state";
  if (!isNullOr(resume["conversationId"], isNonEmptyString)) return "has a malformed conversation id";
  const transcriptPath = resume["transcriptPath"];
  if (transcriptPath !== undefined && !(typeof transcriptPath === "string" && transcriptPath.startsWith("/"))) return "has a malformed transcriptPath";
  if (value["adapter"] === "claude") {
    if (!hasExactly(resume, CLAUDE_RESUME_KEYS, OPTIONAL_RESUME_KEYS)) return "does not hold exactly Claude's resume fields";
    if (!isNullOr(resume["permissionMode"], isNonEmptyString)) return "has a malformed permissionMode";
    for (const key of ["allowedTools", "disallowedTools", "tools"] as const) {
      if (!isNullOr(resume[key], isStringArray)) return `has a malformed ${key}`;
    }
    return undefined;
  }
  if (value["adapter"] === "codex") {
    if (!hasExactly(resume, CODEX_RESUME_KEYS, OPTIONAL_RESUME_KEYS)) return "does not hold exactly Codex's resume fields";
    if (!isNullOr(resume["sandbox"], isNonEmptyString)) return "has a malformed sandbox";
    if (!isNullOr(resume["approvalPolicy"], isNonEmptyString)) return "has a malformed approvalPolicy";
    return undefined;
  }
  return "names no known adapter";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every key of `keys`, and no other than those and `optional`. */
function hasExactly(value: Record<string, unknown>, keys: readonly string[], optional: readonly string[] = []): boolean {
  return keys.every((k) => Object.hasOwn(value, k)) && Object.keys(value).every((k) => keys.includes(k) || optional.includes(k));
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value !== "";
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}

function isNullOr(value: unknown, check: (v: unknown) => boolean): boolean {
  return value === null || check(value);
}

function corrupt(path: string, why: string): ElwoodError {
  return new ElwoodError("state_corrupt", `session record ${path} ${why}`, { path });
}

/** What a start knows of the record before the CLI has named its conversation: the adapter and its resolved posture. */
export type RecordSeed =
  | { readonly adapter: "claude"; readonly posture: Omit<ClaudeResumeState, "conversationId"> }
  | { readonly adapter: "codex"; readonly posture: Omit<CodexResumeState, "conversationId"> };

/** The record of `seed` for one session, naming `conversationId` (null: not reported yet) and its transcript when known. */
export function recordFor(elwoodSessionId: string, cwd: string, seed: RecordSeed, conversationId: string | null, transcriptPath?: string): SessionRecord {
  const base = { schemaVersion: RECORD_SCHEMA_VERSION, elwoodSessionId, cwd } as const;
  const mark = transcriptPath === undefined ? {} : { transcriptPath };
  return seed.adapter === "claude"
    ? { ...base, adapter: "claude", resume: { conversationId, ...seed.posture, ...mark } }
    : { ...base, adapter: "codex", resume: { conversationId, ...seed.posture, ...mark } };
}
