// resumeClaude / startOrResumeClaude / listSessions: relaunch a recorded Claude session on its own conversation
// (Claude's `--resume`), with the recorded posture unless the caller overrides a field.

import { resolve } from "node:path";
import { validateClaudeOptions, type StartClaudeOptions } from "../adapters/claude/options.js";
import { listSessionRecords, type SessionRecord } from "../effects/session-record.js";
import type { ClaudeAgentSession } from "./session-api.js";
import { resumeInputs, resumeTarget, startOrResume, type StartOrResumeResult } from "./resume-session.js";
import { claudeStartPlan } from "./claude-start-plan.js";
import { startClaude } from "./start-claude.js";
import { startAgent } from "./start-agent.js";

/** A resume: the session's id, where its store is (`cwd` or `stateDir`; default `process.cwd()`), and no persona. */
export type ResumeClaudeOptions = Omit<StartClaudeOptions, "cwd" | "persona"> & {
  readonly elwoodSessionId: string;
  /** The directory the session started in (locates the default store); the session runs in its recorded cwd. */
  readonly cwd?: string;
};

export type StartOrResumeClaudeOptions = StartClaudeOptions & { readonly elwoodSessionId?: string };

export async function resumeClaude(options: ResumeClaudeOptions): Promise<ClaudeAgentSession> {
  // highTrust chooses its own permission mode (and conflicts with an explicit one), so the recorded one stays out.
  const inputs = await resumeInputs(options, "claude", ["permissionMode", "allowedTools", "disallowedTools", "tools"], (field, o) => field === "permissionMode" && o["highTrust"] === true);
  const resolved = await validateClaudeOptions(inputs.options);
  return startAgent(claudeStartPlan(resolved, resumeTarget(inputs)));
}

export function startOrResumeClaude(options: StartOrResumeClaudeOptions): Promise<StartOrResumeResult<ClaudeAgentSession>> {
  return startOrResume(options, resumeClaude, startClaude);
}

/** The sessions recorded in a store (records only; no agent is launched). Default store: `<cwd>/.elwood`. */
export async function listSessions(options: { readonly cwd?: string; readonly stateDir?: string } = {}): Promise<readonly SessionRecord[]> {
  return listSessionRecords({ cwd: resolve(options.cwd ?? process.cwd()), stateDir: options.stateDir });
}
