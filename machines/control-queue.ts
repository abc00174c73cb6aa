// The control queue: readiness-waiting vs immediate ops, FIFO with overtaking, exactly one submission in flight.

import { assign, enqueueActions, sendTo, setup } from "xstate";
import { ElwoodError } from "../src/errors.js";
import { TERMINAL_STATUSES, type ElwoodSessionStatus } from "../src/public-types.js";
import type {
  FrameEvent,
  HookEvent,
  IoFailedEvent,
  IoHeldEvent,
  IoWriteRequest,
  IoWrittenEvent,
  StatusChangedEvent,
} from "./events.js";
import {
  submissionMachine,
  type SubmissionEnteredEvent,
  type SubmissionFraming,
  type SubmissionInput,
  type SubmissionOutput,
  type SubmissionPastedEvent,
  type SubmissionRawInputEvent,
  type SubmissionTiming,
} from "./submission.js";

export type QueueOpKind = "message" | "prompt" | "guidance" | "command";
/** readiness = may only reach the terminal at a ready transition; immediate = as soon as nothing is in flight. */
export type QueueOpClass = "readiness" | "immediate";

export interface QueuedOp {
  readonly opId: string;
  readonly kind: QueueOpKind;
  /** Fixed by the session at enqueue time (guidance never reclassifies later, §10.4). */
  readonly klass: QueueOpClass;
  /** Messages/guidance/prompts start a user turn and use up the ready transition; slash commands do not. */
  readonly consumesReady: boolean;
  readonly text: string;
  readonly framing: SubmissionFraming;
}

// ---- events this machine receives ----
export type QueueEnqueueEvent = { readonly type: "queue.enqueue"; readonly op: QueuedOp };
/** A caller deadline expired: a pending op is dropped so it never executes later; an active one is cancelled. */
export type QueueCancelEvent = { readonly type: "queue.cancel"; readonly opId: string; readonly error: ElwoodError };
/** The session ended: every pending and in-flight op fails with `error`. */
export type QueueCloseEvent = { readonly type: "queue.close"; readonly error: ElwoodError };
export type ControlQueueEvent =
  | QueueEnqueueEvent
  | QueueCancelEvent
  | QueueCloseEvent
  | StatusChangedEvent
  | FrameEvent
  | HookEvent
  | IoWrittenEvent
  | IoHeldEvent
  | IoFailedEvent
  | SubmissionRawInputEvent
  // from the submission child:
  | IoWriteRequest
  | SubmissionPastedEvent
  | SubmissionEnteredEvent;

// ---- events this machine sends to its parent (besides forwarded io.write requests) ----
export type QueueOpWrittenEvent = { readonly type: "queue.opWritten"; readonly opId: string };
export type QueueOpEnteredEvent = { readonly type: "queue.opEntered"; readonly opId: string };
export type QueueOpDoneEvent = {
  readonly type: "queue.opDone";
  readonly opId: string;
  readonly outcome: "confirmed" | "unconfirmed";
};
export type QueueOpFailedEvent = { readonly type: "queue.opFailed"; readonly opId: string; readonly error: ElwoodError };
export type ControlQueueParentEvent =
  | IoWriteRequest
  | QueueOpWrittenEvent
  | QueueOpEnteredEvent
  | QueueOpDoneEvent
  | QueueOpFailedEvent;

export interface ControlQueueInput {
  readonly status?: ElwoodSessionStatus;
  readonly initialReady?: boolean;
  readonly timing?: Partial<SubmissionTiming>;
}

export interface ControlQueueContext {
  readonly ops: readonly QueuedOp[];
  readonly active: QueuedOp | null;
  /** The active op's submitting Enter has been written. */
  readonly activeEntered: boolean;
  readonly status: ElwoodSessionStatus;
  readonly initialReady: boolean;
  /** The current ready period has not been used by a turn-starting op yet. */
  readonly readyAvailable: boolean;
  readonly timing: Partial<SubmissionTiming>;
  readonly cancelError: ElwoodError | null;
  readonly closeError: ElwoodError | null;
}

