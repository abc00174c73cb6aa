// ClaudeSession: the primary Claude API — lazily started, `send`/`stream` turns from Claude's transcript, every low-level control passed through.

import { readClaudeTranscriptRecord } from "../adapters/claude/transcript-records.js";
import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { readClaudeTurnHook } from "../adapters/claude/turn-hooks.js";
import type { ClaudeAgentSession, ClaudeLoginOptions } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { resumeClaude } from "./resume-claude.js";
import { startClaude, type StartClaudeOptions } from "./start-claude.js";

/** `startClaude`'s options, plus `resume`: an Elwood session id to continue instead (`resumeClaude`'s rules, never a fresh start). */
export type ClaudeSessionOptions = LazyOptions<StartClaudeOptions> & { readonly resume?: string };

function startOrResumeExactly(options: StartClaudeOptions & { readonly resume?: string }): Promise<ClaudeAgentSession> {
  const { resume, ...start } = options;
  if (resume === undefined) return startClaude(start);
  const { persona: _persona, ...rest } = start;
  return resumeClaude({ ...rest, elwoodSessionId: resume });
}

export class ClaudeSession extends ConversationSession<ClaudeAgentSession, StartClaudeOptions & { readonly resume?: string }, ClaudeHookEventName> {
  /** Takes `startClaude`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: ClaudeSessionOptions) {
    super(options, { start: startOrResumeExactly, readRecord: readClaudeTranscriptRecord, readHook: readClaudeTurnHook });
  }

  login(options: ClaudeLoginOptions): Promise<void> {
    return this.start().then((s) => s.login(options));
  }

  /** Claude Code's own session id, once its SessionStart hook was seen. */
  get claudeSessionId(): string | undefined {
    return this.session?.claudeSessionId;
  }
}
