// What resuming either CLI shares: find and check the record before any launch, merge the recorded posture under
// the caller's fields, and the startOrResume fallback rule.

import { resolve } from "node:path";
import { readResumableRecord, type AgentSessionRecord } from "../effects/session-record.js";
import { resolveStateRoot } from "../effects/state-dir.js";
import { ElwoodError, isElwoodError } from "./contracts/errors.js";
import type { AgentKind } from "./contracts/agent-kinds.js";
import type { ResumeChoice, ResumeTarget, StartOrResumeResult } from "./contracts/start-or-resume.js";
import { recordPostures } from "./record-postures.js";

export type { ResumeChoice, StartOrResumeResult } from "./contracts/start-or-resume.js";

/** The errors after which `startOrResume*` starts fresh instead; every other error is rethrown. */
export const FRESH_START_FALLBACKS = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

/** A checked record and the start options it implies: the caller's, in the recorded cwd, recorded posture beneath. */
export interface ResumeInputs<K extends AgentKind> {
  readonly record: AgentSessionRecord<K>;
  readonly options: Record<string, unknown>;
}

/**
 * Reads `adapter`'s record before anything is probed or launched (state_not_found, adapter_mismatch,
 * resume_unavailable, state_corrupt), and fills each posture field the caller left out from it. `keepOwn(field)`
 * says a field the caller's options choose another way (highTrust's permission mode).
 */
export async function resumeInputs<K extends AgentKind>(
  options: unknown,
  adapter: K,
  postureFields: readonly string[],
  keepOwn: (field: string, options: Record<string, unknown>) => boolean = () => false,
): Promise<ResumeInputs<K> & { readonly elwoodSessionId: string }> {
  if (typeof options !== "object" || options === null) {
    throw new ElwoodError("invalid_argument", "resume needs an options object", { option: "options" });
  }
  const { elwoodSessionId, persona: _persona, ...rest } = options as Record<string, unknown>;
  if (typeof elwoodSessionId !== "string") {
    throw new ElwoodError("invalid_argument", "elwoodSessionId must be a string", { option: "elwoodSessionId" });
  }
  const storeCwd = resolve(typeof rest["cwd"] === "string" ? rest["cwd"] : process.cwd());
  const stateDir = typeof rest["stateDir"] === "string" ? rest["stateDir"] : undefined;
  const record = await readResumableRecord({ cwd: storeCwd, stateDir, elwoodSessionId }, adapter, recordPostures());
  const merged: Record<string, unknown> = { ...rest, cwd: record.cwd };
  // The store found from `storeCwd` stays the store, even when the recorded cwd would name another default one.
  const store = stateDir ?? (storeCwd === record.cwd ? undefined : resolveStateRoot({ cwd: storeCwd }));
  if (store === undefined) delete merged["stateDir"];
  else merged["stateDir"] = store;
  const recorded = record.resume as unknown as Record<string, unknown>;
  for (const field of postureFields) {
    if (merged[field] !== undefined || keepOwn(field, merged)) continue;
    if (recorded[field] !== null) merged[field] = recorded[field];
  }
  return { elwoodSessionId, record, options: merged };
}

/** What the relaunch needs from checked inputs: the session, its CLI conversation and the file its record names. */
export function resumeTarget(inputs: ResumeInputs<AgentKind> & { readonly elwoodSessionId: string }): ResumeTarget {
  const { conversationId, transcriptPath } = inputs.record.resume;
  // readResumableRecord refused a record without a conversation id.
  const target = { elwoodSessionId: inputs.elwoodSessionId, conversationId: conversationId as string };
  return transcriptPath === undefined ? target : { ...target, transcriptPath };
}

/** Resume when an id is given; start fresh without one or after one of FRESH_START_FALLBACKS. */
export async function startOrResume<O extends { readonly elwoodSessionId?: string }, S>(
  options: O,
  resume: (options: Omit<O, "elwoodSessionId"> & { readonly elwoodSessionId: string }) => Promise<S>,
  start: (options: Omit<O, "elwoodSessionId">) => Promise<S>,
): Promise<StartOrResumeResult<S>> {
  const { elwoodSessionId, ...fresh } = (options ?? {}) as O;
  if (elwoodSessionId !== undefined) {
    try {
      return { session: await resume({ ...fresh, elwoodSessionId }), resumed: true };
    } catch (error) {
      if (!FRESH_START_FALLBACKS.some((code) => isElwoodError(error, code))) throw error;
    }
  }
  return { session: await start(fresh), resumed: false };
}


/** A conversation object's start: fresh without `resume`; with it the exact resume, or `startOrResume`'s fallback. */
export async function startOrResumeConversation<L extends object, S>(
  options: L & ResumeChoice,
  start: (options: L) => Promise<S>,
  resume: (options: L & { readonly elwoodSessionId: string }) => Promise<S>,
): Promise<StartOrResumeResult<S>> {
  const { resume: elwoodSessionId, freshStartFallback, ...rest } = options;
  const launch = rest as unknown as L;
  if (elwoodSessionId !== undefined && freshStartFallback !== true) return { session: await resume({ ...launch, elwoodSessionId }), resumed: true };
  // Otherwise exactly the startOrResume* rule: fresh without an id, and fresh after one of FRESH_START_FALLBACKS.
  type WithId = L & { readonly elwoodSessionId?: string };
  const withId = (elwoodSessionId === undefined ? launch : { ...launch, elwoodSessionId }) as WithId;
  return startOrResume<WithId, S>(withId, resume as (o: Omit<WithId, "elwoodSessionId"> & { readonly elwoodSessionId: string }) => Promise<S>, start as (o: Omit<WithId, "elwoodSessionId">) => Promise<S>);
}