/**
 * Index of the op to dispatch next, or -1. Strict FIFO, except that a readiness-waiting head that
 * cannot run yet lets the first IMMEDIATE op behind it overtake (§10.5); other readiness ops wait.
 */
export function pickNext(ops: readonly QueuedOp[], readyUsable: boolean): number {
  const head = ops[0];
  if (!head) return -1;
  if (head.klass === "immediate" || readyUsable) return 0;
  return ops.findIndex((op) => op.klass === "immediate");
}

function readyUsable(context: ControlQueueContext): boolean {
  return context.status === "ready" && context.readyAvailable;
}

function notRunning(): ElwoodError {
  return new ElwoodError("session_not_running", "the session ended before this operation ran");
}

type ParentParams = { readonly events: readonly ControlQueueParentEvent[] };
type Args = { readonly context: ControlQueueContext; readonly event: ControlQueueEvent };

function failed(opId: string, error: ElwoodError): QueueOpFailedEvent {
  return { type: "queue.opFailed", opId, error };
}

/** Parent-facing reports, computed from the event at hand (pure; the `toParent` action sends them). */
const report = {
  cancelledPending: ({ context, event }: Args): ParentParams =>
    event.type === "queue.cancel" && context.ops.some((op) => op.opId === event.opId)
      ? { events: [failed(event.opId, event.error)] }
      : { events: [] },
  closeAll: ({ context, event }: Args): ParentParams => {
    const error = event.type === "queue.close" ? event.error : notRunning();
    const ops = context.active ? [context.active, ...context.ops] : context.ops;
    return { events: ops.map((op) => failed(op.opId, error)) };
  },
  late: ({ context, event }: Args): ParentParams =>
    event.type === "queue.enqueue" ? { events: [failed(event.op.opId, context.closeError ?? notRunning())] } : { events: [] },
  childWrite: ({ event }: Args): ParentParams => (event.type === "io.write" ? { events: [event] } : { events: [] }),
  written: ({ event }: Args): ParentParams =>
    event.type === "submission.pasted" ? { events: [{ type: "queue.opWritten", opId: event.opId }] } : { events: [] },
  entered: ({ event }: Args): ParentParams =>
    event.type === "submission.entered" ? { events: [{ type: "queue.opEntered", opId: event.opId }] } : { events: [] },
  done: (context: ControlQueueContext, output: SubmissionOutput): ParentParams => {
    if (output.outcome === "confirmed" || output.outcome === "unconfirmed") {
      return { events: [{ type: "queue.opDone", opId: output.opId, outcome: output.outcome }] };
    }
    return { events: [failed(output.opId, output.error ?? context.cancelError ?? notRunning())] };
  },
};

