// One text submission transaction: paste (or typed command) → settle → Enter → confirm on screen, bounded recovery Enters.

import { isOurs, writeRequestActions } from "./write-request.js";
import { and, assign, setup } from "xstate";
import { ElwoodError } from "../src/contracts/errors.js";
import type { IoWriteRequest, WritePurpose } from "../src/contracts/events.js";
import { factsConfirm, frameAccepts, idleEmptyComposer, showsIngested, stagedInComposer } from "./submission-evidence.js";
import type { SubmissionContext, SubmissionEvent, SubmissionInput, SubmissionOutput, SubmissionParentEvent, SubmissionTiming } from "./submission-types.js";
import { ENTER, frameBracketedPaste } from "./paste-framing.js";

export * from "./submission-types.js";
export { factsConfirm, frameAccepts, stagedInComposer } from "./submission-evidence.js";

/** Quiet waits allowed per unseen-paste replay: a screen that changes at every replay check releases the queue after this. */
const MAX_REPLAY_WAITS_PER_REPLAY = 2;

export const SUBMISSION_DEFAULTS: SubmissionTiming = {
  settleMs: 150,
  enterRetries: 3,
  confirmIntervalMs: 400,
  holdRetryMs: 100,
  positiveAcceptance: false,
  replays: 0,
  unseenReplays: 0,
  replayQuietMs: 1_500,
  stagedWaitMs: 0,
  draftClearKeys: [],
  draftClearGapMs: 100,
};

/** Clearing rounds (every key once) before a draft that will not clear fails the op. */
const MAX_CLEAR_ROUNDS = 2;

/** The composer holds text this submission would be written after (an interrupted prompt put back, say). */
function leftoverDraft(context: SubmissionContext, facts: SubmissionContext["lastFacts"]): boolean {
  return context.draftClearKeys.length > 0 && facts !== null && facts.composer && !facts.dialog && facts.composerText !== "";
}

/** Claude's unseen-paste recovery applies to this op (caller text, not a typed slash command). */
function replaysUnseen(context: SubmissionContext): boolean {
  return !context.positiveAcceptance && context.unseenReplays > 0 && context.framing === "paste";
}

/** The paste never showed in the composer and the CLI sits idle at an empty one: it provably never took it. */
function provablyNotTaken(context: SubmissionContext): boolean {
  return replaysUnseen(context) && !context.seenStaged && idleEmptyComposer(context.lastFacts);
}

/** The io.write for the request id `nextRequest` just allocated. */
function writeRequest(context: SubmissionContext, what: "staged" | "enter", purpose: WritePurpose): { events: SubmissionParentEvent[] } {
  const data = what === "enter" ? ENTER : context.framing === "paste" ? frameBracketedPaste(context.text) : context.text;
  const request: IoWriteRequest = { type: "io.write", requestId: context.pendingRequestId ?? "", data, purpose, guardDialog: true };
  return { events: [request] };
}

/** The io.write of the next draft-clearing key. */
function clearRequest(context: SubmissionContext): { events: SubmissionParentEvent[] } {
  const data = context.draftClearKeys[context.clearKey] ?? "";
  return { events: [{ type: "io.write", requestId: context.pendingRequestId ?? "", data, purpose: "clear-draft", guardDialog: true }] };
}

const notify = (type: "submission.pasted" | "submission.entered") =>
  ({ type: "toParent", params: ({ context }: { context: SubmissionContext }) => ({ events: [{ type, opId: context.opId }] }) }) as const;

