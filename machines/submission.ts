// One text submission transaction: paste (or typed command) → settle → Enter → confirm on screen, bounded recovery Enters.

import { isOurs, writeRequestActions } from "./write-request.js";
import { assign, setup } from "xstate";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";
import { ElwoodError } from "../src/contracts/errors.js";
import type {
  FrameEvent,
  HookEvent,
  IoFailedEvent,
  IoHeldEvent,
  IoWriteRequest,
  IoWrittenEvent,
  WritePurpose,
} from "../src/contracts/events.js";
import { ENTER, frameBracketedPaste } from "./paste-framing.js";

/** "paste" = bracketed paste (caller text); "typed" = plain keystrokes (slash commands such as /compact). */
export type SubmissionFraming = "paste" | "typed";

export interface SubmissionTiming {
  /** Delay between the physical paste write and the submitting Enter (the CLIs ingest pastes asynchronously). */
  readonly settleMs: number;
  /** Upper bound on recovery Enters while the composer still shows the staged text. */
  readonly enterRetries: number;
  /** How long to watch the screen after each Enter before judging it. */
  readonly confirmIntervalMs: number;
  /** Back-off before re-requesting a write the edge held (dialog visible or screen not observed). */
  readonly holdRetryMs: number;
  /**
   * Pastes need positive acceptance (Codex): an empty composer is not proof, only a prompt/Stop hook, live
   * work, OSC 7501 working or an approval dialog is. An unaccepted paste is replayed at the idle composer.
   */
  readonly positiveAcceptance: boolean;
  /** Replays of an unaccepted paste (with positiveAcceptance) before failing with wait_timeout. */
  readonly replays: number;
  /**
   * Claude: replays of a paste that provably never reached the CLI — never seen staged, no prompt/Stop hook, no
   * work, an idle empty composer — before failing with wait_timeout. An empty composer after the staged text was
   * seen still confirms (only Claude's own Enter empties it), so a late hook never causes a second submission.
   */
  readonly unseenReplays: number;
  /** With unseenReplays: the quiet wait (the no-oracle quiet window) before judging whether to replay. */
  readonly replayQuietMs: number;
  /**
   * After settleMs, how long the Enter waits for the staged text to paint when it has not yet: an Enter the CLI reads
   * before a late paste submits without it (Claude 2.1.215 under load sent an image without its text). Bounded: a
   * paste that never paints gets its Enter anyway, and confirmation and replays judge it as before. 0: Enter at settleMs.
   */
  readonly stagedWaitMs: number;
}

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
};

export type SubmissionInput = {
  readonly opId: string;
  /** Already sanitized by the caller of the queue (sanitizeSubmissionText); framing re-sanitizes anyway. */
  readonly text: string;
  readonly framing: SubmissionFraming;
  /** The latest screen facts when the op was dispatched (an unchanged screen sends no frame to judge by). */
  readonly facts?: ScreenFacts | null;
} & Partial<SubmissionTiming>;

// ---- events this machine receives ----
export type SubmissionRawInputEvent = { readonly type: "submission.rawInput" };
export type SubmissionCancelEvent = { readonly type: "submission.cancel" };
export type SubmissionEvent =
  | IoWrittenEvent
  | IoHeldEvent
  | IoFailedEvent
  | FrameEvent
  | HookEvent
  | SubmissionRawInputEvent
  | SubmissionCancelEvent;

// ---- events this machine sends to its parent ----
export type SubmissionPastedEvent = { readonly type: "submission.pasted"; readonly opId: string };
/** The first submitting Enter was physically written: sendGuidance/sendPrompt resolve here; status goes running. */
export type SubmissionEnteredEvent = { readonly type: "submission.entered"; readonly opId: string };
export type SubmissionParentEvent = IoWriteRequest | SubmissionPastedEvent | SubmissionEnteredEvent;

/** confirmed = the screen or a hook proved the CLI took it; unconfirmed = Enter sent, proof never came. */
export type SubmissionOutcome = "confirmed" | "unconfirmed" | "failed" | "cancelled";
export type SubmissionOutput = {
  readonly opId: string;
  readonly outcome: SubmissionOutcome;
  /** True once the first submitting Enter was written. */
  readonly entered: boolean;
  readonly recoveryEnters: number;
  readonly error?: ElwoodError;
};

