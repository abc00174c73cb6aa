// The facade's promises in flight: it sends the root one command with an id (an op, an interrupt, a wait deadline)
// and settles the call's promise from the root's reply (`settle`), including each submission's final outcome.

import { randomUUID } from "node:crypto";
import type { QueueRequest } from "../machines/control-queue.js";
import type { SessionCommand, SessionPublicEvent } from "../machines/session.js";
import type { ElwoodError } from "./contracts/errors.js";
import type { Unsubscribe } from "./contracts/public-types.js";
import { SubmissionOutcomes } from "./submission-outcomes.js";

type OpPhase = "written" | "entered" | "done";

interface PendingOp {
  readonly phase: OpPhase;
  readonly resolve: (result?: unknown) => void;
  readonly reject: (e: ElwoodError) => void;
}

interface PendingInterrupt {
  readonly resolve: () => void;
  readonly reject: (e: ElwoodError) => void;
}

export class PendingCalls {
  private readonly ops = new Map<string, PendingOp>();
  private readonly interrupts = new Map<string, PendingInterrupt>();
  private readonly waits = new Map<string, () => void>();
  /** How each submission ended (its recovery done), for a `send`/`stream` turn that waits it out. */
  private readonly outcomes = new SubmissionOutcomes();

  constructor(private readonly root: { send(event: SessionCommand): void }) {}

  /** Enqueues one op; settles when the queue reports it at `settleAt` (or later: a submission settles at its Enter) or failed. */
  enqueue(op: QueueRequest, settleAt: "entered" | "done" = "done"): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.ops.set(op.opId, { phase: settleAt, resolve, reject });
      this.root.send({ type: "cmd.enqueue", op });
    });
  }

  /** One interrupt under a fresh id; the interrupt machine settles every request a single Escape answered. */
  interrupt(timeoutMs: number): Promise<void> {
    const id = randomUUID();
    return new Promise<void>((resolve, reject) => {
      this.interrupts.set(id, { resolve, reject });
      this.root.send({ type: "cmd.interrupt", id, timeoutMs });
    });
  }

  /**
   * A wait's deadline, kept by the session's wait machine under a fresh id; the returned function cancels it unless
   * it already fired.
   */
  deadline(timeoutMs: number, onTimeout: () => void): Unsubscribe {
    const waitId = randomUUID();
    this.waits.set(waitId, onTimeout);
    this.root.send({ type: "cmd.waitStart", waitId, timeoutMs });
    return () => {
      if (this.waits.delete(waitId)) this.root.send({ type: "cmd.waitEnd", waitId });
    };
  }

  /** Resolves once the submission `turnId` finished: undefined when it was delivered, its error when it failed. */
  outcome(turnId: string): Promise<ElwoodError | undefined> {
    return this.outcomes.outcome(turnId);
  }

  /** The root's replies: an op's progress or failure, settled interrupts, a wait that timed out. False for anything else. */
  settle(event: SessionPublicEvent): boolean {
    switch (event.type) {
      case "public.op":
        this.reached(event.opId, event.phase, event.result);
        if (event.phase === "done") this.outcomes.settle(event.opId);
        return true;
      case "public.opFailed":
        this.failed(event.opId, event.error);
        this.outcomes.settle(event.opId, event.error);
        return true;
      case "public.interrupt":
        this.interruptsSettled(event.ids, event.error);
        return true;
      case "public.waitTimedOut":
        this.waitTimedOut(event.waitId);
        return true;
      default:
        return false;
    }
  }

  /** The session ended: every op, interrupt and outcome still awaited ends with an error of its own from `error`. */
  rejectAll(error: () => ElwoodError): void {
    for (const [id, pending] of this.ops) {
      this.ops.delete(id);
      pending.reject(error());
    }
    for (const [id, pending] of this.interrupts) {
      this.interrupts.delete(id);
      pending.reject(error());
    }
    this.outcomes.closeAll(error());
  }

  private waitTimedOut(waitId: string): void {
    const onTimeout = this.waits.get(waitId);
    if (!onTimeout) return;
    this.waits.delete(waitId);
    onTimeout();
  }

  /** The op reached `phase`: a submission settles at its Enter ("entered") or later, everything else when done. */
  private reached(opId: string, phase: OpPhase, result: unknown): void {
    const pending = this.ops.get(opId);
    if (!pending) return;
    if (phase === pending.phase || (pending.phase === "entered" && phase === "done")) {
      this.ops.delete(opId);
      pending.resolve(result);
    }
  }

  /** A second report for an op already settled (a deadline already failed it) is ignored. */
  private failed(opId: string, error: ElwoodError): void {
    const pending = this.ops.get(opId);
    if (!pending) return;
    this.ops.delete(opId);
    pending.reject(error);
  }

  private interruptsSettled(ids: readonly string[], error?: ElwoodError): void {
    for (const id of ids) {
      const pending = this.interrupts.get(id);
      if (!pending) continue;
      this.interrupts.delete(id);
      if (error) pending.reject(error);
      else pending.resolve();
    }
  }
}