export const controlQueueMachine = setup({
  types: {
    context: {} as ControlQueueContext,
    events: {} as ControlQueueEvent,
    input: {} as ControlQueueInput,
  },
  actors: { submission: submissionMachine },
  guards: {
    canDispatch: ({ context }) => !TERMINAL_STATUSES.has(context.status) && pickNext(context.ops, readyUsable(context)) >= 0,
    isActive: ({ context, event }) => event.type === "queue.cancel" && context.active?.opId === event.opId,
  },
  actions: {
    takeNext: assign(({ context }) => {
      const index = pickNext(context.ops, readyUsable(context));
      const op = context.ops[index] ?? null;
      return { active: op, activeEntered: false, ops: context.ops.filter((_, i) => i !== index), cancelError: null };
    }),
    append: assign({
      ops: ({ context, event }) => (event.type === "queue.enqueue" ? [...context.ops, event.op] : context.ops),
    }),
    trackStatus: assign(({ context, event }) => {
      if (event.type !== "status.changed") return {};
      const enteredReady = event.to === "ready" && event.from !== "ready";
      return {
        status: event.to,
        initialReady: context.initialReady || event.initial || event.to === "ready",
        readyAvailable: enteredReady ? true : event.to === "ready" ? context.readyAvailable : false,
      };
    }),
    /** Every event to the session goes through here, so graph traversal can stub the one side effect. */
    toParent: enqueueActions(({ enqueue }, params: { readonly events: readonly ControlQueueParentEvent[] }) => {
      for (const event of params.events) enqueue.sendParent(event);
    }),
    dropPending: assign({
      ops: ({ context, event }) => (event.type === "queue.cancel" ? context.ops.filter((op) => op.opId !== event.opId) : context.ops),
    }),
    cancelActive: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "queue.cancel") return;
      enqueue.assign({ cancelError: event.error });
      enqueue.sendTo("submission", { type: "submission.cancel" });
    }),
    clearAll: assign(({ event }) => ({
      ops: [],
      active: null,
      closeError: event.type === "queue.close" ? event.error : notRunning(),
    })),
    forwardToSubmission: sendTo("submission", ({ event }) => event),
    markEntered: assign(({ context }) => ({
      activeEntered: true,
      // Readiness is used up only when the turn-starting Enter is really written, so an op that
      // fails or is cancelled before its Enter leaves the ready transition for the next one.
      readyAvailable: context.active?.consumesReady ? false : context.readyAvailable,
    })),
    finishActive: assign({ active: null, activeEntered: false, cancelError: null }),
  },
}).createMachine({
  id: "controlQueue",
  context: ({ input }) => ({
    ops: [],
    active: null,
    activeEntered: false,
    status: input.status ?? "starting",
    initialReady: input.initialReady ?? input.status === "ready",
    readyAvailable: input.status === "ready",
    timing: input.timing ?? {},
    cancelError: null,
    closeError: null,
  }),
  initial: "idle",
  on: {
    "queue.enqueue": { actions: "append", description: "Queue the op behind everything already waiting." },
    "status.changed": { actions: "trackStatus", description: "Track status; entering ready re-arms one ready transition." },
    "queue.cancel": {
      actions: [{ type: "toParent", params: report.cancelledPending }, "dropPending"],
      description: "Remove a pending op so it never executes later.",
    },
    "queue.close": {
      target: ".closed",
      actions: [{ type: "toParent", params: report.closeAll }, "clearAll"],
      description: "Session ended: reject every op, the in-flight one included.",
    },
  },
  states: {
    idle: {
      description: "Nothing in flight; dispatch as soon as an op is eligible.",
      always: { guard: "canDispatch", target: "submitting", actions: "takeNext", description: "Head is eligible, or an immediate op overtakes a waiting head." },
    },
    submitting: {
      description: "Exactly one submission in flight; its paste and Enters never interleave with another op.",
      invoke: {
        id: "submission",
        src: "submission",
        input: ({ context }): SubmissionInput => ({
          ...context.timing,
          opId: context.active?.opId ?? "",
          text: context.active?.text ?? "",
          framing: context.active?.framing ?? "paste",
        }),
        onDone: {
          target: "idle",
          actions: [{ type: "toParent", params: ({ context, event }) => report.done(context, event.output) }, "finishActive"],
          description: "Submission finished: report it and look for the next op.",
        },
      },
      on: {
        "queue.cancel": { guard: "isActive", actions: "cancelActive", description: "Deadline hit the in-flight op: cancel it." },
        "io.write": { actions: { type: "toParent", params: report.childWrite }, description: "The submission asks the edge to write." },
        "submission.pasted": { actions: { type: "toParent", params: report.written }, description: "First physical write of the op." },
        "submission.entered": {
          actions: ["markEntered", { type: "toParent", params: report.entered }],
          description: "Submitting Enter written; consumes readiness for turn-starting ops.",
        },
        "io.written": { actions: "forwardToSubmission" },
        "io.held": { actions: "forwardToSubmission" },
        "io.failed": { actions: "forwardToSubmission" },
        frame: { actions: "forwardToSubmission" },
        "hook.*": { actions: "forwardToSubmission" },
        "submission.rawInput": { actions: "forwardToSubmission" },
      },
    },
    closed: {
      description: "Session ended: anything enqueued now fails at once.",
      on: {
        "queue.enqueue": { actions: { type: "toParent", params: report.late }, description: "Reject an op enqueued after close." },
        "queue.close": {},
        "queue.cancel": {},
      },
    },
  },
});

export type ControlQueueMachine = typeof controlQueueMachine;
