// The Codex session type: the adapter-neutral session plus Codex-specific identity (its internal session id).

import { SessionFacade, type SessionRuntime } from "./agent-session.js";
import type { CodexAgentSession } from "./session-api.js";

export class CodexSessionFacade extends SessionFacade implements CodexAgentSession {
  declare readonly agent: "codex";
  private codexSessionIdValue: string | undefined;

  constructor(runtime: SessionRuntime) {
    super(runtime);
    // Codex fires SessionStart lazily on the first prompt (and again with a new id after /clear).
    this.on("hook:SessionStart", (payload) => {
      if (typeof payload["session_id"] === "string") this.codexSessionIdValue = payload["session_id"];
    });
  }

  /** Codex's internal session (thread) id, once its SessionStart hook has been seen; what `codex resume` needs. */
  get codexSessionId(): string | undefined {
    return this.codexSessionIdValue;
  }
}
