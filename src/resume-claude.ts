// resumeClaude / startOrResumeClaude / listSessions: relaunch a recorded Claude session on its own conversation
// (Claude's `--resume`), with the recorded posture unless the caller overrides a field.

import { resolve } from "node:path";
import type { StartClaudeOptions } from "../adapters/claude/options.js";
import { listSessionRecords, type AgentResumeState, type SessionRecord } from "../effects/session-record.js";
import type { ClaudeAgentSession } from "./session-api.js";
import { startOrResume, type StartOrResumeResult } from "./resume-session.js";
import { claudeFacade, startClaude } from "./start-claude.js";
import { resumeDefinedAgent } from "./agent-launch.js";
import type { ClaudeSessionFacade } from "./claude-agent-session.js";
import { recordPostures } from "./record-postures.js";

/** Claude's resume state in its session record: its conversation and the posture adapters/claude/index.ts declares. */
export type ClaudeResumeState = AgentResumeState<"claude">;

/** A resume: the session's id, where its store is (`cwd` or `stateDir`; default `process.cwd()`), and no persona. */
export type ResumeClaudeOptions = Omit<StartClaudeOptions, "cwd" | "persona"> & {
  readonly elwoodSessionId: string;
  /** The directory the session started in (locates the default store); the session runs in its recorded cwd. */
  readonly cwd?: string;
};

export type StartOrResumeClaudeOptions = StartClaudeOptions & { readonly elwoodSessionId?: string };

export async function resumeClaude(options: ResumeClaudeOptions): Promise<ClaudeAgentSession> {
  // The recorded posture and how highTrust overrides it are the definition\'s (adapters/claude/index.ts).
  return (await resumeDefinedAgent("claude", options, claudeFacade)) as ClaudeSessionFacade;
}

export function startOrResumeClaude(options: StartOrResumeClaudeOptions): Promise<StartOrResumeResult<ClaudeAgentSession>> {
  return startOrResume(options, resumeClaude, startClaude);
}

/** The sessions recorded in a store (records only; no agent is launched). Default store: `<cwd>/.elwood`. */
export async function listSessions(options: { readonly cwd?: string; readonly stateDir?: string } = {}): Promise<readonly SessionRecord[]> {
  return listSessionRecords({ cwd: resolve(options.cwd ?? process.cwd()), stateDir: options.stateDir }, recordPostures());
}
