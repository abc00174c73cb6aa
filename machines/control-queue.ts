// The control queue: readiness-waiting vs immediate ops, FIFO with overtaking, exactly one submission in flight.

import { assign, enqueueActions, sendTo, setup } from "xstate";
import type { HookEvent as QueueHookEvent } from "../src/contracts/events.js";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";
import { ElwoodError } from "../src/contracts/errors.js";
import { TERMINAL_STATUSES, type SessionStatus } from "../src/contracts/public-types.js";
import type {
  FrameEvent,
  HookEvent,
  StatusChangedEvent,
} from "../src/contracts/events.js";
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
import { modelPickerMachine, NO_PICKER_PROFILE, type ModelPickerInput } from "./model-picker.js";
import { loginMachine, NO_LOGIN_PROFILE, type LoginInput } from "./login.js";
import { imageAttachMachine, type ImageAttachInput } from "./image-attach.js";
import type { EffectRequestEvent, EffectResultEvent, TransactionOutput } from "./transaction.js";

export type QueueOpKind = "message" | "prompt" | "guidance" | "command";
/** readiness = may only reach the terminal at a ready transition; immediate = as soon as nothing is in flight. */
export type QueueOpClass = "readiness" | "immediate";

/**
 * An exclusive transaction the op runs instead of (model picker, login) or before (image attach) its text
 * submission. The queue owns the slot for the whole transaction: nothing else reaches the terminal meanwhile.
 */
export type QueueTransaction =
  | { readonly kind: "modelPicker"; readonly input: Omit<ModelPickerInput, "opId" | "facts"> }
  | { readonly kind: "login"; readonly input: Omit<LoginInput, "opId" | "facts" | "status"> }
  | { readonly kind: "imageAttach"; readonly input: Omit<ImageAttachInput, "opId" | "facts"> };

export interface QueuedOp {
  readonly opId: string;
  readonly kind: QueueOpKind;
  /** Fixed by the session at enqueue time: guidance queued before readiness or behind a dialog stays readiness-waiting, never reclassified later. */
  readonly klass: QueueOpClass;
  /** Messages/guidance/prompts start a user turn and use up the ready transition; slash commands do not. */
  readonly consumesReady: boolean;
  readonly text: string;
  readonly framing: SubmissionFraming;
  readonly transaction?: QueueTransaction;
  /** The caller's deadline: past it the op fails with `error` (a pending op is dropped, an active one cancelled). */
  readonly deadline?: { readonly ms: number; readonly error: ElwoodError };
  /** The op is done only once this hook arrives after its submission (a compaction's PostCompact). */
  readonly completeOnHook?: string;
}

/** What a caller enqueues: an op whose class the queue decides when none is given (submissions). */
export type QueueRequest = Omit<QueuedOp, "klass"> & { readonly klass?: QueueOpClass };

/**
 * The class of a submission, fixed when it is enqueued: a prompt goes straight through; guidance joins a turn that
 * is running (after initial readiness, with no dialog up) and otherwise waits like a message.
 */
export function classify(context: Pick<ControlQueueContext, "status" | "initialReady" | "facts">, kind: QueueOpKind): QueueOpClass {
  if (kind === "prompt") return "immediate";
  if (kind === "guidance" && context.initialReady && context.status === "running" && context.facts?.dialog?.blocking !== true) return "immediate";
  return "readiness";
}

/** A delivered op that is done only when its hook arrives. */
interface AwaitedOp {
  readonly opId: string;
  readonly hook: string;
  readonly deadlineError?: ElwoodError;
}

/** The id of an op's scheduled deadline event (so it can be cancelled when the op settles). */
const deadlineId = (opId: string): string => `deadline:${opId}`;

// ---- events this machine receives ----
export type QueueEnqueueEvent = { readonly type: "queue.enqueue"; readonly op: QueueRequest };
/** A caller deadline expired: a pending op is dropped so it never executes later; an active one is cancelled. */
export type QueueCancelEvent = { readonly type: "queue.cancel"; readonly opId: string; readonly error: ElwoodError };
/** The session ended: every pending and in-flight op fails with `error`. */
export type QueueCloseEvent = { readonly type: "queue.close"; readonly error: ElwoodError };
/** An op's own deadline passed (scheduled by the queue itself when the op was enqueued). */
export type QueueDeadlineEvent = { readonly type: "queue.deadline"; readonly opId: string };
export type ControlQueueEvent =
  | QueueEnqueueEvent
  | QueueCancelEvent
  | QueueCloseEvent
  | QueueDeadlineEvent
  | StatusChangedEvent
  | FrameEvent
  | HookEvent
  | SubmissionRawInputEvent
  | EffectResultEvent
  // from the submission child (its writes go straight to the I/O edge, which answers it):
  | SubmissionPastedEvent
  | SubmissionEnteredEvent
  // from a transaction child:
  | EffectRequestEvent;

