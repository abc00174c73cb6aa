// The session object of an agent with a `/login` panel Elwood drives: the common session plus `login()`.

import { SessionFacade } from "./agent-session.js";
import { ElwoodError, rejectWith } from "./contracts/errors.js";
import type { LoginMethod } from "./contracts/agent-adapter.js";
import type { LoginOptions } from "./session-api.js";
import { NO_LOGIN_PROFILE } from "../machines/login.js";

export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

export class LoginSessionFacade extends SessionFacade {
  /**
   * Re-authenticates through the CLI's own `/login` flow as one exclusive queue transaction (C-CLAUDE-18,
   * C-API-43). Resolves after the CLI reports success and the session is ready again.
   */
  login(options: LoginOptions): Promise<void> {
    if (typeof options !== "object" || options === null || typeof options.provideCode !== "function") {
      return rejectWith("invalid_argument", "login needs options with a provideCode function");
    }
    if (options.onAuthUrl !== undefined && typeof options.onAuthUrl !== "function") {
      return rejectWith("invalid_argument", "onAuthUrl must be a function");
    }
    // The methods are the login profile's rows, the first one the default.
    const profile = this.runtime.adapter.login ?? NO_LOGIN_PROFILE;
    const methods: readonly LoginMethod[] = Object.keys(profile.methodLabels);
    const method = options.method ?? methods[0];
    if (method === undefined || !methods.includes(method)) return rejectWith("invalid_argument", `method must be one of ${methods.join(", ")}`);
    const callbacks = {
      provideCode: options.provideCode,
      ...(options.onAuthUrl === undefined ? {} : { onAuthUrl: options.onAuthUrl }),
    };
    return this.runTransaction(
      { kind: "login", input: { method, profile } },
      options.timeoutMs,
      DEFAULT_LOGIN_TIMEOUT_MS,
      (ms) => new ElwoodError("login_timeout", `login did not finish within ${ms} ms`, { timeoutMs: ms }),
      "immediate",
      { prepare: (opId) => this.loginCallbacks.set(opId, callbacks), settled: (opId) => this.loginCallbacks.delete(opId) },
    ).then(() => undefined);
  }
}
