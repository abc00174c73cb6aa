// One recurring loop (B §6): waits for a live session, counts its cadence down, reports itself due, and re-arms from
// the actual submission (fixed) or from the ready that ends its own turn (idle); expires at its fixed horizon.
// Pure: the clock is XState's (`after` delays), wall-clock times arrive in events and input; jitter is in the input.

import { assign, sendParent, setup } from "xstate";
import { LOOP_IDLE_MS } from "../src/contracts/loop.js";

export interface LoopMachineInput {
  readonly loopId: string;
  readonly mode: "fixed" | "idle";
  /** The fixed interval; absent for an idle loop. */
  readonly intervalMs?: number | undefined;
  /** The stable jitter stored with the definition (never re-derived here). */
  readonly jitterMs: number;
  readonly expiresAt: number;
  /** Wall-clock ms when this machine starts: its expiry delay counts from here. */
  readonly now: number;
}

export interface LoopContext extends LoopMachineInput {
  /** Wall-clock ms the current cadence started from (readiness, quiet, the submission, or the ready after a turn). */
  readonly armedAt: number;
}

// ---- events this machine receives (each carries the wall-clock time it happened at) ----
/** The session is live and ready for loops: the first clock starts here (fresh after a resume). */
export type LoopStartEvent = { readonly type: "loop.start"; readonly at: number };
/** Non-loop session activity: every idle loop's quiet period starts over. */
export type LoopActivityEvent = { readonly type: "loop.activity"; readonly at: number };
/** The session submitted this loop's prompt. */
export type LoopSubmittedEvent = { readonly type: "loop.submitted"; readonly at: number };
/** Scheduling or submission of this loop failed: re-arm from a fresh cadence. */
export type LoopSubmitFailedEvent = { readonly type: "loop.submitFailed"; readonly at: number };
/** The session returned to ready after this loop's own turn. */
export type LoopTurnEndedEvent = { readonly type: "loop.turnEnded"; readonly at: number };
/** The caller cancelled the loop, or kill/teardown removed it. */
export type LoopCancelEvent = { readonly type: "loop.cancel" };
export type LoopEvent = LoopStartEvent | LoopActivityEvent | LoopSubmittedEvent | LoopSubmitFailedEvent | LoopTurnEndedEvent | LoopCancelEvent;

// ---- events this machine sends to its parent ----
export type LoopScheduledEvent = { readonly type: "loop.scheduled"; readonly loopId: string; readonly nextDueAt: number };
export type LoopDueEvent = { readonly type: "loop.due"; readonly loopId: string; readonly scheduledDueAt: number };
export type LoopExpiredEvent = { readonly type: "loop.expired"; readonly loopId: string; readonly at: number };
export type LoopParentEvent = LoopScheduledEvent | LoopDueEvent | LoopExpiredEvent;

/** The cadence a loop counts down from each arming: its interval (or the idle threshold) plus its jitter. */
const cadence = (context: LoopContext): number => (context.mode === "fixed" ? (context.intervalMs ?? 0) : LOOP_IDLE_MS) + context.jitterMs;

export const loopMachine = setup({
  types: { context: {} as LoopContext, events: {} as LoopEvent, input: {} as LoopMachineInput },
  delays: {
    // Named so a test host can shorten them through `provide`; no option reaches them.
    cadence: ({ context }) => cadence(context),
    expiry: ({ context }) => Math.max(0, context.expiresAt - context.now),
  },
  guards: { idle: ({ context }) => context.mode === "idle" },
  actions: {
    rearm: assign({ armedAt: ({ context, event }) => ("at" in event ? event.at : context.armedAt) }),
    announceScheduled: sendParent(({ context }) => ({ type: "loop.scheduled", loopId: context.loopId, nextDueAt: context.armedAt + cadence(context) }) satisfies LoopScheduledEvent),
    announceDue: sendParent(({ context }) => ({ type: "loop.due", loopId: context.loopId, scheduledDueAt: context.armedAt + cadence(context) }) satisfies LoopDueEvent),
    announceExpired: sendParent(({ context }) => ({ type: "loop.expired", loopId: context.loopId, at: context.expiresAt }) satisfies LoopExpiredEvent),
  },
}).createMachine({
  id: "loop",
  context: ({ input }) => ({ ...input, armedAt: input.now }),
  initial: "active",
  output: ({ context }) => ({ loopId: context.loopId }),
  states: {
    active: {
      description: "The definition is live. Its 7-day horizon runs from the original creation, whatever state it is in.",
      after: { expiry: { target: "expired", description: "The horizon passed: expiry beats a pending due state." } },
      on: { "loop.cancel": { target: "cancelled", description: "Cancelled by the caller, kill or teardown; a submitted turn runs on." } },
      initial: "waiting",
      states: {
        waiting: {
          description: "The session is not ready for loops yet (starting, or resuming): no clock runs.",
          on: { "loop.start": { target: "scheduled", actions: "rearm", description: "Readiness: the first cadence starts now, never a restored phase." } },
        },
        scheduled: {
          description: "Counting the cadence down (interval or 5 quiet minutes, plus jitter).",
          entry: "announceScheduled",
          after: { cadence: { target: "due", description: "The cadence elapsed: the loop is due." } },
          on: {
            "loop.activity": {
              guard: "idle",
              target: "scheduled",
              reenter: true,
              actions: "rearm",
              description: "Idle loop: non-loop activity starts the quiet period over.",
            },
          },
        },
        due: {
          description: "Due: waiting for the session's readiness to submit it, at most once; missed runs never pile up.",
          entry: "announceDue",
          on: {
            "loop.submitted": [
              { guard: "idle", target: "submitted", description: "Idle loop: its next quiet period starts at the ready ending its turn." },
              { target: "scheduled", actions: "rearm", description: "Fixed loop: the next cadence starts from the actual submission." },
            ],
            "loop.submitFailed": { target: "scheduled", actions: "rearm", description: "Submission failed: re-arm from a fresh cadence." },
            "loop.activity": { guard: "idle", target: "scheduled", actions: "rearm", description: "Idle loop: activity before delivery resets it." },
          },
        },
        submitted: {
          description: "Idle loop: its own turn runs; peers' activity neither resets nor holds it.",
          on: {
            "loop.turnEnded": { target: "scheduled", actions: "rearm", description: "Its turn ended at a ready: quiet counts from here." },
            "loop.submitFailed": { target: "scheduled", actions: "rearm", description: "The turn was not committed: re-arm from a fresh cadence." },
          },
        },
      },
    },
    expired: { type: "final", entry: "announceExpired", description: "Seven days after creation: gone, with an expired event." },
    cancelled: { type: "final", description: "Removed: never submits again." },
  },
});
