// The turn watcher: after initial readiness, turns rendered screen facts and hooks into idempotent turn edges.

import { announce } from "./announce.js";
import { backgroundTitle, channelAfter, titleWork } from "./channel-state.js";
import { and, assign, enqueueActions, setup } from "xstate";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";
import type { FrameEvent, HookEvent, StatusChangedEvent, TurnEndedEvent, TurnSource, TurnStartedEvent } from "../src/contracts/events.js";

/** Consecutive quiet composer frames that prove startup/replay/stale work has really ended. */
export const QUIET_FRAMES_REQUIRED = 5;

export interface TurnInput {
  /** Resumed sessions replay history with working repaints: hold rendered edges until quiet. */
  readonly resumed: boolean;
  /** Idle composer with no work evidence this long after a submission ends the turn (nothing else will). */
  readonly noEvidenceEndMs: number;
  /** The CLI's hooks that start and end a turn (from its adapter). */
  readonly turnHooks: TurnHooks;
}

export interface TurnHooks {
  readonly start: string;
  readonly end: string;
}

export type TurnEvent =
  | FrameEvent
  | HookEvent
  | StatusChangedEvent
  /** `joinsTurn`: written into a running turn on purpose (immediate guidance or prompt), not a turn of its own. */
  | { readonly type: "submission.entered"; readonly opId: string; readonly joinsTurn?: boolean }
  | { readonly type: "submission.written"; readonly opId: string };

export interface TurnContext {
  readonly resumed: boolean;
  readonly turnHooks: TurnHooks;
  readonly noEvidenceEndMs: number;
  readonly quietFrames: number;
  /** turn.started was announced for the open turn (a prompt hook then the spinner must not announce twice). */
  readonly startAnnounced: boolean;
  /**
   * The CLI's latest report on its own state channel (frames' `oscState`, last word wins); undefined while it has
   * reported nothing, which is always so for a CLI without a channel. It decides whether the title spinner is work.
   */
  readonly channel: string | undefined;
}

function frameFacts(event: TurnEvent): ScreenFacts | undefined {
  return event.type === "frame" ? event.facts : undefined;
}

// Both readings discount the title spinner alike while the CLI's channel says idle (see titleWork): a spinner that
// cannot start a turn must not hold one open either, or a background spinner would keep a finished turn running.
function isWorking(f: ScreenFacts | undefined, channel: string | undefined): boolean {
  return !!f && !f.dialog && (f.working || titleWork(f, channel));
}

function isQuietComposer(f: ScreenFacts | undefined, channel: string | undefined): boolean {
  return !!f && f.composer && !f.working && !titleWork(f, channel) && !f.dialog;
}

function workSource(f: ScreenFacts | undefined): TurnSource {
  return f?.working ? "footer" : "title";
}

function hookNamed(event: TurnEvent, name: string): boolean {
  return event.type.startsWith("hook.") && (event as HookEvent).name === name;
}

