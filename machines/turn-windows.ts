// The time windows of one conversation turn (src/conversation/turn-run.ts) as `after` delays: the turn decides which
// window to open, this machine counts it down and announces when one runs out, so every turn timeout is a transition.

import { emit, setup } from "xstate";

/** A window that can run out: the whole-turn ceiling, prompt acceptance, the quiet window, catch-up, the drains. */
export type TurnWindow = "ceiling" | "accept" | "quiet" | "catchUp" | "drainFailed" | "drainInterrupted" | "release";

export interface TurnWindowsInput {
  /** The opt-in ceiling of the whole turn (only armed when the caller set one). */
  readonly ceilingMs: number;
  readonly acceptMs: number;
  readonly quietMs: number;
  readonly catchUpMs: number;
  /** The drain after an interrupt or a rejection, and before the slot is released after a failed turn. */
  readonly drainMs: number;
}

/** Open a window; opening one already open keeps its first deadline (new evidence never lengthens a window). */
export type ArmWindowEvent = { readonly type: "arm"; readonly window: Exclude<TurnWindow, "release"> };
/** New evidence arrived: the quiet and acceptance windows close (the turn reopens them if still due). */
export type EvidenceEvent = { readonly type: "evidence" };
/**
 * The agent left `ready` (running or blocked again): catch-up closes, so it counts from the next ready — a ready the
 * agent left was not the turn's end, and a long turn after it must not spend the transcript's lag allowance.
 */
export type AgentBusyEvent = { readonly type: "agent.busy" };
/** The turn has its outcome: every window closes. */
export type TurnOverEvent = { readonly type: "turn.over" };
/** A failed turn's agent is idle (or gone): the slot is released after one more drain. */
export type ReleaseArmEvent = { readonly type: "release.arm" };
export type TurnWindowsEvent = ArmWindowEvent | EvidenceEvent | AgentBusyEvent | TurnOverEvent | ReleaseArmEvent;

/** Emitted (actor.on) when a window runs out. */
export type WindowExpiredEvent = { readonly type: "window.expired"; readonly window: TurnWindow };

const expired = (window: TurnWindow): WindowExpiredEvent => ({ type: "window.expired", window });
const opens =
  (window: ArmWindowEvent["window"]) =>
  ({ event }: { event: TurnWindowsEvent }): boolean =>
    event.type === "arm" && event.window === window;

/** One closed/open region per window: `arm` opens it, its `after` delay announces it and closes it again. */
function windowRegion(
  window: "ceiling" | "accept" | "quiet" | "catchUp",
  delay: "ceilingMs" | "acceptMs" | "quietMs" | "catchUpMs",
  closesOn: "evidence" | "agent.busy" | null,
) {
  return {
    initial: "closed",
    description: `The ${window} window.`,
    states: {
      closed: {
        description: "Not counting.",
        on: { arm: { guard: `opens.${window}`, target: "open", description: `The turn opened the ${window} window.` } },
      },
      open: {
        description: "Counting down; a second arm keeps the first deadline.",
        ...(closesOn === "evidence" ? { on: { evidence: { target: "closed", description: "New evidence: the window closes (the turn reopens it if still due)." } } } : {}),
        ...(closesOn === "agent.busy"
          ? { on: { "agent.busy": { target: "closed", description: "The agent left ready: the window counts again from the next ready." } } }
          : {}),
        after: { [delay]: { target: "closed", actions: `expired.${window}`, description: `The ${window} window ran out.` } },
      },
    },
  } as const;
}

export const turnWindowsMachine = setup({
  types: {
    context: {} as TurnWindowsInput,
    events: {} as TurnWindowsEvent,
    input: {} as TurnWindowsInput,
    emitted: {} as WindowExpiredEvent,
  },
  guards: {
    "opens.ceiling": opens("ceiling"),
    "opens.accept": opens("accept"),
    "opens.quiet": opens("quiet"),
    "opens.catchUp": opens("catchUp"),
    "opens.drainFailed": opens("drainFailed"),
    "opens.drainInterrupted": opens("drainInterrupted"),
  },
  delays: {
    ceilingMs: ({ context }) => context.ceilingMs,
    acceptMs: ({ context }) => context.acceptMs,
    quietMs: ({ context }) => context.quietMs,
    catchUpMs: ({ context }) => context.catchUpMs,
    drainMs: ({ context }) => context.drainMs,
  },
  actions: {
    "expired.ceiling": emit(expired("ceiling")),
    "expired.accept": emit(expired("accept")),
    "expired.quiet": emit(expired("quiet")),
    "expired.catchUp": emit(expired("catchUp")),
    "expired.drainFailed": emit(expired("drainFailed")),
    "expired.drainInterrupted": emit(expired("drainInterrupted")),
    "expired.release": emit(expired("release")),
  },
}).createMachine({
  id: "turnWindows",
  context: ({ input }) => ({ ...input }),
  initial: "running",
  states: {
    running: {
      type: "parallel",
      description: "The turn has no outcome yet: each window counts on its own.",
      on: { "turn.over": { target: "over", description: "The turn has its outcome: every open window closes." } },
      states: {
        ceiling: windowRegion("ceiling", "ceilingMs", null),
        accept: windowRegion("accept", "acceptMs", "evidence"),
        quiet: windowRegion("quiet", "quietMs", "evidence"),
        catchUp: windowRegion("catchUp", "catchUpMs", "agent.busy"),
        drain: {
          initial: "closed",
          description: "The drain after an interrupt or a rejection: the records behind `ready` get time to land.",
          states: {
            closed: {
              description: "Not counting.",
              on: {
                arm: [
                  { guard: "opens.drainFailed", target: "failed", description: "The turn was rejected: drain, then it ends failed." },
                  { guard: "opens.drainInterrupted", target: "interrupted", description: "The turn was interrupted: drain, then it ends interrupted." },
                ],
              },
            },
            failed: {
              description: "Draining before a failed outcome; the first drain opened wins.",
              after: { drainMs: { target: "closed", actions: "expired.drainFailed", description: "The drain ran out: the turn ends failed." } },
            },
            interrupted: {
              description: "Draining before an interrupted outcome; the first drain opened wins.",
              after: { drainMs: { target: "closed", actions: "expired.drainInterrupted", description: "The drain ran out: the turn ends interrupted." } },
            },
          },
        },
      },
    },
    over: {
      initial: "holding",
      description: "The turn has its outcome; a failed turn still holds its slot until the agent is idle.",
      states: {
        holding: {
          description: "Nothing counts; a failed turn waits here for the agent to be idle.",
          on: { "release.arm": { target: "releasing", description: "The failed turn's agent is idle: one more drain before the slot is released." } },
        },
        releasing: {
          description: "The last drain before the next turn may read the transcript.",
          after: { drainMs: { target: "released", actions: "expired.release", description: "The drain ran out: the slot is released." } },
        },
        released: { type: "final", description: "The slot is released." },
      },
    },
  },
});
