// resumeCodex / startOrResumeCodex: relaunch a recorded Codex session on its own thread (`codex resume <id>`), with
// the recorded sandbox and approval policy unless the caller overrides a field.

import { validateCodexOptions, type StartCodexOptions } from "../adapters/codex/options.js";
import type { CodexAgentSession } from "./session-api.js";
import { resumeInputs, resumeTarget, startOrResume, type StartOrResumeResult } from "./resume-session.js";
import { codexStartPlan } from "./codex-start-plan.js";
import { startCodex } from "./start-codex.js";
import { startAgent } from "./start-agent.js";

/** A resume: the session's id, where its store is (`cwd` or `stateDir`), and no persona; `codex resume` takes every other launch option (0.144.6, 0.171.0). */
export type ResumeCodexOptions = Omit<StartCodexOptions, "cwd" | "persona"> & {
  readonly elwoodSessionId: string;
  /** The directory the session started in (locates the default store); the session runs in its recorded cwd. */
  readonly cwd?: string;
};

export type StartOrResumeCodexOptions = StartCodexOptions & { readonly elwoodSessionId?: string };

export async function resumeCodex(options: ResumeCodexOptions): Promise<CodexAgentSession> {
  // highTrust expands to its own sandbox and approval policy (and conflicts with explicit ones).
  const inputs = await resumeInputs(options, "codex", ["sandbox", "approvalPolicy"], (_field, o) => o["highTrust"] === true);
  const resolved = await validateCodexOptions(inputs.options);
  return startAgent(codexStartPlan(resolved, resumeTarget(inputs)));
}

export function startOrResumeCodex(options: StartOrResumeCodexOptions): Promise<StartOrResumeResult<CodexAgentSession>> {
  return startOrResume(options, resumeCodex, startCodex);
}
