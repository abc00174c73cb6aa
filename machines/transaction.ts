// Shared steps of the exclusive queue transactions (model picker, login, image attach): key bytes and write steps.

import type { IoWriteRequest } from "../src/contracts/events.js";
import type { EffectRequestEvent, TransactionEffect } from "../src/contracts/transaction.js";

export type {
  EffectRequestEvent,
  EffectResultEvent,
  TransactionCancelEvent,
  TransactionEffect,
  TransactionMachineEvent,
  TransactionOutput,
} from "../src/contracts/transaction.js";

export const ESC = "\x1b";
export const ARROW_UP = "\x1b[A";
export const ARROW_DOWN = "\x1b[B";
/** Deletes the character before the cursor (a newline included) in both CLIs' composers. */
export const BACKSPACE = "\x7f";
/** Ctrl+U (kill to line start) then Ctrl+K (kill to line end): clears a draft left by a failed attach. */
export const CLEAR_DRAFT = "\x15\x0b";
export const CTRL_V = "\x16";

/**
 * A write step shared by the transaction machines: `nextRequest` allocates a request id, `toParent`
 * sends what `params` builds (the io.write, straight to the I/O edge), `holdRetry` re-requests while the edge holds it, then on
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
