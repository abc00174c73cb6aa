// How the facade closes a session: the root hears of it, the processes are ended, then the root hears it is done.

import type { ClosingAs } from "./contracts/readiness.js";
import { endProcesses } from "./end-processes.js";
import type { SessionRuntime } from "./session-types.js";

export class SessionCloser {
  private closing: Promise<void> | undefined;

  constructor(
    private readonly runtime: SessionRuntime,
    /** Runs once each close finished, even when ending the processes failed. */
    private readonly closed: () => void,
  ) {}

  /** Each close runs its own reap even after an earlier one (a dead or empty group is a no-op). */
  close(as: ClosingAs): Promise<void> {
    const run = async (): Promise<void> => {
      this.runtime.actor.send({ type: "cmd.closing", as });
      try {
        await endProcesses(this.runtime, as);
      } finally {
        this.runtime.actor.send({ type: "cmd.closed", as });
        this.closed();
        this.runtime.terminal.dispose();
      }
    };
    const previous = this.closing ?? Promise.resolve();
    this.closing = previous.catch(() => {}).then(run);
    return this.closing;
  }
}