// ---- events this machine sends to its parent ----
export type QueueOpWrittenEvent = { readonly type: "queue.opWritten"; readonly opId: string };
/** `joinsTurn`: the op was written into a running turn on purpose (an immediate op), so it starts no turn of its own. */
export type QueueOpEnteredEvent = { readonly type: "queue.opEntered"; readonly opId: string; readonly joinsTurn: boolean };
export type QueueOpDoneEvent = {
  readonly type: "queue.opDone";
  readonly opId: string;
  readonly outcome: "confirmed" | "unconfirmed";
  /** A transaction's result for the caller (listModels rows). */
  readonly result?: unknown;
};
export type QueueOpFailedEvent = { readonly type: "queue.opFailed"; readonly opId: string; readonly error: ElwoodError };
export type ControlQueueParentEvent =
  | QueueOpWrittenEvent
  | QueueOpEnteredEvent
  | QueueOpDoneEvent
  | QueueOpFailedEvent
  | EffectRequestEvent;

export interface ControlQueueInput {
  readonly status?: SessionStatus;
  readonly initialReady?: boolean;
  readonly timing?: Partial<SubmissionTiming>;
}

export interface ControlQueueContext {
  readonly ops: readonly QueuedOp[];
  readonly active: QueuedOp | null;
  /** The active op's submitting Enter has been written. */
  readonly activeEntered: boolean;
  readonly status: SessionStatus;
  readonly initialReady: boolean;
  /** The current ready period has not been used by a turn-starting op yet. */
  readonly readyAvailable: boolean;
  readonly timing: Partial<SubmissionTiming>;
  readonly cancelError: ElwoodError | null;
  readonly closeError: ElwoodError | null;
  /** Latest screen facts, handed to each submission as its starting view of the screen. */
  readonly facts: ScreenFacts | null;
  /** Delivered ops waiting for their completing hook. */
  readonly awaiting: readonly AwaitedOp[];
  /** The active op's completing hook already arrived (before its submission finished). */
  readonly activeHookSeen: boolean;
  /** The active op already failed to its caller (its deadline passed): its later outcome is not reported again. */
  readonly activeReported: boolean;
}

/**
 * Index of the op to dispatch next, or -1. Strict FIFO, except that a readiness-waiting head that
 * cannot run yet lets the first IMMEDIATE op behind it overtake; other readiness ops wait behind the head.
 */
export function pickNext(ops: readonly QueuedOp[], readyUsable: boolean): number {
  const head = ops[0];
  if (!head) return -1;
  if (head.klass === "immediate" || readyUsable) return 0;
  return ops.findIndex((op) => op.klass === "immediate");
}

/**
 * The screen still shows the CLI at work. A turn-end hook can be delivered while the CLI is still running it
 * (Claude's spinner reads `running stop hook`): Claude 2.1.215 queues a prompt entered then and leaves its text in
 * the composer, where the next paste is appended to it (measured under load). So a readiness-waiting op also
 * waits for the screen to show the turn really over.
 */
function screenBusy(facts: ScreenFacts | null): boolean {
  return !!facts && !facts.dialog && (facts.working || facts.titleSpinner);
}

function readyUsable(context: ControlQueueContext): boolean {
  return context.status === "ready" && context.readyAvailable && !screenBusy(context.facts);
}

function notRunning(): ElwoodError {
  return new ElwoodError("session_not_running", "the session ended before this operation ran");
}

type ParentParams = { readonly events: readonly ControlQueueParentEvent[] };

