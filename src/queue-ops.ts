// The ops the facade enqueues: a submission, an exclusive transaction, a compaction; each with its deadline.

import { randomUUID } from "node:crypto";
import type { QueuedOp, QueueRequest, QueueTransaction } from "../machines/control-queue.js";
import type { AgentAdapter } from "./contracts/agent-adapter.js";
import { ElwoodError } from "./contracts/errors.js";

export type SubmissionKind = "prompt" | "message" | "guidance";

/** A text submission (with its image attach); the queue classifies it when it is enqueued. */
export function submissionOp(kind: SubmissionKind, clean: string, transaction?: QueueTransaction): QueueRequest {
  return { opId: randomUUID(), kind, consumesReady: true, text: clean, framing: "paste", ...(transaction === undefined ? {} : { transaction }) };
}

/** An exclusive transaction (picker, login) that never consumes readiness; its deadline covers the wait and the run. */
export function transactionOp(opId: string, transaction: QueueTransaction, klass: QueuedOp["klass"], timeoutMs: number, error: ElwoodError): QueuedOp {
  return { opId, kind: "command", klass, consumesReady: false, text: "", framing: "typed", transaction, deadline: { ms: timeoutMs, error } };
}

/** A readiness-waiting slash command the queue completes only when the CLI's compaction hook arrives. */
export function compactOp(adapter: Pick<AgentAdapter, "compactCommand" | "compactDoneHook">, timeoutMs: number): QueuedOp {
  const error = new ElwoodError("compact_failed", `no ${adapter.compactDoneHook} within ${timeoutMs} ms`, { timeoutMs });
  return {
    opId: randomUUID(),
    kind: "command",
    klass: "readiness",
    consumesReady: false,
    text: adapter.compactCommand,
    framing: "typed",
    completeOnHook: adapter.compactDoneHook,
    deadline: { ms: timeoutMs, error },
  };
}

/** The model picker as a transaction: list its rows (then Escape), or set `target` session-only. */
export function pickerTransaction(profile: AgentAdapter["picker"], target?: string): QueueTransaction {
  return { kind: "modelPicker", input: target === undefined ? { mode: "list", profile } : { mode: "set", target, profile } };
}

/** The typed error a picker call past its deadline rejects with. */
export const pickerTimeout =
  (call: "listModels" | "setModel") =>
  (ms: number): ElwoodError =>
    new ElwoodError("model_automation_failed", `${call} did not finish within ${ms} ms`, { timeoutMs: ms });
