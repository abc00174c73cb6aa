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

interface ControlQueueContext {
  readonly ops: readonly QueuedOp[];
  readonly active: QueuedOp | null;
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
      return { active: op, ops: context.ops.filter((_, i) => i !== index), cancelError: null };
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
    dropPending: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "queue.cancel" || !context.ops.some((op) => op.opId === event.opId)) return;
      enqueue.assign({ ops: context.ops.filter((op) => op.opId !== event.opId) });
      enqueue.sendParent({ type: "queue.opFailed", opId: event.opId, error: event.error } satisfies QueueOpFailedEvent);
    }),
    cancelActive: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "queue.cancel") return;
      enqueue.assign({ cancelError: event.error });
      enqueue.sendTo("submission", { type: "submission.cancel" });
    }),
    failEverything: enqueueActions(({ context, event, enqueue }) => {
      const error = event.type === "queue.close" ? event.error : notRunning();
      for (const op of context.active ? [context.active, ...context.ops] : context.ops) {
        enqueue.sendParent({ type: "queue.opFailed", opId: op.opId, error } satisfies QueueOpFailedEvent);
      }
      enqueue.assign({ ops: [], active: null, closeError: error });
    }),
    rejectLate: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "queue.enqueue") return;
      const error = context.closeError ?? notRunning();
      enqueue.sendParent({ type: "queue.opFailed", opId: event.op.opId, error } satisfies QueueOpFailedEvent);
    }),
    forwardToSubmission: sendTo("submission", ({ event }) => event),
    forwardToParent: enqueueActions(({ event, enqueue }) => {
      if (event.type === "io.write") enqueue.sendParent(event);
    }),
    reportWritten: enqueueActions(({ event, enqueue }) => {
      if (event.type === "submission.pasted") enqueue.sendParent({ type: "queue.opWritten", opId: event.opId } satisfies QueueOpWrittenEvent);
    }),
    reportEntered: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "submission.entered") return;
      // Readiness is used up only when the turn-starting Enter is really written, so an op that
      // fails or is cancelled before its Enter leaves the ready transition for the next one.
      if (context.active?.consumesReady) enqueue.assign({ readyAvailable: false });
      enqueue.sendParent({ type: "queue.opEntered", opId: event.opId } satisfies QueueOpEnteredEvent);
    }),
  },
}).createMachine({
  id: "controlQueue",
  context: ({ input }) => ({
    ops: [],
    active: null,
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
    "queue.cancel": { actions: "dropPending", description: "Remove a pending op so it never executes later." },
    "queue.close": { target: ".closed", actions: "failEverything", description: "Session ended: reject every op." },
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
          actions: enqueueActions(({ context, event, enqueue }) => {
            const output: SubmissionOutput = event.output;
            if (output.outcome === "confirmed" || output.outcome === "unconfirmed") {
              enqueue.sendParent({ type: "queue.opDone", opId: output.opId, outcome: output.outcome } satisfies QueueOpDoneEvent);
            } else {
              const error = output.error ?? context.cancelError ?? notRunning();
              enqueue.sendParent({ type: "queue.opFailed", opId: output.opId, error } satisfies QueueOpFailedEvent);
            }
            enqueue.assign({ active: null, cancelError: null });
          }),
          description: "Submission finished: report it and look for the next op.",
        },
      },
      on: {
        "queue.cancel": { guard: "isActive", actions: "cancelActive", description: "Deadline hit the in-flight op: cancel it." },
        "io.write": { actions: "forwardToParent", description: "The submission asks the edge to write." },
        "submission.pasted": { actions: "reportWritten", description: "First physical write of the op." },
        "submission.entered": { actions: "reportEntered", description: "Submitting Enter written; consumes readiness for turn-starting ops." },
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
        "queue.enqueue": { actions: "rejectLate", description: "Reject an op enqueued after close." },
        "queue.close": {},
        "queue.cancel": {},
      },
    },
  },
});

export type ControlQueueMachine = typeof controlQueueMachine;
