// The submission transaction's vocabulary: its timing, input, events in and out, output and context.

import type { ElwoodError } from "../src/contracts/errors.js";
import type { FrameEvent, HookEvent, IoFailedEvent, IoHeldEvent, IoWriteRequest, IoWrittenEvent } from "../src/contracts/events.js";
import type { ScreenFacts } from "../src/contracts/screen-facts.js";

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
  /**
   * Keys that empty a composer that holds text when the submission starts, each written on its own `draftClearGapMs`
   * after the previous one; none: the text is written after whatever the composer holds. A leftover the keys do not
   * clear fails the op (never a message joined to an old draft).
   */
  readonly draftClearKeys: readonly string[];
  readonly draftClearGapMs: number;
}

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
  /** The next draft-clearing key to write, and the clearing rounds begun (bounded). */
  readonly clearKey: number;
  readonly clearRounds: number;
  readonly outcome: SubmissionOutcome | null;
  readonly error: ElwoodError | null;
}
