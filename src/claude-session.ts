// ClaudeSession: the primary Claude API — lazily started, `send`/`stream` turns from Claude's transcript, every low-level control passed through.

import { readClaudeTranscriptRecord } from "../adapters/claude/transcript-records.js";
import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { readClaudeTurnHook } from "../adapters/claude/turn-hooks.js";
import type { ClaudeAgentSession, ClaudeLoginOptions } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { startClaude, type StartClaudeOptions } from "./start-claude.js";

export class ClaudeSession extends ConversationSession<ClaudeAgentSession, StartClaudeOptions, ClaudeHookEventName> {
  /** Takes `startClaude`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: LazyOptions<StartClaudeOptions>) {
    super(options, { start: startClaude, readRecord: readClaudeTranscriptRecord, readHook: readClaudeTurnHook });
  }

  login(options: ClaudeLoginOptions): Promise<void> {
    return this.start().then((s) => s.login(options));
  }

  /** Claude Code's own session id, once its SessionStart hook was seen. */
  get claudeSessionId(): string | undefined {
    return this.session?.claudeSessionId;
  }
}
