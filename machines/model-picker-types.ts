// The /model picker transaction's vocabulary: its timing and defaults, input, events and context.

import type { AgentModelOption } from "../src/contracts/public-types.js";
import type { IoWriteRequest } from "../src/contracts/events.js";
import type { PickerProfile } from "../src/contracts/agent-adapter.js";
import type { ModelNoticeFact, ModelPickerRowFact, ScreenFacts } from "../src/contracts/screen-facts.js";
import type { ElwoodError } from "../src/contracts/errors.js";
import type { EffectRequestEvent, TransactionMachineEvent } from "./transaction.js";

export interface PickerTiming {
  /** Between the typed `/model` and its Enter (the slash menu must catch up). */
  readonly settleMs: number;
  /** How long the picker (or a follow-up step) may take to paint. */
  readonly openMs: number;
  /** How long one navigation write may take to move the rendered cursor. */
  readonly stepMs: number;
  /**
   * After the cursor was seen on the target row following our arrows, how long to wait before the apply key: Claude's
   * Ink UI repaints the cursor before its key handler sees the new row, so a key sent right after that paint applies
   * the row highlighted before the arrows (seen on 2.1.215 under load, ~20 ms after the paint).
   */
  readonly cursorSettleMs: number;
  /** How long an apply / Escape may take to clear the picker. */
  readonly closeMs: number;
  /** Failure cleanup bound: a picker failing with its dialog open gets one extra second to cancel it before the slot is released. */
  readonly cleanupMs: number;
  /**
   * After an accepted apply closed the picker, how long the slot stays held for a late follow-up (Claude's
   * cache warning can paint after a composer frame): the same bounded second; a dialog appearing meanwhile is cancelled.
   */
  readonly lateMs: number;
  readonly holdRetryMs: number;
  /** Backspace + Enter repairs of a `/model` Enter the CLI took for a newline (Codex's paste-burst heuristic under load). */
  readonly enterRepairs: number;
}

/** `details.cause` of the model_automation_failed that says the picker never painted (nothing was chosen or saved). */
export const PICKER_NOT_SHOWN = "picker_not_shown";

export const PICKER_DEFAULTS: PickerTiming = {
  settleMs: 150,
  // A busy 2-core machine running many CLIs took Claude 2.1.215 over 5 s to paint the picker after `/model` Enter
  // (full e2e run); a bound, not a wait: a picker that paints sooner is read at once.
  openMs: 10_000,
  stepMs: 1500,
  cursorSettleMs: 250,
  closeMs: 5000,
  cleanupMs: 1000,
  lateMs: 1000,
  holdRetryMs: 100,
  enterRepairs: 3,
};

/**
 * Cleanup's shorter streak (shorter than the five-frame picker repaint hold, to fit cleanup's one-second budget): native-composer frames in a row that end cleanup
 * early after an Escape; the edge's five-observation hold keeps other writers off for the rest.
 */
export const CLEANUP_CLEAR_FRAMES = 2;

/** A picker that persists nothing and needs no key: the queue's stand-in when an op carries no picker input. */
export const NO_PICKER_PROFILE: PickerProfile = { persistsConfig: false, requiresSessionKey: false, effortStage: false, lateWarning: false, currentIsDefault: false, cursorOpensOnCurrent: false };

export interface ModelPickerInput extends Partial<PickerTiming> {
  readonly opId: string;
  readonly mode: "list" | "set";
  /** setModel's requested id (matched case-insensitively). */
  readonly target?: string;
  /** How this CLI's picker behaves (from its adapter). */
  readonly profile: PickerProfile;
  /** The picker command, `/model` on both CLIs. */
  readonly command?: string;
  /** Latest facts when the queue slot was acquired (a picker already visible is foreign). */
  readonly facts: ScreenFacts | null;
}

export type ModelPickerEvent = TransactionMachineEvent;

export type ModelPickerParentEvent = IoWriteRequest | EffectRequestEvent;

export type WriteWhat = "command" | "enter" | "backspace" | "pickerEnter" | "escape" | "arrows" | "sessionKey" | "confirmArrows" | "confirmEnter" | "clearDraft";

export interface PickerContext extends PickerTiming {
  readonly opId: string;
  readonly mode: "list" | "set";
  readonly target: string | null;
  readonly profile: PickerProfile;
  readonly command: string;
  readonly facts: ScreenFacts | null;
  readonly seq: number;
  readonly pendingRequestId: string | null;
  /** Model rows collected so far (Codex scrolls: rows accumulate across pages). */
  readonly rows: readonly ModelPickerRowFact[];
  /** The cursor row's id in the first whole list read (where the profile says the picker opens on the current model). */
  readonly openCursor: string | null;
  readonly scrollPages: number;
  /** Codex: a page without `↑` / without `↓` was seen, so the collected rows reach the list's first / last row. */
  readonly topSeen: boolean;
  readonly bottomSeen: boolean;
  /** Row id the cursor should land on in the current stage. */
  readonly navTarget: string | null;
  readonly navAttempts: number;
  readonly navDelta: number;
  readonly snapshotted: boolean;
  /** An apply key that makes the CLI write its own config (Codex 0.144 Enter) was sent. */
  readonly persisted: boolean;
  readonly takenOver: boolean;
  /** Stages an Escape was already written for (never repeated for the same stage). */
  readonly escaped: readonly string[];
  /** The `/model` Enter may have reached the CLI: a picker painting from now on is ours to cancel. */
  readonly opened: boolean;
  /** Cleanup: native-composer frames in a row since the last Escape. */
  readonly clearFrames: number;
  /** Enters already repaired (the draft showed `/model` and an empty line instead of a picker). */
  readonly repairedEnters: number;
  /** The typed `/model` reached the composer and its Enter has not: a failure must clear it before the next op writes, so nothing is appended to the stale draft. */
  readonly staged: boolean;
  /** The CLI's `Set model to …` line as it stood when the slot was acquired: only a line that changed since names our apply. */
  readonly noticeBefore: ModelNoticeFact | null;
  readonly error: ElwoodError | null;
  readonly result: readonly AgentModelOption[] | null;
}
