// Interrupt: one Escape only when a real turn is in flight, coalesced callers, resolved at the next ready (C-API-38).

import { isOurs, writeRequestActions } from "./write-request.js";
import { assign, setup } from "xstate";
import { ElwoodError } from "../src/contracts/errors.js";
import { TERMINAL_STATUSES, type SessionStatus } from "../src/contracts/public-types.js";
import type { IoFailedEvent, IoHeldEvent, IoWriteRequest, IoWrittenEvent, StatusChangedEvent } from "../src/contracts/events.js";
import { ESCAPE } from "./paste-framing.js";

export const INTERRUPT_DEFAULT_TIMEOUT_MS = 10_000;
/** Back-off before re-requesting an Escape the edge held because the screen was not observed yet. */
export const INTERRUPT_HOLD_RETRY_MS = 100;

// ---- events this machine receives ----
export type InterruptRequestEvent = {
  readonly type: "interrupt.request";
  readonly id: string;
  readonly timeoutMs?: number | undefined;
};
export type SessionEndedEvent = { readonly type: "session.ended" };
export type InterruptEvent =
  | InterruptRequestEvent
  | SessionEndedEvent
  | StatusChangedEvent
  | IoWrittenEvent
  | IoHeldEvent
  | IoFailedEvent;

// ---- events this machine sends to its parent (besides io.write) ----
export type InterruptResolvedEvent = { readonly type: "interrupt.resolved"; readonly ids: readonly string[] };
export type InterruptFailedEvent = { readonly type: "interrupt.failed"; readonly ids: readonly string[]; readonly error: ElwoodError };
export type InterruptParentEvent = IoWriteRequest | InterruptResolvedEvent | InterruptFailedEvent;

export interface InterruptInput {
  readonly status?: SessionStatus;
  readonly initialReady?: boolean;
}

export interface InterruptContext {
  readonly status: SessionStatus;
  readonly initialReady: boolean;
  /** Callers waiting on the one in-flight Escape. */
  readonly ids: readonly string[];
  readonly timeoutMs: number;
  readonly seq: number;
  readonly pendingRequestId: string | null;
}

function notRunning(): ElwoodError {
  return new ElwoodError("session_not_running", "the session is not running");
}

type ParentParams = { readonly events: readonly InterruptParentEvent[] };
type Args = { readonly context: InterruptContext; readonly event: InterruptEvent };
type FailReason = "timeout" | "ended" | "write";

function failure(reason: FailReason): ElwoodError {
  if (reason === "ended") return notRunning();
  return new ElwoodError(
    "interrupt_failed",
    reason === "timeout" ? "the session did not reach ready in time" : "the Escape could not be written",
  );
}

/** Parent-facing events, computed purely (the `toParent` action sends them). */
const report = {
  resolveAlone: ({ event }: Args): ParentParams =>
    event.type === "interrupt.request" ? { events: [{ type: "interrupt.resolved", ids: [event.id] }] } : { events: [] },
  failAlone: ({ event }: Args): ParentParams =>
    event.type === "interrupt.request"
      ? { events: [{ type: "interrupt.failed", ids: [event.id], error: notRunning() }] }
      : { events: [] },
  // guardDialog false: Escape is how a human dismisses the permission dialog that blocks the turn.
  escape: ({ context }: Args): ParentParams => ({
    events: [{ type: "io.write", requestId: context.pendingRequestId ?? "", data: ESCAPE, purpose: "escape", guardDialog: false }],
  }),
  resolveAll: ({ context }: Args): ParentParams => ({ events: [{ type: "interrupt.resolved", ids: context.ids }] }),
  failAll:
    (reason: FailReason) =>
    ({ context }: Args): ParentParams => ({ events: [{ type: "interrupt.failed", ids: context.ids, error: failure(reason) }] }),
};