export interface SubmissionContext extends SubmissionTiming {
  readonly opId: string;
  readonly text: string;
  readonly framing: SubmissionFraming;
  readonly seq: number;
  readonly pendingRequestId: string | null;
  readonly recoveryEnters: number;
  /** Replays of an unaccepted paste so far. */
  readonly replayed: number;
  /** Quiet waits entered before an unseen-paste replay (bounded: a screen that keeps flipping must not hold the queue). */
  readonly replayWaits: number;
  /** Interval ticks spent without any staged/confirmed evidence; bounds the wait when no frame arrives. */
  readonly quietChecks: number;
  readonly entered: boolean;
  /** A frame showed the staged text in the composer (after that, an empty composer means it was taken). */
  readonly seenStaged: boolean;
  /** The composer's text when the paste was written: a frame that differs shows the CLI has ingested the paste. */
  readonly composerBeforePaste: string;
  /** Raw caller input (sendKeys) took ownership of the draft: the caller owns it now, so no more recovery Enters. */
  readonly rawInput: boolean;
  readonly lastFacts: ScreenFacts | null;
  readonly outcome: SubmissionOutcome | null;
  readonly error: ElwoodError | null;
}

function squash(text: string): string {
  return text.replace(/\s+/g, "");
}

function lastNonEmptyLine(text: string): string {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
  return lines[lines.length - 1] ?? "";
}

/** The composer still holds what we staged: Claude's paste chip, or (Codex, typed commands) our last line. */
export function stagedInComposer(facts: ScreenFacts, text: string): boolean {
  if (facts.pastedChip) return true;
  const last = squash(lastNonEmptyLine(text));
  // Whitespace is squashed on both sides because the composer soft-wraps long lines.
  return facts.composer && last !== "" && squash(facts.composerText).endsWith(last);
}

/**
 * A post-Enter frame that proves acceptance: nothing staged, and either live work or an empty composer. An empty
 * composer counts only once the staged text was seen: Claude 2.1.215 under load painted a paste up to ~1.8 s after
 * Elwood wrote it and repainted the still-empty composer in between (measured in the TAB e2e loop), which is the
 * paste not rendered yet, not the paste submitted.
 */
export function factsConfirm(facts: ScreenFacts, text: string, seenStaged: boolean): boolean {
  if (stagedInComposer(facts, text)) return false;
  const emptyComposer = facts.composer && facts.composerText === "";
  return (seenStaged && emptyComposer) || facts.working || facts.titleSpinner;
}

/** Evidence that the CLI took the submission as a turn (positive acceptance): live work, not just an empty composer. */
export function frameAccepts(event: FrameEvent, text: string): boolean {
  const facts = event.facts;
  if (stagedInComposer(facts, text)) return false;
  return facts.working || facts.titleSpinner || event.oscState.includes("working") || facts.dialog?.kind === "permission";
}

/**
 * The screen shows the CLI has ingested the paste: its text (or chip) is staged, the composer changed from before the
 * write (a partial paint, a slash menu), or something else took the screen. An Enter is safe once any of these shows.
 */
function showsIngested(facts: ScreenFacts, context: SubmissionContext): boolean {
  if (stagedInComposer(facts, context.text) || !facts.composer || facts.dialog !== undefined) return true;
  return squash(facts.composerText) !== squash(context.composerBeforePaste);
}

/** An idle composer holding nothing: the only screen a replayed paste may be written into. */
function idleEmptyComposer(facts: ScreenFacts | null): boolean {
  return !!facts && facts.composer && facts.composerText === "" && !facts.pastedChip && !facts.working && !facts.titleSpinner && !facts.dialog;
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
  },
  guards: {
    isOurs,
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
      context.stagedWaitMs <= 0 || context.framing !== "paste" || (context.lastFacts !== null && showsIngested(context.lastFacts, context)),
    frameIngested: ({ context, event }) => event.type === "frame" && showsIngested(event.facts, context),
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
    outcome: null,
    error: null,
  }),
  initial: "staging",
  on: {
    frame: { actions: "recordFacts", description: "Remember the latest screen facts for the next confirmation check." },
    "submission.rawInput": { actions: "markRawInput", description: "Caller raw input now owns the draft: revoke recovery Enters." },
    "submission.cancel": { target: ".cancelled", description: "Timeout or close: stop here, write nothing more." },
  },
  states: {
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
