// resumeCodex / startOrResumeCodex: relaunch a recorded Codex session on its own thread (`codex resume <id>`), with
// the recorded sandbox and approval policy unless the caller overrides a field.

import type { StartCodexOptions } from "../adapters/codex/options.js";
import type { CodexAgentSession } from "./session-api.js";
import { startOrResume, type StartOrResumeResult } from "./resume-session.js";
import { codexFacade, startCodex } from "./start-codex.js";
import { resumeDefinedAgent } from "./agent-launch.js";
import type { CodexSessionFacade } from "./codex-agent-session.js";
import type { AgentResumeState } from "../effects/session-record.js";

/** Codex's resume state in its session record: its thread and the posture adapters/codex/index.ts declares. */
export type CodexResumeState = AgentResumeState<"codex">;

/** A resume: the session's id, where its store is (`cwd` or `stateDir`), and no persona; `codex resume` takes every other launch option (0.144.6, 0.171.0). */
export type ResumeCodexOptions = Omit<StartCodexOptions, "cwd" | "persona"> & {
  readonly elwoodSessionId: string;
  /** The directory the session started in (locates the default store); the session runs in its recorded cwd. */
  readonly cwd?: string;
};

export type StartOrResumeCodexOptions = StartCodexOptions & { readonly elwoodSessionId?: string };

export async function resumeCodex(options: ResumeCodexOptions): Promise<CodexAgentSession> {
  // The recorded posture and how highTrust overrides it are the definition\'s (adapters/codex/index.ts).
  return (await resumeDefinedAgent("codex", options, codexFacade)) as CodexSessionFacade;
}

export function startOrResumeCodex(options: StartOrResumeCodexOptions): Promise<StartOrResumeResult<CodexAgentSession>> {
  return startOrResume(options, resumeCodex, startCodex);
}
