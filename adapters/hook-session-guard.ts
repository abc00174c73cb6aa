// Drops hook calls that claim another session than the CLI's own, so a tool that found the bridge cannot forge events.

/**
 * The CLI's session id is pinned by the first hook call that carries one; `SessionStart` moves the pin, because
 * both CLIs begin a new session (new id) on `/clear` or an in-app resume and announce it with `SessionStart`.
 * Every other event whose `session_id` differs from the pin is foreign: the bridge answers it fail-open without
 * dispatching and it is counted.
 */
export class HookSessionGuard {
  #pinned: string | undefined;
  #dropped = 0;

  /** True when the call may be dispatched; false (and counted) when it contradicts the pinned session id. */
  admit(event: string, payload: Readonly<Record<string, unknown>>): boolean {
    const id = payload["session_id"];
    if (typeof id !== "string" || id === "") return true; // the dispatcher rejects a missing id as invalid input
    if (this.#pinned === undefined || event === "SessionStart") {
      this.#pinned = id;
      return true;
    }
    if (id === this.#pinned) return true;
    this.#dropped += 1;
    return false;
  }

  /** How many calls were dropped for naming a foreign session. */
  get dropped(): number {
    return this.#dropped;
  }
}
