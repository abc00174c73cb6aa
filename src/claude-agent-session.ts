// The Claude session type: the adapter-neutral session plus Claude-specific identity (its internal session id).

import { SessionFacade } from "./agent-session.js";
import { ElwoodError, rejectWith } from "./contracts/errors.js";
import type { ClaudeAgentSession, ClaudeLoginOptions } from "./session-api.js";
import { NO_LOGIN_PROFILE, type ClaudeLoginMethod } from "../machines/login.js";

export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;
const LOGIN_METHODS: readonly ClaudeLoginMethod[] = ["claudeai", "console", "third_party"];

export class ClaudeSessionFacade extends SessionFacade implements ClaudeAgentSession {
  declare readonly agent: "claude";
  /**
   * Re-authenticates through Claude's own `/login` flow as one exclusive queue transaction (C-CLAUDE-18,
   * C-API-43). Resolves after Claude reports success and the session is ready again.
   */
  login(options: ClaudeLoginOptions): Promise<void> {
    if (typeof options !== "object" || options === null || typeof options.provideCode !== "function") {
      return rejectWith("invalid_argument", "login needs options with a provideCode function");
    }
    if (options.onAuthUrl !== undefined && typeof options.onAuthUrl !== "function") {
      return rejectWith("invalid_argument", "onAuthUrl must be a function");
    }
    const method = options.method ?? "claudeai";
    if (!LOGIN_METHODS.includes(method)) return rejectWith("invalid_argument", `method must be one of ${LOGIN_METHODS.join(", ")}`);
    const callbacks = {
      provideCode: options.provideCode,
      ...(options.onAuthUrl === undefined ? {} : { onAuthUrl: options.onAuthUrl }),
    };
    return this.runTransaction(
      { kind: "login", input: { method, profile: this.runtime.adapter.login ?? NO_LOGIN_PROFILE } },
      options.timeoutMs,
      DEFAULT_LOGIN_TIMEOUT_MS,
      (ms) => new ElwoodError("login_timeout", `login did not finish within ${ms} ms`, { timeoutMs: ms }),
      "immediate",
      { prepare: (opId) => this.loginCallbacks.set(opId, callbacks), settled: (opId) => this.loginCallbacks.delete(opId) },
    ).then(() => undefined);
  }

  /** Claude Code's internal session id, once its SessionStart hook has been seen. */
  get claudeSessionId(): string | undefined {
    return this.cliSessionId;
  }
}
