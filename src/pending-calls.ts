// The facade's promises in flight: queued ops, interrupts and wait deadlines, settled by what the session machine reports.

import { randomUUID } from "node:crypto";
import type { ElwoodError } from "./contracts/errors.js";
import type { Unsubscribe } from "./contracts/public-types.js";

type WaitCommand = { readonly type: "cmd.waitStart"; readonly waitId: string; readonly timeoutMs: number } | { readonly type: "cmd.waitEnd"; readonly waitId: string };

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

  /**
   * A wait's deadline, kept by the session's wait machine (through `root`) under a fresh id; the returned function
   * cancels it unless it already fired.
   */
  deadline(root: { send(event: WaitCommand): void }, timeoutMs: number, onTimeout: () => void): Unsubscribe {
    const waitId = randomUUID();
    this.waits.set(waitId, onTimeout);
    root.send({ type: "cmd.waitStart", waitId, timeoutMs });
    return () => {
      if (this.waits.delete(waitId)) root.send({ type: "cmd.waitEnd", waitId });
    };
  }

  waitTimedOut(waitId: string): void {
    const onTimeout = this.waits.get(waitId);
    if (!onTimeout) return;
    this.waits.delete(waitId);
    onTimeout();
  }

  /** A promise for op `opId` that settles when it reaches `phase` (or any later one) or fails. */
  op(opId: string, phase: OpPhase, start: () => void): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.ops.set(opId, { phase, resolve, reject });
      start();
    });
  }

  interrupt(id: string, start: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.interrupts.set(id, { resolve, reject });
      start();
    });
  }

  /** The op reached `phase`: a submission settles at its Enter ("entered") or later, everything else when done. */
  reached(opId: string, phase: OpPhase, result: unknown): void {
    const pending = this.ops.get(opId);
    if (!pending) return;
    if (phase === pending.phase || (pending.phase === "entered" && phase === "done")) {
      this.ops.delete(opId);
      pending.resolve(result);
    }
  }

  /** A second report for an op already settled (a deadline already failed it) is ignored. */
  failed(opId: string, error: ElwoodError): void {
    const pending = this.ops.get(opId);
    if (!pending) return;
    this.ops.delete(opId);
    pending.reject(error);
  }

  interruptsSettled(ids: readonly string[], error?: ElwoodError): void {
    for (const id of ids) {
      const pending = this.interrupts.get(id);
      if (!pending) continue;
      this.interrupts.delete(id);
      if (error) pending.reject(error);
      else pending.resolve();
    }
  }

  rejectAll(error: ElwoodError): void {
    for (const [id, pending] of this.ops) {
      this.ops.delete(id);
      pending.reject(error);
    }
    for (const [id, pending] of this.interrupts) {
      this.interrupts.delete(id);
      pending.reject(error);
    }
  }
}
