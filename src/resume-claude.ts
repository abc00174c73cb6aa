// resumeClaude / startOrResumeClaude / listSessions: relaunch a recorded Claude session on its own conversation
// (Claude's `--resume`), with the recorded posture unless the caller overrides a field; fall back to a fresh start
// only where resuming cannot apply.

import { resolve } from "node:path";
import { validateClaudeOptions, type StartClaudeOptions } from "../adapters/claude/options.js";
import { listSessionRecords, readResumableRecord, type SessionRecord } from "../effects/session-record.js";
import { resolveStateRoot } from "../effects/state-dir.js";
import { ElwoodError, isElwoodError } from "./contracts/errors.js";
import type { ClaudeAgentSession } from "./session-api.js";
import { claudeStartPlan, startClaude } from "./start-claude.js";
import { startAgent } from "./start-agent.js";

/** A resume: the session's id, where its store is (`cwd` or `stateDir`; default `process.cwd()`), and no persona. */
export type ResumeClaudeOptions = Omit<StartClaudeOptions, "cwd" | "persona"> & {
  readonly elwoodSessionId: string;
  /** The directory the session started in (locates the default store); the session runs in its recorded cwd. */
  readonly cwd?: string;
};

export type StartOrResumeClaudeOptions = StartClaudeOptions & { readonly elwoodSessionId?: string };

export interface StartOrResumeResult<S> {
  readonly session: S;
  /** True when the recorded session was resumed; false after a fresh start (its `elwoodSessionId` is new). */
  readonly resumed: boolean;
}

/** The errors after which `startOrResume*` starts fresh instead; every other error is rethrown. */
export const FRESH_START_FALLBACKS = ["state_not_found", "resume_unavailable", "adapter_mismatch"] as const;

const POSTURE_FIELDS = ["permissionMode", "allowedTools", "disallowedTools", "tools"] as const;

export async function resumeClaude(options: ResumeClaudeOptions): Promise<ClaudeAgentSession> {
  if (typeof options !== "object" || options === null) {
    throw new ElwoodError("invalid_argument", "resumeClaude needs an options object", { option: "options" });
  }
  const { elwoodSessionId, persona: _persona, ...rest } = options as ResumeClaudeOptions & { persona?: unknown };
  if (typeof elwoodSessionId !== "string") {
    throw new ElwoodError("invalid_argument", "elwoodSessionId must be a string", { option: "elwoodSessionId" });
  }
  const storeCwd = resolve(typeof options.cwd === "string" ? options.cwd : process.cwd());
  const stateDir = typeof options.stateDir === "string" ? options.stateDir : undefined;
  // Read and checked before anything is probed or launched: other adapter, no conversation id, corrupt state.
  const record = await readResumableRecord({ cwd: storeCwd, stateDir, elwoodSessionId }, "claude");
  const merged: Record<string, unknown> = { ...rest, cwd: record.cwd };
  // The store found from `storeCwd` stays the store, even when the recorded cwd would name another default one.
  merged["stateDir"] = stateDir ?? (storeCwd === record.cwd ? undefined : resolveStateRoot({ cwd: storeCwd }));
  if (merged["stateDir"] === undefined) delete merged["stateDir"];
  for (const field of POSTURE_FIELDS) {
    // A field the caller gives wins; highTrust chooses its own permission mode (and conflicts with an explicit one).
    if (merged[field] !== undefined || (field === "permissionMode" && options.highTrust === true)) continue;
    const recorded = record.resume[field];
    if (recorded !== null) merged[field] = recorded;
  }
  const resolved = await validateClaudeOptions(merged);
  return startAgent(claudeStartPlan(resolved, { elwoodSessionId, conversationId: record.resume.conversationId as string }));
}

export async function startOrResumeClaude(options: StartOrResumeClaudeOptions): Promise<StartOrResumeResult<ClaudeAgentSession>> {
  const { elwoodSessionId, ...fresh } = (options ?? {}) as StartOrResumeClaudeOptions;
  if (elwoodSessionId !== undefined) {
    try {
      return { session: await resumeClaude({ ...fresh, elwoodSessionId }), resumed: true };
    } catch (error) {
      if (!FRESH_START_FALLBACKS.some((code) => isElwoodError(error, code))) throw error;
    }
  }
  return { session: await startClaude(fresh), resumed: false };
}

/** The sessions recorded in a store (records only; no agent is launched). Default store: `<cwd>/.elwood`. */
export async function listSessions(options: { readonly cwd?: string; readonly stateDir?: string } = {}): Promise<readonly SessionRecord[]> {
  return listSessionRecords({ cwd: resolve(options.cwd ?? process.cwd()), stateDir: options.stateDir });
}