export const turnMachine = setup({
  types: {
    context: {} as TurnContext,
    events: {} as TurnEvent,
    input: {} as TurnInput,
    emitted: {} as TurnStartedEvent | TurnEndedEvent,
  },
  actions: {
    started: enqueueActions(({ context, enqueue, self }, params: { source: TurnSource }) => {
      if (context.startAnnounced) return;
      enqueue.assign({ startAnnounced: true });
      announce<TurnStartedEvent | TurnEndedEvent>(enqueue, self, { type: "turn.started", source: params.source });
    }),
    startedFromFrame: enqueueActions(({ context, event, enqueue, self }) => {
      if (context.startAnnounced) return;
      enqueue.assign({ startAnnounced: true });
      announce<TurnStartedEvent | TurnEndedEvent>(enqueue, self, { type: "turn.started", source: workSource(frameFacts(event)) });
    }),
    ended: enqueueActions(({ enqueue, self }, params: { source: TurnSource }) => {
      enqueue.assign({ startAnnounced: false });
      announce<TurnStartedEvent | TurnEndedEvent>(enqueue, self, { type: "turn.ended", source: params.source });
    }),
    countQuiet: assign(({ context }) => ({ quietFrames: context.quietFrames + 1 })),
    resetQuiet: assign({ quietFrames: 0 }),
    noteChannel: assign(({ context, event }) => ({ channel: channelAfter(context.channel, event) })),
    // The prompt hook is the CLI's own word that a turn began: an `idle` it reported before is stale from here (its
    // `working` may come a little later), so until its next report the spinner counts again, as for a CLI with none.
    forgetChannel: assign({ channel: undefined }),
  },
  guards: {
    initialReady: ({ event }) => event.type === "status.changed" && event.initial,
    resumed: ({ context }) => context.resumed,
    // Guards run before this frame's noteChannel, so they read the channel as this frame leaves it.
    working: ({ context, event }) => isWorking(frameFacts(event), channelAfter(context.channel, event)),
    quietComposer: ({ context, event }) => isQuietComposer(frameFacts(event), channelAfter(context.channel, event)),
    backgroundTitle: ({ context, event }) => {
      const f = frameFacts(event);
      return !!f && !f.dialog && backgroundTitle(f, channelAfter(context.channel, event));
    },
    interruptBanner: ({ event }) => {
      const f = frameFacts(event);
      return !!f && f.interruptBanner && !f.dialog;
    },
    quietEnough: ({ context, event }) =>
      isQuietComposer(frameFacts(event), channelAfter(context.channel, event)) && context.quietFrames + 1 >= QUIET_FRAMES_REQUIRED,
    // A Stop the parent handler blocked is not a turn end: Claude keeps working on the handler's reason (C-HOOK-11).
    stopHook: ({ context, event }) => hookNamed(event, context.turnHooks.end) && (event as HookEvent).handlerDecision !== "block",
    promptHook: ({ context, event }) => hookNamed(event, context.turnHooks.start),
    ownTurn: ({ event }) => event.type === "submission.entered" && event.joinsTurn !== true,
  },
  delays: {
    noEvidenceEnd: ({ context }) => context.noEvidenceEndMs,
  },
}).createMachine({
  id: "turn",
  context: ({ input }) => ({
    resumed: input.resumed,
    turnHooks: input.turnHooks,
    noEvidenceEndMs: input.noEvidenceEndMs,
    quietFrames: 0,
    startAnnounced: false,
    channel: undefined,
  }),
  initial: "dormant",
  // Every frame records the channel: the transitions states take note it themselves, and a frame none takes lands
  // here (dormant too: the `idle` that made the session ready arrives before the readiness does).
  on: {
    frame: { actions: "noteChannel", description: "no turn evidence in this frame; the CLI's state channel report is kept" },
  },
  states: {
    dormant: {
      description: "before initial readiness: startup spinners cannot fabricate turns",
      on: {
        "status.changed": [
          { guard: and(["initialReady", "resumed"]), target: "replayHold", actions: "resetQuiet", description: "resumed: hold replayed history" },
          { guard: "initialReady", target: "idle", actions: "resetQuiet", description: "initial readiness: start watching" },
        ],
      },
    },
    replayHold: {
      description: "resume replay: rendered edges suppressed until the composer stays quiet",
      on: {
        frame: [
          { guard: "quietEnough", target: "idle", actions: ["noteChannel", "resetQuiet"], description: "sustained quiet composer: replay over" },
          { guard: "quietComposer", actions: ["noteChannel", "countQuiet"] },
          { actions: ["noteChannel", "resetQuiet"], description: "working or blocking repaint resets the quiet run" },
        ],
        "submission.entered": { target: "awaitingWork", description: "explicit running evidence releases the hold (no re-announced start)" },
        "hook.*": [{ guard: "promptHook", target: "awaitingWork", actions: "forgetChannel" }],
      },
    },
    idle: {
      on: {
        frame: [
          { guard: "working", target: "working", actions: ["noteChannel", "startedFromFrame"], description: "working indicator appeared" },
          {
            guard: "backgroundTitle",
            actions: "noteChannel",
            description: "a working title while the CLI's state channel says idle: its own background work (e.g. MCP servers starting), no turn",
          },
        ],
        "submission.entered": { target: "awaitingWork", description: "a submission was entered" },
        "hook.*": [{ guard: "promptHook", target: "awaitingWork", actions: ["forgetChannel", { type: "started", params: { source: "hook" } }] }],
      },
    },
    awaitingWork: {
      description: "submitted; an idle composer in the gap before the spinner is not a turn end",
      after: {
        noEvidenceEnd: { target: "idle", actions: { type: "ended", params: { source: "submission" } }, description: "no work evidence ever appeared" },
      },
      on: {
        frame: [
          { guard: "working", target: "working", actions: ["noteChannel", "startedFromFrame"] },
          {
            guard: "backgroundTitle",
            actions: "noteChannel",
            description: "a working title while the CLI's state channel still says idle: not this submission's work until it reports work",
          },
        ],
        "hook.*": [
          { guard: "stopHook", target: "settlingAfterStop", actions: [{ type: "ended", params: { source: "hook" } }, "resetQuiet"] },
          { guard: "promptHook", target: "working", actions: ["forgetChannel", { type: "started", params: { source: "hook" } }] },
        ],
      },
    },
    working: {
      on: {
        frame: [
          {
            guard: "interruptBanner",
            target: "idle",
            actions: ["noteChannel", { type: "ended", params: { source: "banner" } }],
            description: "interrupt end banner (any width)",
          },
          {
            guard: "quietComposer",
            target: "idle",
            actions: ["noteChannel", { type: "ended", params: { source: "footer" } }],
            description: "working indicator gone; idle composer",
          },
        ],
        "hook.*": [
          { guard: "stopHook", target: "settlingAfterStop", actions: [{ type: "ended", params: { source: "hook" } }, "resetQuiet"], description: "Stop hook ends the turn" },
        ],
        // Codex 0.171 painted a working title between a queued message's paste and its Enter: work seen before the
        // Enter is not this prompt's turn, and its end (40 ms later) let the next queued message go while this one ran.
        "submission.entered": {
          guard: "ownTurn",
          target: "awaitingFreshWork",
          description: "a new turn's Enter while work shown before it is on screen: that work's end is not this turn's end",
        },
      },
    },
    settlingAfterStop: {
      // An idle CLI repaints nothing, so after a turn the machine may rest here while the status is already ready.
      description: `turn over (Stop seen); waiting for ${QUIET_FRAMES_REQUIRED} quiet composer frames in a row before watching the screen again, so the old spinner's late repaints cannot start a turn. An idle CLI draws no frames: resting here while ready is normal; a submission or the prompt hook leaves at once`,
      on: {
        frame: [
          { guard: "quietEnough", target: "idle", actions: ["noteChannel", "resetQuiet"] },
          { guard: "quietComposer", actions: ["noteChannel", "countQuiet"] },
          { actions: ["noteChannel", "resetQuiet"] },
        ],
        // The previous turn's spinner can still be on screen: its repaints must not pass for the new turn's work.
        "submission.entered": { target: "awaitingFreshWork" },
        "hook.*": [{ guard: "promptHook", target: "working", actions: ["forgetChannel", { type: "started", params: { source: "hook" } }] }],
      },
    },
    awaitingFreshWork: {
      description:
        "submitted right after a Stop while the old turn's spinner may linger: work counts only after a quiet composer frame or the prompt hook",
      after: {
        noEvidenceEnd: { target: "idle", actions: { type: "ended", params: { source: "submission" } }, description: "no work evidence ever appeared" },
      },
      on: {
        frame: [
          { guard: "quietComposer", target: "awaitingWork", actions: "noteChannel", description: "the stale spinner is gone: later work is the new turn's" },
        ],
        "hook.*": [
          { guard: "stopHook", target: "settlingAfterStop", actions: [{ type: "ended", params: { source: "hook" } }, "resetQuiet"] },
          { guard: "promptHook", target: "working", actions: ["forgetChannel", { type: "started", params: { source: "hook" } }] },
        ],
      },
    },
  },
});
