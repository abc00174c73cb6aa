// The submission machine's model: its inputs, event alphabet, state serializer and traversal options, shared by the
// graph-generated model test and the PTY replay test so both walk the same paths.

import type { SnapshotFrom } from "xstate";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { stagedInComposer, submissionMachine, type SubmissionEvent, type SubmissionInput } from "../../machines/submission.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { afterEvents } from "./machine-host.js";

// Graph traversal runs without a parent actor, so the one parent-facing action is stubbed for path generation;
// states, guards, assigns and delays are the production ones. Replays run the real machine.
export const modelMachine = submissionMachine.provide({ actions: { toParent: () => {} } });
export type Snap = SnapshotFrom<typeof submissionMachine>;
export const TEXT = "first line\nlast line";
export const INPUT: SubmissionInput = { opId: "op", text: TEXT, framing: "paste", settleMs: 150, enterRetries: 2, confirmIntervalMs: 400, holdRetryMs: 100 };
/** Codex's policy: acceptance needs live work, and an unaccepted paste is replayed once before wait_timeout. */
export const POSITIVE_INPUT: SubmissionInput = { ...INPUT, positiveAcceptance: true, replays: 1 };
/**
 * Claude's policy: a paste never seen staged, at an idle empty composer with no hook or work, is replayed once; the
 * Enter waits (bounded) for the staged text to paint.
 */
export const UNSEEN_INPUT: SubmissionInput = { ...INPUT, unseenReplays: 1, replayQuietMs: 1_500, stagedWaitMs: 2_000 };
export const DELAYS: Record<string, number> = { settle: 150, holdRetry: 100, confirmInterval: 400, replayQuiet: 1_500, stagedWait: 2_000, draftClearGap: 100 };

/** Qwen's policy: the composer holds an old draft (an interrupted prompt put back), cleared by two keys before the paste. */
export const DRAFT_KEYS = ["\x1b", "\x1b"] as const;
export const DRAFT_INPUT: SubmissionInput = {
  ...INPUT,
  draftClearKeys: DRAFT_KEYS,
  draftClearGapMs: 100,
  facts: { ...EMPTY_FACTS, composer: true, composerText: "an old draft" },
};

const frame = (facts: Partial<ScreenFacts>): SubmissionEvent => ({ type: "frame", seq: 0, facts: { ...EMPTY_FACTS, ...facts }, oscState: [] });
const FRAMES = [
  frame({ composer: true, pastedChip: true }), // staged (Claude chip)
  frame({ composer: true }), // empty composer
  frame({}), // nothing decisive (a dialog repaint, say)
];
/** Frames a draft-clearing path needs beyond the common ones: the old draft still there (the empty composer is common). */
export const DRAFT_EXTRA: SubmissionEvent[] = [frame({ composer: true, composerText: "an old draft" })];
/** Positive acceptance also tells live work from an empty composer, and a whole turn's Stop hook from nothing. */
export const POSITIVE_EXTRA: SubmissionEvent[] = [frame({ composer: true, working: true }), { type: "hook.Stop", name: "Stop", payload: {} }];

export const eventsWith =
  (extra: readonly SubmissionEvent[]) =>
  (snap: Snap): SubmissionEvent[] => [...events(snap), ...extra];

function events(snap: Snap): SubmissionEvent[] {
  const requestId = snap.context.pendingRequestId;
  const io: SubmissionEvent[] = requestId
    ? [
        { type: "io.written", requestId },
        { type: "io.held", requestId },
        { type: "io.failed", requestId, error: new ElwoodError("pty_write_failed", "model") },
      ]
    : [];
  const delayed = afterEvents(snap) as unknown as SubmissionEvent[];
  return [...delayed, ...io, ...FRAMES, { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} }, { type: "submission.rawInput" }, { type: "submission.cancel" }];
}

/** Only what changes behaviour: the state, the bounded counters, and whether the last frame showed staging. */
export function serialize(snap: Snap): string {
  const c = snap.context;
  const facts = c.lastFacts === null ? "none" : stagedInComposer(c.lastFacts, c.text) ? "staged" : "other";
  const idleEmpty = c.lastFacts !== null && c.lastFacts.composer && c.lastFacts.composerText === "" && !c.lastFacts.pastedChip && !c.lastFacts.working;
  return JSON.stringify([snap.value, c.recoveryEnters, c.quietChecks, c.rawInput, c.entered, facts, idleEmpty, c.replayed, c.pendingRequestId !== null, c.seenStaged, c.clearKey, c.clearRounds]);
}

// A done actor takes no more events, but the pure transition function would; stop traversal there.
export const options = { input: INPUT, events, serializeState: serialize, stopWhen: (s: Snap): boolean => s.status === "done" };
