// CodexSession: the primary Codex API — lazily started, `send`/`stream` turns from Codex's rollout file, every low-level control passed through.

import { readCodexTranscriptRecord } from "../adapters/codex/transcript-records.js";
import type { CodexHookEventName } from "../adapters/codex/hook-events.js";
import { readCodexTurnHook } from "../adapters/codex/turn-hooks.js";
import type { CodexAgentSession } from "./session-api.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { startCodex, type StartCodexOptions } from "./start-codex.js";

export class CodexSession extends ConversationSession<CodexAgentSession, StartCodexOptions, CodexHookEventName> {
  /** Takes `startCodex`'s options (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(options?: LazyOptions<StartCodexOptions>) {
    super(options, { start: startCodex, readRecord: readCodexTranscriptRecord, readHook: readCodexTurnHook });
  }

  /** Codex's own session (thread) id, once its SessionStart hook was seen. */
  get codexSessionId(): string | undefined {
    return this.session?.codexSessionId;
  }
}
