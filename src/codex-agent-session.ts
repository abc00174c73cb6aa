// The Codex session type: the adapter-neutral session plus Codex-specific identity (its internal session id).

import { SessionFacade } from "./agent-session.js";
import type { CodexAgentSession } from "./session-api.js";

export class CodexSessionFacade extends SessionFacade implements CodexAgentSession {
  declare readonly agent: "codex";
  /** Codex's internal session (thread) id, once its SessionStart hook has been seen; what `codex resume` needs. */
  get codexSessionId(): string | undefined {
    return this.cliSessionId;
  }
}
