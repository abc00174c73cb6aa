// The control queue's model: its input, event alphabet, state serializer and traversal options, shared by the
// graph-generated model test and the PTY replay test so both walk the same paths.

import { assign as xassign, setup as xsetup, type EventObject, type SnapshotFrom } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { NO_LOGIN_PROFILE } from "../../machines/login.js";
import { controlQueueMachine, type ControlQueueEvent, type ControlQueueInput, type QueuedOp } from "../../machines/control-queue.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import type { AnyEvent } from "./machine-host.js";

export type Snap = SnapshotFrom<typeof controlQueueMachine>;
export const TIMING = { settleMs: 5, enterRetries: 1, confirmIntervalMs: 20, holdRetryMs: 5 };
export const INPUT: ControlQueueInput = { status: "running", initialReady: false, timing: TIMING };
export const OPS: readonly QueuedOp[] = [
  { opId: "m1", kind: "message", klass: "readiness", consumesReady: true, text: "hello", framing: "paste" },
  { opId: "p1", kind: "prompt", klass: "immediate", consumesReady: true, text: "now", framing: "paste" },
  { opId: "c1", kind: "command", klass: "readiness", consumesReady: false, text: "/compact", framing: "typed" },
];
const STATUSES: readonly SessionStatus[] = ["running", "ready", "blocked"];
export const DONE = "xstate.done.actor.submission";
export const timeout = new ElwoodError("wait_timeout", "model deadline");

// Graph traversal has no parent actor: stub the one parent-facing action; everything else is production.
export const modelMachine = controlQueueMachine.provide({ actions: { toParent: () => {} } });

export function events(snap: Snap): ControlQueueEvent[] {
  const c = snap.context;
  const out: AnyEvent[] = [];
  const queued = new Set([...c.ops.map((o) => o.opId), c.active?.opId]);
  for (const op of OPS) if (!queued.has(op.opId)) out.push({ type: "queue.enqueue", op });
  for (const to of STATUSES) {
    if (to !== c.status) out.push({ type: "status.changed", from: c.status, to, initial: to === "ready" && !c.initialReady });
  }
  for (const op of c.ops) out.push({ type: "queue.cancel", opId: op.opId, error: timeout });
  if (snap.matches("submitting") && c.active) {
    const opId = c.active.opId;
    if (!c.activeEntered) {
      out.push({ type: "submission.entered", opId });
      out.push({ type: DONE, output: { opId, outcome: "failed", entered: false, recoveryEnters: 0, error: new ElwoodError("pty_write_failed", "model") } });
    } else {
      out.push({ type: DONE, output: { opId, outcome: "confirmed", entered: true, recoveryEnters: 0 } });
    }
    out.push({ type: "queue.cancel", opId, error: timeout });
  }
  if (!snap.matches("closed")) out.push({ type: "queue.close", error: new ElwoodError("session_not_running", "model close") });
  return out as ControlQueueEvent[];
}

export function serialize(snap: Snap): string {
  const c = snap.context;
  return JSON.stringify([snap.value, c.ops.map((o) => o.opId), c.active?.opId ?? null, c.activeEntered, c.status, c.readyAvailable, c.initialReady]);
}

export const options = { input: INPUT, events, serializeState: serialize };

// ---- the transaction states (picking, loggingIn, attaching), with stand-ins for the transaction children ----

/** Stands in for a transaction child: finishes when the queue forwards it an effect.result. */
const stubTransaction = xsetup({
  types: { input: {} as { opId: string }, context: {} as { opId: string; ok: boolean } },
}).createMachine({
  context: ({ input }) => ({ opId: input.opId, ok: true }),
  initial: "running",
  states: {
    running: {
      on: { "effect.result": { target: "done", actions: xassign({ ok: ({ event }) => (event as unknown as { ok: boolean }).ok }) } },
    },
    done: { type: "final" },
  },
  output: ({ context }) =>
    context.ok ? { opId: context.opId, ok: true, result: ["rows"] } : { opId: context.opId, ok: false, error: new ElwoodError("model_automation_failed", "stub") },
});

export const TX_OPS: readonly QueuedOp[] = [
  { opId: "pick", kind: "command", klass: "immediate", consumesReady: false, text: "", framing: "typed", transaction: { kind: "modelPicker", input: { mode: "list", profile: claudeAdapter.picker } } },
  { opId: "login", kind: "command", klass: "immediate", consumesReady: false, text: "", framing: "typed", transaction: { kind: "login", input: { profile: NO_LOGIN_PROFILE } } },
  { opId: "img", kind: "message", klass: "readiness", consumesReady: true, text: "look", framing: "paste", transaction: { kind: "imageAttach", input: { files: ["/a.png"], via: "paste" } } },
];

// The stub has its own context type; the queue only sees its output, so the actor slots accept it.
export const STUBS = { modelPicker: stubTransaction, login: stubTransaction, imageAttach: stubTransaction } as never;

type QSnap = { value: unknown; context: { ops: readonly QueuedOp[]; active: QueuedOp | null; status: string; initialReady: boolean } };
const transactionEvents = (snap: QSnap): EventObject[] => {
  const c = snap.context;
  const out: EventObject[] = [];
  const queued = new Set([...c.ops.map((o) => o.opId), c.active?.opId]);
  for (const op of TX_OPS) if (!queued.has(op.opId)) out.push({ type: "queue.enqueue", op } as EventObject);
  out.push({ type: "status.changed", from: c.status, to: c.status === "ready" ? "running" : "ready", initial: !c.initialReady } as EventObject);
  if (["picking", "loggingIn", "attaching"].includes(String(snap.value))) {
    // Graph traversal runs no children: their completion is offered as the done event itself.
    const opId = c.active?.opId ?? "";
    out.push({ type: "xstate.done.actor.transaction", output: { opId, ok: true, result: ["rows"] } } as EventObject);
    out.push({ type: "xstate.done.actor.transaction", output: { opId, ok: false, error: new ElwoodError("model_automation_failed", "stub") } } as EventObject);
    out.push({ type: "queue.cancel", opId: c.active?.opId ?? "", error: new ElwoodError("model_automation_failed", "deadline") } as EventObject);
  }
  if (snap.value !== "closed") out.push({ type: "queue.close", error: new ElwoodError("session_not_running", "closed") } as EventObject);
  return out;
};
const transactionSerialize = (snap: QSnap): string => JSON.stringify([snap.value, snap.context.ops.map((o) => o.opId), snap.context.active?.opId ?? null, snap.context.status]);

/** The queue whose transaction children are stand-ins; graph traversal stubs the one parent-facing action. */
export const transactionQueueModel = controlQueueMachine.provide({ actions: { toParent: () => {} }, actors: STUBS });

export const transactionTraversal = {
  input: { status: "running", timing: { settleMs: 5, enterRetries: 1, confirmIntervalMs: 20, holdRetryMs: 5 } },
  events: transactionEvents,
  serializeState: transactionSerialize,
};
