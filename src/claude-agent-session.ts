// The Claude session type: the login-capable session plus Claude-specific identity (its internal session id).

import { LoginSessionFacade } from "./login-session-facade.js";
import type { ClaudeAgentSession } from "./session-api.js";

export { DEFAULT_LOGIN_TIMEOUT_MS } from "./login-session-facade.js";

export class ClaudeSessionFacade extends LoginSessionFacade implements ClaudeAgentSession {
  declare readonly agent: "claude";

  /** Claude Code's internal session id, once its SessionStart hook has been seen. */
  get claudeSessionId(): string | undefined {
    return this.cliSessionId;
  }
}
