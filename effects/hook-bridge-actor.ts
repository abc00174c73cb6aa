// The hook bridge's edge actor: what the bridge server's handler reports (hooks, hook errors, hook results, start-up
// warnings) and the server's own rejected calls enter the session tree here, as events for the root; the server is
// closed when the actor stops. The server is started by the root's listen actor (effects/hook-listen) and reached through
// its slot; the feed keeps what arrives before the actor subscribes (an edge warning) and hands it over then.

import { fromCallback } from "xstate";
import type { HookEvent } from "../src/contracts/events.js";
import type { HookErrorEvent, Unsubscribe, WarningCode } from "../src/contracts/public-types.js";
import type { HookBridgeError, HookBridgeServer } from "./hook-bridge/server.js";

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

/**
 * How long a hook waits for the PTY output that arrived before it to be rendered. A hook over HTTP reaches the session
 * within a millisecond, sooner than the render batch that carries the text the CLI wrote just before it; without the
 * wait, `ready` on a Stop hook could come with a screen that does not show the turn's last words yet.
 */
const RENDER_WAIT_MS = 250;

/** The channel from the bridge server's handler to the session tree, in arrival order. */
export class HookFeed {
  private early: HookBridgeEmitted[] = [];
  private listener: ((event: HookBridgeEmitted) => void) | undefined;
  private rendered: (() => Promise<void>) | undefined;
  private chain: Promise<void> = Promise.resolve();
  private inFlight = 0;

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

  /** From now on a hook is forwarded only once the output received before it is on the screen (bounded wait). */
  gateOnRender(rendered: () => Promise<void>): void {
    this.rendered = rendered;
  }

  /** Resolves once everything pushed so far has been forwarded. */
  delivered(): Promise<void> {
    return this.chain;
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
    const gate = event.type.startsWith("hook.") && this.rendered !== undefined ? boundedWait(this.rendered) : undefined;
    // Nothing to wait for and nothing ahead of it: forward now, keeping the common path synchronous. An edge
    // warning is not hook traffic, so it never waits behind a hook held for the render.
    if (gate === undefined && (this.inFlight === 0 || event.type === "effect.warning")) return this.forward(event);
    this.inFlight += 1;
    this.chain = this.chain
      .then(async () => {
        if (gate !== undefined) await gate;
        this.forward(event);
      })
      .catch(() => undefined)
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  private forward(event: HookBridgeEmitted): void {
    if (this.listener) this.listener(event);
    else this.early.push(event);
  }
}

/** `rendered()`, but never longer than RENDER_WAIT_MS and never rejecting. */
function boundedWait(rendered: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RENDER_WAIT_MS);
  });
  let done: Promise<void>;
  try {
    done = rendered();
  } catch {
    done = Promise.resolve();
  }
  return Promise.race([done.catch(() => undefined), limit]).finally(() => clearTimeout(timer));
}

/**
 * Which bridge-server errors become public `hookError`s: oversized and wrong-token calls are
 * unauthenticated noise and stay silent; malformed complete requests, unknown events and disconnects are typed
 * hook errors. A name that is not one of the agent's events is reported as "Unknown".
 */
export function publicBridgeErrorFor(e: HookBridgeError, isKnown: (name: string) => boolean): HookErrorEvent | undefined {
  if (e.noise === true) return undefined;
  const name = e.event !== undefined && isKnown(e.event) ? e.event : "Unknown";
  return { category: e.category, hookEventName: name, message: e.message };
}

/** The session's bridge server (its slot, filled once it listens), as far as the tree is concerned: its rejected calls, and its close. */
export interface HookServerLink {
  readonly server: Pick<HookBridgeServer, "onError" | "close">;
  /** The agent's hook names (a rejected call naming another event is reported as "Unknown"). */
  readonly isHookEventName: (name: string) => boolean;
}

export interface HookBridgeInput {
  readonly feed: HookFeed;
  /** Absent for a session launched without a bridge (tests). */
  readonly bridge?: HookServerLink;
}

export const hookBridgeLogic = fromCallback<{ readonly type: string }, HookBridgeInput, HookBridgeEmitted>(({ input, sendBack }) => {
  const { feed, bridge } = input;
  const offFeed = feed.subscribe((event) => sendBack(event));
  // Through the feed, so a rejected call keeps its place among the hooks still held for the render.
  const offErrors = bridge?.server.onError((e) => {
    const error = publicBridgeErrorFor(e, bridge.isHookEventName);
    if (error !== undefined) feed.hookError(error);
  });
  return () => {
    offFeed();
    offErrors?.();
    // The tree is gone: nothing is left to answer a hook. (A stop, kill or teardown closes it earlier, in its release,
    // because the root keeps this actor running while the session is over: late hooks are still displayed.)
    void bridge?.server.close().catch(() => undefined);
  };
});
