// The hook bridge's edge actor: what the bridge server's handler reports (hooks, hook errors, hook results, start-up
// warnings) enters the session tree here, as events for the root. The server starts before the tree exists (the CLI's
// command line names its socket), so the feed keeps what arrives first and hands it over when the actor subscribes.

import { fromCallback } from "xstate";
import type { HookEvent } from "../src/contracts/events.js";
import type { HookErrorEvent, Unsubscribe, WarningCode } from "../src/contracts/public-types.js";

/** A hook error the bridge or the dispatcher saw (the call failed open). */
export type BridgeHookErrorEvent = { readonly type: "bridge.hookError"; readonly error: HookErrorEvent };
/** A handler answered a hook (its reply, or the fail-open it fell back to). */
export type BridgeHookResultEvent = { readonly type: "bridge.hookResult"; readonly name: string; readonly failedOpen: boolean; readonly response: unknown };
/** Something at the edge the caller should know (content-free). */
export type EdgeWarningEvent = {
  readonly type: "effect.warning";
  readonly code: WarningCode;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
};

export type HookBridgeEmitted = HookEvent | BridgeHookErrorEvent | BridgeHookResultEvent | EdgeWarningEvent;

/** The channel from the bridge server's handler to the session tree. */
export class HookFeed {
  private early: HookBridgeEmitted[] = [];
  private listener: ((event: HookBridgeEmitted) => void) | undefined;

  /** `handlerDecision` is set for hooks delivered after their handler answered (see HookEvent). */
  hook(name: string, payload: Readonly<Record<string, unknown>>, handlerDecision?: string): void {
    this.push({ type: `hook.${name}`, name, payload, ...(handlerDecision === undefined ? {} : { handlerDecision }) });
  }

  hookError(error: HookErrorEvent): void {
    this.push({ type: "bridge.hookError", error });
  }

  hookResult(name: string, failedOpen: boolean, response: unknown): void {
    this.push({ type: "bridge.hookResult", name, failedOpen, response });
  }

  warning(code: WarningCode, message: string, details?: Readonly<Record<string, unknown>>): void {
    this.push({ type: "effect.warning", code, message, ...(details === undefined ? {} : { details }) });
  }

  /** One subscriber (the session's actor): it first gets what arrived before it, in order. */
  subscribe(listener: (event: HookBridgeEmitted) => void): Unsubscribe {
    this.listener = listener;
    const early = this.early;
    this.early = [];
    for (const event of early) listener(event);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  private push(event: HookBridgeEmitted): void {
    if (this.listener) this.listener(event);
    else this.early.push(event);
  }
}

export interface HookBridgeInput {
  readonly feed: HookFeed;
}

export const hookBridgeLogic = fromCallback<{ readonly type: string }, HookBridgeInput, HookBridgeEmitted>(({ input, sendBack }) =>
  input.feed.subscribe((event) => sendBack(event)),
);
