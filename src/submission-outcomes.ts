// How each submission ended (its recovery done): the facade's internal door for a `send`/`stream` turn to wait out Enters and replays.

import type { ElwoodError } from "./contracts/errors.js";

/** Resolves once the submission `turnId` finished: undefined when it was delivered, its error when it failed (internal). */
export const submissionOutcome: unique symbol = Symbol("elwood.submissionOutcome");

export interface SubmissionOutcomeSession {
  [submissionOutcome](turnId: string): Promise<ElwoodError | undefined>;
}

export function tracksOutcomes(session: object): session is SubmissionOutcomeSession {
  return typeof (session as Partial<SubmissionOutcomeSession>)[submissionOutcome] === "function";
}

/** Outcomes kept for ops nobody asked about yet (raw `sendMessage` calls are never asked): the oldest go first. */
const KEPT_OUTCOMES = 256;

export class SubmissionOutcomes {
  private readonly settled = new Map<string, ElwoodError | undefined>();
  private readonly waiters = new Map<string, (outcome: ElwoodError | undefined) => void>();
  /** Set once the session ended: an op asked about later (and not settled before) ends with it at once. */
  private closed: ElwoodError | undefined;

  /** The op left the queue: delivered (`error` undefined) or failed. */
  settle(opId: string, error?: ElwoodError): void {
    const waiter = this.waiters.get(opId);
    if (waiter !== undefined) {
      this.waiters.delete(opId);
      waiter(error);
      return;
    }
    this.settled.set(opId, error);
    if (this.settled.size > KEPT_OUTCOMES) {
      const oldest = this.settled.keys().next();
      if (!oldest.done) this.settled.delete(oldest.value);
    }
  }

  outcome(opId: string): Promise<ElwoodError | undefined> {
    if (this.settled.has(opId)) {
      const error = this.settled.get(opId);
      this.settled.delete(opId);
      return Promise.resolve(error);
    }
    if (this.closed !== undefined) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.waiters.set(opId, resolve));
  }

  /** The session ended: every op still asked about ends with `error`. */
  closeAll(error: ElwoodError): void {
    this.closed ??= error;
    for (const [opId, waiter] of this.waiters) {
      this.waiters.delete(opId);
      waiter(error);
    }
  }
}
