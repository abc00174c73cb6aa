// Transaction vocabulary: the effects a pure transaction machine asks for, their results, and its output.

import type { ElwoodError } from "./errors.js";
import type { FrameEvent, HookEvent, IoFailedEvent, IoHeldEvent, IoWrittenEvent, StatusChangedEvent } from "./events.js";

/**
 * Work a pure machine needs from the outside world mid-transaction. The session forwards the request to
 * the facade, which performs it and answers with `effect.result` (machines never touch files or clipboards).
 */
export type TransactionEffect =
  /** Codex: snapshot config.toml under the process-wide config lock (acquired inside the queue slot). */
  | { readonly kind: "config.snapshot" }
  /** Codex: restore config.toml by compare-and-swap when `persisted`, then release the lock. */
  | { readonly kind: "config.finish"; readonly persisted: boolean; readonly takenOver: boolean }
  /** Codex images: take the process-wide clipboard lock and snapshot the user's clipboard. */
  | { readonly kind: "clipboard.begin" }
  /** Codex images: put one image file on the clipboard as a native image. */
  | { readonly kind: "clipboard.setImage"; readonly path: string }
  /** Codex images: restore the snapshotted clipboard and release the lock (failure is a warning only). */
  | { readonly kind: "clipboard.end" }
  /** Login: hand the validated authorization URL to the caller's onAuthUrl. */
  | { readonly kind: "login.authUrl"; readonly url: string }
  /** Login: ask the caller's provideCode for the code (validated by the facade before it is returned). */
  | { readonly kind: "login.provideCode" };

export type EffectRequestEvent = {
  readonly type: "effect.request";
  readonly requestId: string;
  readonly opId: string;
  readonly effect: TransactionEffect;
};
export type EffectResultEvent = {
  readonly type: "effect.result";
  readonly requestId: string;
  readonly ok: boolean;
  /** The effect's value (a login code); never logged. */
  readonly value?: string;
  readonly error?: ElwoodError;
};

/** The queue's deadline or a caller cancel reached the active transaction: clean up, then finish failed. */
export type TransactionCancelEvent = { readonly type: "transaction.cancel"; readonly error: ElwoodError };

/** Everything the session routes to an active transaction machine. */
export type TransactionMachineEvent =
  | FrameEvent
  | HookEvent
  | StatusChangedEvent
  | IoWrittenEvent
  | IoHeldEvent
  | IoFailedEvent
  | EffectResultEvent
  | TransactionCancelEvent
  | { readonly type: "submission.rawInput" };

export interface TransactionOutput {
  readonly opId: string;
  readonly ok: boolean;
  /** The transaction's result for the caller (listModels rows). */
  readonly result?: unknown;
  readonly error?: ElwoodError;
}