/** While an unseen-paste replay waits: any late sign the CLI took the paste cancels it (shared by both waits). */
const LATE_ACCEPTANCE = {
  frame: [
    { guard: "frameConfirms", target: "confirmed", description: "Work showed after all." },
    { guard: "frameStaged", target: "confirming", actions: "recordFacts", description: "The paste painted late: no replay, judge it (recovery Enter)." },
  ],
  "hook.UserPromptSubmit": { target: "confirmed", description: "A late prompt hook: the CLI took it, no replay." },
  "hook.Stop": { guard: "stopConfirms", target: "confirmed", description: "A late Stop: a whole turn ran, no replay." },
  "submission.rawInput": { target: "unconfirmed", actions: "markRawInput", description: "Raw input owns the draft now: no replay." },
} as const;

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as SubmissionInput,
    output: {} as SubmissionOutput,
  },
  delays: {
    settle: ({ context }) => context.settleMs,
    holdRetry: ({ context }) => context.holdRetryMs,
    confirmInterval: ({ context }) => context.confirmIntervalMs,
    replayQuiet: ({ context }) => context.replayQuietMs,
    stagedWait: ({ context }) => context.stagedWaitMs,
    draftClearGap: ({ context }) => context.draftClearGapMs,
  },
  guards: {
    isOurs,
    leftoverDraft: ({ context }) => leftoverDraft(context, context.lastFacts),
    moreClearKeys: ({ context }) => context.clearKey + 1 < context.draftClearKeys.length,
    draftCleared: ({ context, event }) => event.type === "frame" && event.facts.composer && !leftoverDraft(context, event.facts),
    clearRoundsLeft: ({ context }) => context.clearRounds < MAX_CLEAR_ROUNDS,
    frameConfirms: ({ context, event }) =>
      event.type === "frame" &&
      (context.positiveAcceptance && context.framing === "paste"
        ? frameAccepts(event, context.text)
        : factsConfirm(event.facts, context.text, context.seenStaged)),
    stopConfirms: ({ context }) => (context.positiveAcceptance || context.unseenReplays > 0) && context.framing === "paste",
    canReplay: ({ context }) =>
      context.positiveAcceptance && context.framing === "paste" && context.replayed < context.replays && idleEmptyComposer(context.lastFacts),
    mustBeAccepted: ({ context }) => context.positiveAcceptance && context.framing === "paste",
    unseenReplayLeft: ({ context }) => provablyNotTaken(context) && context.replayed < context.unseenReplays,
    /** As unseenReplayLeft, while the quiet waits stay bounded (one per replay, plus one for a screen that changed in between). */
    unseenReplayWaitLeft: ({ context }) =>
      provablyNotTaken(context) && context.replayed < context.unseenReplays && context.replayWaits < MAX_REPLAY_WAITS_PER_REPLAY * context.unseenReplays,
    unseenReplaysSpent: ({ context }) => provablyNotTaken(context) && context.replayed >= context.unseenReplays,
    frameStaged: ({ context, event }) => event.type === "frame" && stagedInComposer(event.facts, context.text),
    /** Typed commands are keystrokes the CLI reads in order; only a paste is ingested late. */
    enterNow: ({ context }) =>
      context.stagedWaitMs <= 0 || context.framing !== "paste" || (context.lastFacts !== null && showsIngested(context.lastFacts, context.text, context.composerBeforePaste)),
    frameIngested: ({ context, event }) => event.type === "frame" && showsIngested(event.facts, context.text, context.composerBeforePaste),
    revoked: ({ context }) => context.rawInput,
    stagedWithRetriesLeft: ({ context }) =>
      context.lastFacts !== null &&
      stagedInComposer(context.lastFacts, context.text) &&
      context.recoveryEnters < context.enterRetries,
    stillStaged: ({ context }) => context.lastFacts !== null && stagedInComposer(context.lastFacts, context.text),
    quietChecksLeft: ({ context }) => context.quietChecks < context.enterRetries,
  },
  actions: {
    /** Every event to the session goes through here, so graph traversal can stub the one side effect. */
    ...writeRequestActions<SubmissionContext, SubmissionEvent, SubmissionParentEvent>((context, seq) => `${context.opId}:${seq}`),
    markEntered: assign({ entered: true }),
    recordFacts: assign(({ context, event }) =>
      event.type === "frame"
        ? { lastFacts: event.facts, seenStaged: context.seenStaged || stagedInComposer(event.facts, context.text) }
        : {},
    ),
    markRawInput: assign({ rawInput: true }),
    countRecovery: assign({ recoveryEnters: ({ context }) => context.recoveryEnters + 1 }),
    countQuietCheck: assign({ quietChecks: ({ context }) => context.quietChecks + 1 }),
    countReplay: assign(({ context }) => ({ replayed: context.replayed + 1, quietChecks: 0, recoveryEnters: 0 })),
    recordNotAccepted: assign({
      error: ({ context }) =>
        new ElwoodError("wait_timeout", `the agent never accepted the submission (replayed ${context.replayed} times)`, { replays: context.replayed }),
    }),
    recordError: assign({ error: ({ context, event }) => (event.type === "io.failed" ? event.error : context.error) }),
    forgetStaged: assign({ seenStaged: false }),
    nextClearKey: assign({ clearKey: ({ context }) => context.clearKey + 1 }),
    newClearRound: assign({ clearKey: 0, clearRounds: ({ context }) => context.clearRounds + 1 }),
    recordDraftNotCleared: assign({
      error: () => new ElwoodError("wait_timeout", "the composer held text that its clearing keys did not remove; nothing was written after it"),
    }),
  },
}).createMachine({
  id: "submission",
  context: ({ input }) => ({
    ...SUBMISSION_DEFAULTS,
    ...input,
    seq: 0,
    pendingRequestId: null,
    recoveryEnters: 0,
    replayed: 0,
    replayWaits: 0,
    quietChecks: 0,
    seenStaged: false,
    composerBeforePaste: input.facts?.composerText ?? "",
    entered: false,
    rawInput: false,
    lastFacts: input.facts ?? null,
    clearKey: 0,
    clearRounds: 1,
    outcome: null,
    error: null,
  }),
  initial: "checkingDraft",
  on: {
    frame: { actions: "recordFacts", description: "Remember the latest screen facts for the next confirmation check." },
    "submission.rawInput": { actions: "markRawInput", description: "Caller raw input now owns the draft: revoke recovery Enters." },
    "submission.cancel": { target: ".cancelled", description: "Timeout or close: stop here, write nothing more." },
  },
  states: {
    checkingDraft: {
      description: "A composer that already holds text (an interrupted prompt put back) is emptied first, where the CLI has keys for it.",
      always: [
        { guard: "leftoverDraft", target: "clearingDraft", description: "Text in the composer: clear it before writing." },
        { target: "staging", description: "Nothing to clear: write the submission." },
      ],
    },
    clearingDraft: {
      description: "Write the next draft-clearing key.",
      entry: ["nextRequest", { type: "toParent", params: ({ context }) => clearRequest(context) }],
      on: {
        "io.written": [
          { guard: and(["isOurs", "moreClearKeys"]), target: "clearingDraftGap", actions: ["clearRequest", "nextClearKey"], description: "One key written; the next follows after its gap." },
          { guard: "isOurs", target: "awaitingClearedDraft", actions: "clearRequest", description: "Every key written: wait for the empty composer." },
        ],
        "io.held": { guard: "isOurs", target: "clearingDraftHeld", actions: "clearRequest", description: "Dialog visible or screen unobserved: nothing written, retry." },
        "io.failed": { guard: "isOurs", target: "failed", actions: "recordError", description: "The key's write failed." },
      },
    },
    clearingDraftHeld: {
      after: { holdRetry: { target: "clearingDraft", description: "Ask the edge again after the hold back-off." } },
    },
    clearingDraftGap: {
      description: "The CLI reads a key sequence as one only when its keys come apart (a CLI may clear on two separate Escapes).",
      after: { draftClearGap: { target: "clearingDraft", description: "Write the next key." } },
    },
    awaitingClearedDraft: {
      description: "Wait for the composer to show empty before the submission is written.",
      on: {
        // The old draft may have read as this text staged (the same prompt sent again): only what follows the paste counts.
        frame: { guard: "draftCleared", target: "staging", actions: ["recordFacts", "forgetStaged"], description: "The composer is empty: write the submission." },
      },
      after: {
        confirmInterval: [
          { guard: "clearRoundsLeft", target: "clearingDraft", actions: "newClearRound", description: "Still holding text: clear again (its keys may have come too close or too far apart)." },
          { target: "failed", actions: "recordDraftNotCleared", description: "The draft would not clear: fail rather than join the message to it." },
        ],
      },
    },
    staging: {
      description: "Write the bracketed paste (or the typed command text) as its own PTY write.",
      entry: [
        "nextRequest",
        assign({ composerBeforePaste: ({ context }) => context.lastFacts?.composerText ?? "" }),
        { type: "toParent", params: ({ context }) => writeRequest(context, "staged", context.framing === "paste" ? "paste" : "command") },
      ],
      on: {
        "io.written": { guard: "isOurs", target: "settling", actions: ["clearRequest", notify("submission.pasted")], description: "Text is staged in the composer." },
        "io.held": { guard: "isOurs", target: "stagingHeld", actions: "clearRequest", description: "Dialog visible or screen unobserved: nothing written, retry." },
        "io.failed": { guard: "isOurs", target: "failed", actions: "recordError", description: "The PTY write failed." },
      },
    },
    stagingHeld: {
      after: { holdRetry: { target: "staging", description: "Ask the edge again after the hold back-off." } },
    },
    settling: {
      description: "Give the CLI time to ingest the paste before Enter.",
      after: {
        settle: [
          { guard: "enterNow", target: "entering", description: "The screen shows the paste ingested (or the CLI takes Enter at the settle delay): Enter." },
          { target: "awaitingStaged", description: "Not painted yet: an Enter now could submit without it." },
        ],
      },
    },
    awaitingStaged: {
      description: "Enter only once the screen shows the paste ingested (an Enter read before a late paste submits without it), bounded.",
      on: {
        frame: { guard: "frameIngested", target: "entering", actions: "recordFacts", description: "The screen shows the paste ingested: Enter." },
      },
      after: {
        stagedWait: { target: "entering", description: "Never painted within the bound: Enter anyway; confirmation and replays judge it." },
      },
    },
    entering: {
      description: "Write the submitting Enter as a separate PTY write.",
      entry: ["nextRequest", { type: "toParent", params: ({ context }) => writeRequest(context, "enter", "enter") }],
      on: {
        "io.written": { guard: "isOurs", target: "confirming", actions: ["clearRequest", "markEntered", notify("submission.entered")], description: "First submitting Enter dispatched." },
        "io.held": { guard: "isOurs", target: "enteringHeld", actions: "clearRequest", description: "Enter withheld by the dialog guard: retry." },
        "io.failed": { guard: "isOurs", target: "failed", actions: "recordError", description: "The Enter write failed." },
      },
    },
    enteringHeld: {
      after: { holdRetry: { target: "entering", description: "Re-request the held Enter." } },
    },
    confirming: {
      description: "Watch frames and hooks for proof the CLI accepted the submission.",
      on: {
        frame: { guard: "frameConfirms", target: "confirmed", description: "Composer empty (or work started) with nothing staged." },
        "hook.UserPromptSubmit": { target: "confirmed", description: "The CLI reported the prompt as submitted." },
        "hook.Stop": { guard: "stopConfirms", target: "confirmed", description: "A whole turn already ran (positive acceptance)." },
        "submission.rawInput": { target: "unconfirmed", actions: "markRawInput", description: "Raw input revokes recovery: finish without more Enters." },
      },
      after: {
        confirmInterval: [
          { guard: "revoked", target: "unconfirmed", description: "Recovery authority was revoked earlier." },
          { guard: "stagedWithRetriesLeft", target: "recovering", actions: "countRecovery", description: "Composer still shows the staged text: re-send Enter." },
          { guard: "stillStaged", target: "unconfirmed", description: "Recovery Enters exhausted with the text still staged." },
          { guard: "quietChecksLeft", target: "confirming", reenter: true, actions: "countQuietCheck", description: "No decisive frame yet: keep watching." },
          { guard: "canReplay", target: "staging", actions: "countReplay", description: "Never accepted and the composer is idle and empty: replay the same paste." },
          { guard: "mustBeAccepted", target: "failed", actions: "recordNotAccepted", description: "Still unaccepted after the replays: wait_timeout, never a false success." },
          {
            guard: "unseenReplayWaitLeft",
            target: "replayQuiet",
            actions: assign({ replayWaits: ({ context }) => context.replayWaits + 1 }),
            description: "The paste never showed and nothing took it: wait the quiet window before a replay.",
          },
          { guard: "unseenReplaysSpent", target: "failed", actions: "recordNotAccepted", description: "Still provably not taken after the replays: wait_timeout." },
          { target: "unconfirmed", description: "No evidence either way within the bound: release the queue." },
        ],
      },
    },
    replayQuiet: {
      description: "A paste that never showed: wait the no-oracle quiet window; acceptance (a late hook, work, a late paint emptied) cancels the replay.",
      on: LATE_ACCEPTANCE,
      after: { replayQuiet: { target: "replayCheck", description: "Quiet window over: one more interval before deciding." } },
    },
    replayCheck: {
      description:
        "One more confirm interval, armed only once the quiet window fired: after an event-loop stall the timers run before pending I/O, so hooks already sent are read before the replay is decided.",
      on: LATE_ACCEPTANCE,
      after: {
        confirmInterval: [
          { guard: "unseenReplayLeft", target: "staging", actions: "countReplay", description: "Still provably not taken: replay the same paste at the idle empty composer." },
          { target: "confirming", description: "The screen changed (the paste painted late, a dialog): judge it the usual way." },
        ],
      },
    },
    recovering: {
      description: "Write one recovery Enter (a surplus Enter on an empty composer is a no-op on both CLIs).",
      entry: ["nextRequest", { type: "toParent", params: ({ context }) => writeRequest(context, "enter", "recovery-enter") }],
      on: {
        "io.written": { guard: "isOurs", target: "confirming", actions: "clearRequest", description: "Recovery Enter written: judge again." },
        "io.held": { guard: "isOurs", target: "recoveringHeld", actions: "clearRequest", description: "Recovery Enter withheld: retry." },
        "io.failed": { guard: "isOurs", target: "failed", actions: "recordError", description: "The recovery Enter write failed." },
        frame: { guard: "frameConfirms", target: "confirmed", description: "Accepted while the recovery Enter was pending." },
        "hook.UserPromptSubmit": { target: "confirmed", description: "Accepted while the recovery Enter was pending." },
        "submission.rawInput": { target: "unconfirmed", actions: "markRawInput", description: "Raw input revokes recovery." },
      },
    },
    recoveringHeld: {
      on: {
        frame: { guard: "frameConfirms", target: "confirmed", description: "Accepted while the recovery Enter was held." },
        "hook.UserPromptSubmit": { target: "confirmed", description: "Accepted while the recovery Enter was held." },
        "submission.rawInput": { target: "unconfirmed", actions: "markRawInput", description: "Raw input revokes recovery." },
      },
      after: { holdRetry: { target: "recovering", description: "Re-request the held recovery Enter (a hold does not use up a retry)." } },
    },
    confirmed: { type: "final", entry: assign({ outcome: "confirmed" }) },
    unconfirmed: { type: "final", entry: assign({ outcome: "unconfirmed" }) },
    failed: { type: "final", entry: assign({ outcome: "failed" }) },
    cancelled: { type: "final", entry: assign({ outcome: "cancelled" }) },
  },
  output: ({ context }): SubmissionOutput => {
    const base = {
      opId: context.opId,
      outcome: context.outcome ?? "unconfirmed",
      entered: context.entered,
      recoveryEnters: context.recoveryEnters,
    };
    return context.error ? { ...base, error: context.error } : base;
  },
});

export type SubmissionMachine = typeof submissionMachine;
