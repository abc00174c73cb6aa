// The Claude session type: the adapter-neutral session plus Claude-specific identity (its internal session id).

import { AgentSession, type SessionRuntime } from "./agent-session.js";

export class ClaudeSession extends AgentSession {
  private claudeSessionIdValue: string | undefined;

  constructor(runtime: SessionRuntime) {
    super(runtime);
    // SessionStart carries Claude's own session id (what a later resume needs).
    this.on("hook:SessionStart", (payload) => {
      if (typeof payload["session_id"] === "string") this.claudeSessionIdValue = payload["session_id"];
    });
  }

  /** Claude Code's internal session id, once its SessionStart hook has been seen. */
  get claudeSessionId(): string | undefined {
    return this.claudeSessionIdValue;
  }
}

export type ClaudeSessionApi = ClaudeSession;
