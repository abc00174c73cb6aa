// How the facade closes a session: it asks the root (`cmd.closing`), whose `over.closing` state runs the ending
// actor (effects/end-processes.ts), and settles the close when the root announces `public.closed`.

import { endProcesses, type EndProcessesRuntime } from "../effects/end-processes.js";
import type { ClosingAs } from "./contracts/readiness.js";
import type { SessionRuntime } from "./session-types.js";

export class SessionCloser {
  private closing: Promise<void> | undefined;

  constructor(
    private readonly runtime: Pick<SessionRuntime, "actor" | "terminal">,
    /** Runs once each close finished, even when ending the processes failed. */
    private readonly closed: () => void,
  ) {}

  /** Each close runs its own reap even after an earlier one (a dead or empty group is a no-op). */
  close(as: ClosingAs): Promise<void> {
    const run = async (): Promise<void> => {
      try {
        await this.endThroughRoot(as);
      } finally {
        this.closed();
        // The processes are ended (the exit and the status went out without waiting for this): what the CLI wrote last
        // renders, then the renderer goes, within one bounded drain.
        await this.runtime.terminal.drainThenDispose();
      }
    };
    const previous = this.closing ?? Promise.resolve();
    this.closing = previous.catch(() => {}).then(run);
    return this.closing;
  }

  /** One close at a time (the chain above), so the next `public.closed` is this close's. */
  private endThroughRoot(as: ClosingAs): Promise<void> {
    const { actor } = this.runtime;
    const snapshot = actor.getSnapshot();
    // A root that failed no longer runs its states; the processes are still ended, so nothing outlives the session.
    if (snapshot.status !== "active") return endProcesses(snapshot.context.input.endInput as EndProcessesRuntime, as);
    return new Promise<void>((resolve, reject) => {
      const sub = actor.on("public.closed", (event) => {
        sub.unsubscribe();
        if ("error" in event) reject(event.error);
        else resolve();
      });
      actor.send({ type: "cmd.closing", as });
    });
  }
}
