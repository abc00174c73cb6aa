// Shared vocabulary of exclusive queue transactions (model picker, login, image attach): events, effects, outputs.

import type { ElwoodError } from "../src/contracts/errors.js";
import type { FrameEvent, HookEvent, IoFailedEvent, IoHeldEvent, IoWriteRequest, IoWrittenEvent, StatusChangedEvent } from "../src/contracts/events.js";

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

export const ESC = "\x1b";
export const ARROW_UP = "\x1b[A";
export const ARROW_DOWN = "\x1b[B";
/** Ctrl+U (kill to line start) then Ctrl+K (kill to line end): clears a draft left by a failed attach. */
export const CLEAR_DRAFT = "\x15\x0b";
export const CTRL_V = "\x16";

/**
 * A write step shared by the transaction machines: `nextRequest` allocates a request id, `toParent`
 * sends what `params` builds (the io.write), `holdRetry` re-requests while the edge holds it, then on
 * to `next` once written, or to `onFail` (recording the error) when the write fails.
 */
export function writeStep<P>(params: P, next: string, onFail: string) {
  return {
    initial: "requesting",
    states: {
      requesting: {
        entry: ["nextRequest", { type: "toParent", params }],
        on: {
          "io.written": { guard: "isOurs", target: next, actions: "clearRequest" },
          "io.held": { guard: "isOurs", target: "held", actions: "clearRequest" },
          "io.failed": { guard: "isOurs", target: onFail, actions: "recordIoError" },
        },
      },
      held: { after: { holdRetry: { target: "requesting" } } },
    },
  } as const;
}

/** The context fields a transaction's parent requests carry. */
interface RequestContext {
  readonly opId: string;
  readonly pendingRequestId: string | null;
}

/** What a write step writes, without the request framing the builder adds. */
export type WriteData = Omit<IoWriteRequest, "type" | "requestId">;

/** `toParent` params for one io.write under the current request id; `writeData` picks the bytes for `what`. */
export function writeParamsFor<C extends RequestContext, W>(writeData: (context: C, what: W) => WriteData) {
  return (what: W) =>
    ({ context }: { readonly context: C }): { readonly events: readonly IoWriteRequest[] } => ({
      events: [{ type: "io.write", requestId: context.pendingRequestId ?? "", ...writeData(context, what) }],
    });
}

/** `toParent` params asking the facade for `effect` under the current request id. */
export function effectParams<C extends RequestContext>(effect: (context: C) => TransactionEffect) {
  return ({ context }: { readonly context: C }): { readonly events: readonly EffectRequestEvent[] } => ({
    events: [{ type: "effect.request", requestId: context.pendingRequestId ?? "", opId: context.opId, effect: effect(context) }],
  });
}
