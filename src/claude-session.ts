// ClaudeSession: the primary Claude API — lazily started, `send`/`stream` turns from Claude's transcript, every low-level control passed through.

import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import type { ClaudeAgentSession, ClaudeLoginOptions } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { resumeClaude } from "./resume-claude.js";
import type { ResumeChoice } from "./resume-session.js";
import { definedConversation } from "./agent-conversation.js";
import { startClaude, type StartClaudeOptions } from "./start-claude.js";

/**
 * `startClaude`'s options, plus `resume`: an Elwood session id to continue instead (`resumeClaude`'s rules; the same
 * launch options apply), and `freshStartFallback` to start fresh when that record cannot be resumed.
 */
export type ClaudeSessionOptions = LazyOptions<StartClaudeOptions> & ResumeChoice;

export class ClaudeSession extends ConversationSession<ClaudeAgentSession, StartClaudeOptions & ResumeChoice, ClaudeHookEventName> {
  /** Takes `startClaude`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: ClaudeSessionOptions) {
    super(options, definedConversation("claude", startClaude, resumeClaude));
  }

  login(options: ClaudeLoginOptions): Promise<void> {
    return this.start().then((s) => s.login(options));
  }

  /** Claude Code's own session id, once its SessionStart hook was seen. */
  get claudeSessionId(): string | undefined {
    return this.session?.claudeSessionId;
  }
}
