// ClaudeSession: the primary Claude API — lazily started, `send`/`stream` turns from Claude's transcript, every low-level control passed through.

import { readClaudeTranscriptRecord } from "../adapters/claude/transcript-records.js";
import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { readClaudeTurnHook } from "../adapters/claude/turn-hooks.js";
import type { ClaudeAgentSession, ClaudeLoginOptions } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { resumeClaude } from "./resume-claude.js";
import { startOrResumeConversation, type ResumeChoice, type StartOrResumeResult } from "./resume-session.js";
import { startClaude, type StartClaudeOptions } from "./start-claude.js";

/**
 * `startClaude`'s options, plus `resume`: an Elwood session id to continue instead (`resumeClaude`'s rules; the same
 * launch options apply), and `freshStartFallback` to start fresh when that record cannot be resumed.
 */
export type ClaudeSessionOptions = LazyOptions<StartClaudeOptions> & ResumeChoice;

/** Start, resume exactly, or resume with the fresh-start fallback; the persona applies to new sessions only. */
function startOrResumeClaudeConversation(options: StartClaudeOptions & ResumeChoice): Promise<StartOrResumeResult<ClaudeAgentSession>> {
  return startOrResumeConversation(options, startClaude, ({ persona: _persona, ...rest }) => resumeClaude(rest));
}

export class ClaudeSession extends ConversationSession<ClaudeAgentSession, StartClaudeOptions & ResumeChoice, ClaudeHookEventName> {
  /** Takes `startClaude`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: ClaudeSessionOptions) {
    super(options, { start: startClaude, startOrResume: startOrResumeClaudeConversation, readRecord: readClaudeTranscriptRecord, readHook: readClaudeTurnHook });
  }

  login(options: ClaudeLoginOptions): Promise<void> {
    return this.start().then((s) => s.login(options));
  }

  /** Claude Code's own session id, once its SessionStart hook was seen. */
  get claudeSessionId(): string | undefined {
    return this.session?.claudeSessionId;
  }
}