export const interruptMachine = setup({
  types: {
    context: {} as InterruptContext,
    events: {} as InterruptEvent,
    input: {} as InterruptInput,
  },
  delays: {
    interruptTimeout: ({ context }) => context.timeoutMs,
    holdRetry: INTERRUPT_HOLD_RETRY_MS,
  },
  guards: {
    sessionEnded: ({ context }) => TERMINAL_STATUSES.has(context.status),
    // Pre-readiness `running` is startup, not a user turn: Escape into a booting TUI must not fire.
    turnInFlight: ({ context }) => context.initialReady && (context.status === "running" || context.status === "blocked"),
    becameReady: ({ event }) => event.type === "status.changed" && event.to === "ready",
    becameTerminal: ({ event }) => event.type === "status.changed" && TERMINAL_STATUSES.has(event.to),
    isOurs,
  },
  actions: {
    trackStatus: assign(({ context, event }) =>
      event.type === "status.changed"
        ? { status: event.to, initialReady: context.initialReady || event.initial || event.to === "ready" }
        : {},
    ),
    /** Every event to the session goes through here, so graph traversal can stub the one side effect. */
    begin: assign(({ event }) =>
      event.type === "interrupt.request"
        ? { ids: [event.id], timeoutMs: event.timeoutMs ?? INTERRUPT_DEFAULT_TIMEOUT_MS }
        : {},
    ),
    join: assign({
      ids: ({ context, event }) => (event.type === "interrupt.request" ? [...context.ids, event.id] : context.ids),
    }),
    ...writeRequestActions<InterruptContext, InterruptEvent, InterruptParentEvent>((context, seq) => `interrupt:${seq}`),
    settle: assign({ ids: [], pendingRequestId: null }),
  },
}).createMachine({
  id: "interrupt",
  context: ({ input }) => ({
    status: input.status ?? "starting",
    initialReady: input.initialReady ?? input.status === "ready",
    ids: [],
    timeoutMs: INTERRUPT_DEFAULT_TIMEOUT_MS,
    seq: 0,
    pendingRequestId: null,
  }),
  initial: "idle",
  on: {
    "status.changed": { actions: "trackStatus", description: "Track the public status and first readiness." },
  },
  states: {
    idle: {
      on: {
        "interrupt.request": [
          { guard: "sessionEnded", actions: { type: "toParent", params: report.failAlone }, description: "Already terminal: session_not_running." },
          { guard: "turnInFlight", target: "pending", actions: "begin", description: "A real turn runs: send one Escape." },
          { actions: { type: "toParent", params: report.resolveAlone }, description: "No turn in flight: resolve now and write nothing (Escape is not neutral)." },
        ],
        "session.ended": { target: "ended", description: "Session terminated." },
      },
    },
    pending: {
      description: "One Escape requested; every caller waits for the next ready.",
      initial: "writing",
      after: {
        interruptTimeout: { target: "idle", actions: [{ type: "toParent", params: report.failAll("timeout") }, "settle"], description: "No ready within the first caller's timeout: interrupt_failed." },
      },
      on: {
        "interrupt.request": { actions: "join", description: "Coalesce: no second Escape." },
        "status.changed": [
          { guard: "becameReady", target: "idle", actions: ["trackStatus", { type: "toParent", params: report.resolveAll }, "settle"], description: "Next ready: the interrupt took effect." },
          { guard: "becameTerminal", target: "ended", actions: ["trackStatus", { type: "toParent", params: report.failAll("ended") }, "settle"], description: "Session terminated first." },
          { actions: "trackStatus" },
        ],
        "session.ended": { target: "ended", actions: [{ type: "toParent", params: report.failAll("ended") }, "settle"], description: "Session terminated first." },
      },
      states: {
        writing: {
          entry: ["nextRequest", { type: "toParent", params: report.escape }],
          on: {
            "io.written": { guard: "isOurs", target: "awaitingReady", actions: "clearRequest", description: "Escape written." },
            "io.held": { guard: "isOurs", target: "held", actions: "clearRequest", description: "Screen not observed yet: nothing written, retry." },
            "io.failed": { guard: "isOurs", target: "#interrupt.idle", actions: [{ type: "toParent", params: report.failAll("write") }, "settle"], description: "The Escape write failed." },
          },
        },
        held: {
          after: { holdRetry: { target: "writing", description: "Re-request the held Escape." } },
        },
        awaitingReady: {},
      },
    },
    ended: {
      description: "Terminal: every request fails with session_not_running.",
      on: { "interrupt.request": { actions: { type: "toParent", params: report.failAlone }, description: "Session already ended." } },
    },
  },
});

export type InterruptMachine = typeof interruptMachine;