/** The deadline error of an op the queue still knows (pending, active or awaiting its hook). */
function deadlineError(context: ControlQueueContext, opId: string): ElwoodError | undefined {
  const known = [...(context.active ? [context.active] : []), ...context.ops];
  const op = known.find((o) => o.opId === opId);
  if (op?.deadline) return op.deadline.error;
  return context.awaiting.find((a) => a.opId === opId)?.deadlineError;
}
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
    const active = context.active && !context.activeReported ? [context.active.opId] : [];
    const ids = [...active, ...context.ops.map((op) => op.opId), ...context.awaiting.map((a) => a.opId)];
    return { events: ids.map((opId) => failed(opId, error)) };
  },
  /** A deadline passed: a pending op is reported by the cancel it raises; an active or awaited one fails now. */
  deadline: ({ context, event }: Args): ParentParams => {
    if (event.type !== "queue.deadline") return { events: [] };
    const error = deadlineError(context, event.opId);
    if (error === undefined) return { events: [] };
    const activeHere = context.active?.opId === event.opId && !context.activeReported;
    const awaited = context.awaiting.some((a) => a.opId === event.opId);
    return activeHere || awaited ? { events: [failed(event.opId, error)] } : { events: [] };
  },
  /** The hook an awaited op waits for arrived: it is done. */
  awaitedDone: ({ context, event }: Args): ParentParams => {
    if (!event.type.startsWith("hook.")) return { events: [] };
    const name = (event as QueueHookEvent).name;
    return { events: context.awaiting.filter((a) => a.hook === name).map((a) => ({ type: "queue.opDone" as const, opId: a.opId, outcome: "confirmed" as const })) };
  },
  late: ({ context, event }: Args): ParentParams =>
    event.type === "queue.enqueue" ? { events: [failed(event.op.opId, context.closeError ?? notRunning())] } : { events: [] },
  written: ({ event }: Args): ParentParams =>
    event.type === "submission.pasted" ? { events: [{ type: "queue.opWritten", opId: event.opId }] } : { events: [] },
  entered: ({ context, event }: Args): ParentParams =>
    event.type === "submission.entered"
      ? { events: [{ type: "queue.opEntered", opId: event.opId, joinsTurn: context.active?.opId === event.opId && context.active.klass === "immediate" }] }
      : { events: [] },
  childEffect: ({ event }: Args): ParentParams => (event.type === "effect.request" ? { events: [event] } : { events: [] }),
  transactionDone: (context: ControlQueueContext, output: TransactionOutput): ParentParams => {
    if (context.activeReported) return { events: [] };
    if (output.ok) {
      const done: QueueOpDoneEvent = { type: "queue.opDone", opId: output.opId, outcome: "confirmed" };
      return { events: [output.result === undefined ? done : { ...done, result: output.result }] };
    }
    return { events: [failed(output.opId, output.error ?? notRunning())] };
  },
  done: (context: ControlQueueContext, output: SubmissionOutput): ParentParams => {
    if (context.activeReported) return { events: [] };
    if (output.outcome === "confirmed" || output.outcome === "unconfirmed") {
      // An op completed by a later hook is reported when the hook arrives, unless it already came.
      if (context.active?.completeOnHook !== undefined && !context.activeHookSeen) return { events: [] };
      return { events: [{ type: "queue.opDone", opId: output.opId, outcome: output.outcome }] };
    }
    return { events: [failed(output.opId, output.error ?? context.cancelError ?? notRunning())] };
  },
};

/** What a transaction state forwards to (and from) its child; status is tracked here too (state handlers shadow the root's). */
const TRANSACTION_ROUTES = {
  "queue.cancel": { guard: "isActive", actions: "cancelTransaction", description: "Deadline hit the transaction: it cleans up, then fails." },
  "effect.request": { actions: { type: "toParent", params: report.childEffect }, description: "The transaction needs an effect performed." },
  "effect.result": { actions: "forwardToTransaction" },
  "status.changed": { actions: ["trackStatus", "forwardToTransaction"] },
  frame: { actions: ["recordFacts", "forwardToTransaction"] },
  "hook.*": { actions: [{ type: "toParent", params: report.awaitedDone }, "completeAwaited", "forwardToTransaction"] },
  "submission.rawInput": { actions: "forwardToTransaction" },
} as const;

