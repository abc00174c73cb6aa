// CodexSession: the primary Codex API — lazily started, `send`/`stream` turns from Codex's rollout file, every low-level control passed through.

import { readCodexTranscriptRecord } from "../adapters/codex/transcript-records.js";
import type { CodexHookEventName } from "../adapters/codex/hook-events.js";
import { readCodexTurnHook } from "../adapters/codex/turn-hooks.js";
import type { CodexAgentSession } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { resumeCodex } from "./resume-codex.js";
import { startCodex, type StartCodexOptions } from "./start-codex.js";

/** `startCodex`'s options, plus `resume`: an Elwood session id to continue instead (`resumeCodex`'s rules, never a fresh start). */
export type CodexSessionOptions = LazyOptions<StartCodexOptions> & { readonly resume?: string };

function startOrResumeExactly(options: StartCodexOptions & { readonly resume?: string }): Promise<CodexAgentSession> {
  const { resume, ...start } = options;
  if (resume === undefined) return startCodex(start);
  // Persona applies to new sessions only; resumeCodex judges the other fields.
  const { persona: _persona, ...rest } = start;
  return resumeCodex({ ...rest, elwoodSessionId: resume });
}

export class CodexSession extends ConversationSession<CodexAgentSession, StartCodexOptions & { readonly resume?: string }, CodexHookEventName> {
  /** Takes `startCodex`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: CodexSessionOptions) {
    super(options, { start: startOrResumeExactly, readRecord: readCodexTranscriptRecord, readHook: readCodexTurnHook });
  }

  /** Codex's own session (thread) id, once its SessionStart hook was seen. */
  get codexSessionId(): string | undefined {
    return this.session?.codexSessionId;
  }
}
