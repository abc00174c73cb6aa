// The transaction effects as an actor of the session tree: performs what a pure transaction machine asks for.

import { fromCallback } from "xstate";
import type { WarningCode } from "../src/contracts/public-types.js";
import type { EffectRequestEvent, EffectResultEvent } from "../src/contracts/transaction.js";
import { TransactionEffects, type TransactionEffectDeps } from "./transaction-effects.js";

/** Everything the effects need that only the session's owner knows (callbacks, paths, the process). */
export type TransactionEffectsInput = Omit<TransactionEffectDeps, "warn">;

export type TransactionEffectsCommand = EffectRequestEvent | { readonly type: "session.ended" };

export type EffectWarningEvent = {
  readonly type: "effect.warning";
  readonly code: WarningCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
};

export type TransactionEffectsEmitted = EffectResultEvent | EffectWarningEvent;

/**
 * Receives `effect.request` from the root (which the queue forwards from its active transaction) and answers
 * `effect.result`; `session.ended` releases every lock and restores every snapshot a finished transaction held.
 */
export const transactionEffectsLogic = fromCallback<TransactionEffectsCommand, TransactionEffectsInput, TransactionEffectsEmitted>(
  ({ input, sendBack, receive }) => {
    let stopped = false;
    // An effect still running when the tree stops finishes and releases what it holds; its answer is dropped.
    const reply = (event: TransactionEffectsEmitted): void => {
      if (!stopped) sendBack(event);
    };
    const effects = new TransactionEffects({
      ...input,
      warn: (code, message, details) => reply(details === undefined ? { type: "effect.warning", code, message } : { type: "effect.warning", code, message, details }),
    });
    receive((command) => {
      if (command.type === "session.ended") void effects.sessionEnded();
      else void effects.run(command).then(reply);
    });
    return () => {
      stopped = true;
    };
  },
);