export const controlQueueMachine = setup({
  types: {
    context: {} as ControlQueueContext,
    events: {} as ControlQueueEvent,
    input: {} as ControlQueueInput,
  },
  actors: { submission: submissionMachine, modelPicker: modelPickerMachine, login: loginMachine, imageAttach: imageAttachMachine },
  guards: {
    canDispatch: ({ context }) => !TERMINAL_STATUSES.has(context.status) && pickNext(context.ops, readyUsable(context)) >= 0,
    nextIs: ({ context }, params: { readonly kind: QueueTransaction["kind"] }) => {
      if (TERMINAL_STATUSES.has(context.status)) return false;
      const op = context.ops[pickNext(context.ops, readyUsable(context))];
      return op?.transaction?.kind === params.kind;
    },
    transactionOk: ({ event }) => "output" in event && (event.output as TransactionOutput).ok,
    isActive: ({ context, event }) => event.type === "queue.cancel" && context.active?.opId === event.opId,
  },
  actions: {
    takeNext: assign(({ context }) => {
      const index = pickNext(context.ops, readyUsable(context));
      const op = context.ops[index] ?? null;
      return { active: op, activeEntered: false, activeHookSeen: false, activeReported: false, ops: context.ops.filter((_, i) => i !== index), cancelError: null };
    }),
    append: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "queue.enqueue") return;
      const op: QueuedOp = { ...event.op, klass: event.op.klass ?? classify(context, event.op.kind) };
      enqueue.assign({ ops: [...context.ops, op] });
      // The caller's deadline is the queue's own delayed event: a timeout is a transition the inspector shows.
      if (event.op.deadline) enqueue.raise({ type: "queue.deadline", opId: event.op.opId }, { delay: event.op.deadline.ms, id: deadlineId(event.op.opId) });
    }),
    onDeadline: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "queue.deadline") return;
      const error = deadlineError(context, event.opId);
      if (error === undefined) return;
      if (context.awaiting.some((a) => a.opId === event.opId)) {
        enqueue.assign({ awaiting: context.awaiting.filter((a) => a.opId !== event.opId) });
        return;
      }
      if (context.active?.opId === event.opId) enqueue.assign({ activeReported: true });
      // A pending op is dropped (and reported) by the cancel; an active one cleans up its screen first.
      enqueue.raise({ type: "queue.cancel", opId: event.opId, error });
    }),
    completeAwaited: enqueueActions(({ context, event, enqueue }) => {
      if (!event.type.startsWith("hook.")) return;
      const name = (event as QueueHookEvent).name;
      const done = context.awaiting.filter((a) => a.hook === name);
      for (const a of done) enqueue.cancel(deadlineId(a.opId));
      if (done.length > 0) enqueue.assign({ awaiting: context.awaiting.filter((a) => a.hook !== name) });
      if (context.active?.completeOnHook === name) enqueue.assign({ activeHookSeen: true });
    }),
    /** The active op left the slot: await its hook, or settle its deadline. */
    settleActive: enqueueActions(({ context, event, enqueue }) => {
      const op = context.active;
      if (op === null) return;
      const output = "output" in event ? (event.output as { readonly outcome?: string; readonly ok?: boolean }) : undefined;
      const delivered = output?.outcome === "confirmed" || output?.outcome === "unconfirmed";
      if (op.completeOnHook !== undefined && delivered && !context.activeHookSeen && !context.activeReported) {
        const awaited: AwaitedOp = op.deadline ? { opId: op.opId, hook: op.completeOnHook, deadlineError: op.deadline.error } : { opId: op.opId, hook: op.completeOnHook };
        enqueue.assign({ awaiting: [...context.awaiting, awaited] });
        return;
      }
      enqueue.cancel(deadlineId(op.opId));
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
    dropPending: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "queue.cancel" || !context.ops.some((op) => op.opId === event.opId)) return;
      enqueue.cancel(deadlineId(event.opId));
      enqueue.assign({ ops: context.ops.filter((op) => op.opId !== event.opId) });
    }),
    cancelActive: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "queue.cancel") return;
      enqueue.assign({ cancelError: event.error });
      enqueue.sendTo("submission", { type: "submission.cancel" });
    }),
    clearAll: enqueueActions(({ context, event, enqueue }) => {
      const ids = [...(context.active ? [context.active.opId] : []), ...context.ops.map((op) => op.opId), ...context.awaiting.map((a) => a.opId)];
      for (const id of ids) enqueue.cancel(deadlineId(id));
      enqueue.assign({ ops: [], active: null, awaiting: [], closeError: event.type === "queue.close" ? event.error : notRunning() });
    }),
    forwardToSubmission: sendTo("submission", ({ event }) => event),
    forwardToTransaction: sendTo("transaction", ({ event }) => event),
    cancelTransaction: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "queue.cancel") return;
      enqueue.sendTo("transaction", { type: "transaction.cancel", error: event.error });
    }),
    markEntered: assign(({ context }) => ({
      activeEntered: true,
      // Readiness is used up only when the turn-starting Enter is really written, so an op that
      // fails or is cancelled before its Enter leaves the ready transition for the next one.
      readyAvailable: context.active?.consumesReady ? false : context.readyAvailable,
    })),
    finishActive: assign({ active: null, activeEntered: false, cancelError: null, activeHookSeen: false, activeReported: false }),
    recordFacts: assign({ facts: ({ context, event }) => (event.type === "frame" ? event.facts : context.facts) }),
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
    facts: null,
    awaiting: [],
    activeHookSeen: false,
    activeReported: false,
  }),
  initial: "idle",
  on: {
    "queue.enqueue": { actions: "append", description: "Queue the op behind everything already waiting." },
    "status.changed": { actions: "trackStatus", description: "Track status; entering ready re-arms one ready transition." },
    frame: { actions: "recordFacts", description: "Remember the screen for the next submission's first judgement." },
    "hook.*": { actions: [{ type: "toParent", params: report.awaitedDone }, "completeAwaited"], description: "A completing hook (PostCompact) finishes the op that waits for it." },
    "queue.deadline": {
      actions: [{ type: "toParent", params: report.deadline }, "onDeadline"],
      description: "An op's deadline passed: it fails with its timeout error (an active one is cancelled and cleans up).",
    },
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
      always: [
        { guard: { type: "nextIs", params: { kind: "modelPicker" } }, target: "picking", actions: "takeNext", description: "A /model transaction takes the slot." },
        { guard: { type: "nextIs", params: { kind: "login" } }, target: "loggingIn", actions: "takeNext", description: "A /login transaction takes the slot." },
        { guard: { type: "nextIs", params: { kind: "imageAttach" } }, target: "attaching", actions: "takeNext", description: "Attach images before the text." },
        { guard: "canDispatch", target: "submitting", actions: "takeNext", description: "Head is eligible, or an immediate op overtakes a waiting head." },
      ],
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
          facts: context.facts,
        }),
        onDone: {
          target: "idle",
          actions: [{ type: "toParent", params: ({ context, event }) => report.done(context, event.output) }, "settleActive", "finishActive"],
          description: "Submission finished: report it and look for the next op.",
        },
      },
      on: {
        "queue.cancel": { guard: "isActive", actions: "cancelActive", description: "Deadline hit the in-flight op: cancel it." },
        "submission.pasted": { actions: { type: "toParent", params: report.written }, description: "First physical write of the op." },
        "submission.entered": {
          actions: ["markEntered", { type: "toParent", params: report.entered }],
          description: "Submitting Enter written; consumes readiness for turn-starting ops.",
        },
        frame: { actions: ["recordFacts", "forwardToSubmission"] },
        "hook.*": { actions: [{ type: "toParent", params: report.awaitedDone }, "completeAwaited", "forwardToSubmission"] },
        "submission.rawInput": { actions: "forwardToSubmission" },
      },
    },
    picking: {
      description: "A /model transaction owns the slot until it has opened, driven and closed the picker.",
      invoke: {
        id: "transaction",
        src: "modelPicker",
        input: ({ context }): ModelPickerInput => {
          const t = context.active?.transaction;
          const base = t?.kind === "modelPicker" ? t.input : { mode: "list" as const, profile: NO_PICKER_PROFILE };
          return { ...base, opId: context.active?.opId ?? "", facts: context.facts };
        },
        onDone: {
          target: "idle",
          actions: [{ type: "toParent", params: ({ context, event }) => report.transactionDone(context, event.output) }, "settleActive", "finishActive"],
          description: "Picker transaction finished: report its rows / failure and look for the next op.",
        },
      },
      on: TRANSACTION_ROUTES,
    },
    loggingIn: {
      description: "An exclusive /login transaction: nothing interleaves with its keys, code or Enter.",
      invoke: {
        id: "transaction",
        src: "login",
        input: ({ context }): LoginInput => {
          const t = context.active?.transaction;
          const base = t?.kind === "login" ? t.input : { profile: NO_LOGIN_PROFILE };
          return { ...base, opId: context.active?.opId ?? "", facts: context.facts, status: context.status };
        },
        onDone: {
          target: "idle",
          actions: [{ type: "toParent", params: ({ context, event }) => report.transactionDone(context, event.output) }, "settleActive", "finishActive"],
          description: "Login finished: report and look for the next op.",
        },
      },
      on: TRANSACTION_ROUTES,
    },
    attaching: {
      description: "Attach the op's images, each confirmed by its chip, before its text is submitted.",
      invoke: {
        id: "transaction",
        src: "imageAttach",
        input: ({ context }): ImageAttachInput => {
          const t = context.active?.transaction;
          const base = t?.kind === "imageAttach" ? t.input : { files: [], via: "paste" as const };
          return { ...base, opId: context.active?.opId ?? "", facts: context.facts };
        },
        onDone: [
          { guard: "transactionOk", target: "submitting", description: "Every chip confirmed: submit the text in the same slot (one turn)." },
          {
            target: "idle",
            actions: [{ type: "toParent", params: ({ context, event }) => report.transactionDone(context, event.output) }, "settleActive", "finishActive"],
            description: "Attach failed: no text is submitted.",
          },
        ],
      },
      on: TRANSACTION_ROUTES,
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
