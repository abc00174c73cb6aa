// CodexSession: the primary Codex API — lazily started, `send`/`stream` turns from Codex's rollout file, every low-level control passed through.

import type { CodexHookEventName } from "../adapters/codex/hook-events.js";
import type { CodexAgentSession } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { resumeCodex } from "./resume-codex.js";
import type { ResumeChoice } from "./resume-session.js";
import { definedConversation } from "./agent-conversation.js";
import { startCodex, type StartCodexOptions } from "./start-codex.js";

/**
 * `startCodex`'s options, plus `resume`: an Elwood session id to continue instead (`resumeCodex`'s rules; the same
 * launch options apply), and `freshStartFallback` to start fresh when that record cannot be resumed.
 */
export type CodexSessionOptions = LazyOptions<StartCodexOptions> & ResumeChoice;

export class CodexSession extends ConversationSession<CodexAgentSession, StartCodexOptions & ResumeChoice, CodexHookEventName> {
  /** Takes `startCodex`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: CodexSessionOptions) {
    super(options, definedConversation("codex", startCodex, resumeCodex));
  }

  /** Codex's own session (thread) id, once its SessionStart hook was seen. */
  get codexSessionId(): string | undefined {
    return this.session?.codexSessionId;
  }
}
