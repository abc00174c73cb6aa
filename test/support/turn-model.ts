// The turn watcher's model: its event alphabets, state serializer and traversal options, shared by the
// graph-generated model test and the PTY replay test so both walk the same paths.

import type { SnapshotFrom } from "xstate";
import type { HookEvent } from "../../src/contracts/events.js";
import { QUIET_FRAMES_REQUIRED, type turnMachine, type TurnEvent, type TurnInput } from "../../machines/turn.js";
import { channelQuiet } from "../../machines/channel-state.js";
import { afterEvents } from "./machine-host.js";
import { dialogFrame, frame, idleFrame, workingFrame } from "./facts.js";

export type Snap = SnapshotFrom<typeof turnMachine>;
export const NO_EVIDENCE_MS = 4000;

export const hook = (name: string, handlerDecision?: string): HookEvent =>
  handlerDecision === undefined ? { type: `hook.${name}`, name, payload: {} } : { type: `hook.${name}`, name, payload: {}, handlerDecision };

export const READY: TurnEvent = { type: "status.changed", from: "running", to: "ready", initial: true };
export const ENTERED: TurnEvent = { type: "submission.entered", opId: "op" };
/** The CLI's state channel reports idle (then a working title alone is not a turn) or work (then it is again). */
export const CHANNEL_IDLE: TurnEvent = frame({ composer: true }, ["idle"]);
export const CHANNEL_WORKING: TurnEvent = frame({ composer: true }, ["working"]);

/** Every kind of evidence the watcher distinguishes, once each (shortest paths use all of it). */
export const ALL: TurnEvent[] = [
  READY,
  idleFrame(),
  workingFrame(),
  frame({ titleSpinner: true }),
  frame({ composer: true, interruptBanner: true }),
  dialogFrame(),
  CHANNEL_IDLE,
  CHANNEL_WORKING,
  ENTERED,
  hook("UserPromptSubmit"),
  hook("Stop"),
  hook("Stop", "block"),
];

/** Smaller alphabets keep every simple path replayable (simple paths grow combinatorially with the alphabet). */
export const ALPHABETS: Record<string, { readonly events: TurnEvent[]; readonly minPaths: number }> = {
  "submissions, hooks and the footer": {
    events: [READY, idleFrame(), workingFrame(), ENTERED, hook("UserPromptSubmit"), hook("Stop")],
    minPaths: 50,
  },
  // No unblocked end in this alphabet, so few distinct routes exist. The channel's idle report makes the title
  // spinner background work from then on (its working report is left to ALL: with both, the resumed session's quiet
  // counts times the channel's two readings give too many simple paths to replay).
  "title, banner, dialogs and a blocked Stop": { minPaths: 3, events: [
    READY,
    idleFrame(),
    frame({ titleSpinner: true }),
    frame({ composer: true, interruptBanner: true }),
    dialogFrame(),
    CHANNEL_IDLE,
    ENTERED,
    hook("Stop", "block"),
  ] },
};

export function serialize(snap: Snap): string {
  // quietFrames matters only up to the threshold; beyond it every count behaves the same. Of the channel's report the
  // guards read only whether it says idle.
  return JSON.stringify([snap.value, Math.min(snap.context.quietFrames, QUIET_FRAMES_REQUIRED), channelQuiet(snap.context.channel)]);
}

export const optionsFor = (resumed: boolean, alphabet: readonly TurnEvent[]) => ({
  input: { resumed, noEvidenceEndMs: NO_EVIDENCE_MS, turnHooks: { start: "UserPromptSubmit", end: "Stop" } } satisfies TurnInput,
  // The initial readiness arrives once per session: offer it only while dormant.
  events: (snap: Snap) => [
    ...(afterEvents(snap) as unknown as TurnEvent[]),
    ...alphabet.filter((e) => e.type !== "status.changed" || snap.value === "dormant"),
  ],
  serializeState: serialize,
});
