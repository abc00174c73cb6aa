// The session record's agent-neutral shape (schema version 1): common fields plus the recorded agent's posture fields, handed in by the caller.

import type { AgentKind, AgentResumePostureOf } from "../src/contracts/agent-kinds.js";

export const RECORD_SCHEMA_VERSION = 1;

/** What every agent's resume state holds: the CLI's own conversation and the file it writes it to. */
export interface ResumeBase {
  /** Null until the CLI reported its conversation id (from hook payloads); a record without it cannot be resumed. */
  readonly conversationId: string | null;
  /**
   * The CLI's own conversation file as its hooks last named it (absolute). A resume reads it from its length at
   * relaunch, so what it held before is never replayed as activity. Records written before this field lack it.
   */
  readonly transcriptPath?: string;
}

/** `K`'s resume state: its conversation and the resolved launch posture its definition's `resumePosture.fields` name. */
export type AgentResumeState<K extends AgentKind = AgentKind> = ResumeBase & AgentResumePostureOf<K>;

interface RecordBase {
  readonly schemaVersion: typeof RECORD_SCHEMA_VERSION;
  readonly elwoodSessionId: string;
  /** The original working directory (absolute). */
  readonly cwd: string;
}

/** The record of one session of the agent `K`. */
export type AgentSessionRecord<K extends AgentKind> = RecordBase & { readonly adapter: K; readonly resume: AgentResumeState<K> };

/**
 * Exactly the persisted fields: never status, timestamps, warnings, terminal size, tokens, socket or runtime file
 * paths (those are derived from the store, the id and the adapter on demand). One member per registered agent.
 */
export type SessionRecord = { readonly [K in AgentKind]: AgentSessionRecord<K> }[AgentKind];

/** What a start knows of the record before the CLI has named its conversation: the adapter and its resolved posture. */
export type RecordSeed = { readonly [K in AgentKind]: { readonly adapter: K; readonly posture: AgentResumePostureOf<K> } }[AgentKind];

/** The posture fields each agent's record holds, by agent id (its definition's `resumePosture.fields`). */
export type RecordPostures = ReadonlyMap<string, readonly string[]>;

const RECORD_KEYS = ["schemaVersion", "elwoodSessionId", "adapter", "cwd", "resume"] as const;
/** Resume keys a record may lack (added after schema version 1 was first written). */
const OPTIONAL_RESUME_KEYS = ["transcriptPath"] as const;

/** The record of `seed` for one session, naming `conversationId` (null: not reported yet) and its transcript when known. */
export function recordFor(elwoodSessionId: string, cwd: string, seed: RecordSeed, conversationId: string | null, transcriptPath?: string): SessionRecord {
  const mark = transcriptPath === undefined ? {} : { transcriptPath };
  // This key order is the file's byte layout since schema version 1. The cast pairs the seed's adapter with its own
  // posture, which TypeScript cannot follow through the spread of a union.
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    elwoodSessionId,
    cwd,
    adapter: seed.adapter,
    resume: { conversationId, ...seed.posture, ...mark },
  } as SessionRecord;
}

/** Why `value` is no well-formed record of session `elwoodSessionId`, or undefined when it is one. */
export function recordProblem(value: unknown, elwoodSessionId: string, postures: RecordPostures): string | undefined {
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
  const adapter = value["adapter"];
  const fields = typeof adapter === "string" ? postures.get(adapter) : undefined;
  if (fields === undefined) return "names no known adapter";
  if (!hasExactly(resume, ["conversationId", ...fields], OPTIONAL_RESUME_KEYS)) return `does not hold exactly ${adapter}'s resume fields`;
  for (const field of fields) {
    if (!isNullOr(resume[field], isPostureValue)) return `has a malformed ${field}`;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every key of `keys`, and no other than those and `optional`. */
function hasExactly(value: Record<string, unknown>, keys: readonly string[], optional: readonly string[] = []): boolean {
  return keys.every((k) => Object.hasOwn(value, k)) && Object.keys(value).every((k) => keys.includes(k) || optional.includes(k));
}

/** A posture value is a non-empty word or a list of strings; which of the two a field takes, its agent's options check on resume. */
function isPostureValue(value: unknown): boolean {
  return isNonEmptyString(value) || (Array.isArray(value) && value.every((v) => typeof v === "string"));
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value !== "";
}

function isNullOr(value: unknown, check: (v: unknown) => boolean): boolean {
  return value === null || check(value);
}
