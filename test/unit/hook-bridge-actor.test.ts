// Unit test of the hook bridge's edge actor: what the bridge handler reports before the session tree exists is kept
// and handed to the root in order when the actor starts, then live reports follow straight through.

import { describe, expect, it } from "vitest";
import { createActor, setup, type EventObject } from "xstate";
import { HookFeed, hookBridgeLogic, type HookBridgeInput } from "../../effects/hook-bridge-actor.js";
import type { HookBridgeError } from "../../effects/hook-bridge/server.js";

function rootOver(feed: HookFeed, received: EventObject[], bridge?: HookBridgeInput["bridge"]) {
  const input: HookBridgeInput = bridge === undefined ? { feed } : { feed, bridge };
  const root = setup({ actors: { hooks: hookBridgeLogic } }).createMachine({
    invoke: { id: "hooks", src: "hooks", input },
    on: { "*": { actions: ({ event }) => void received.push(event) } },
  });
  return createActor(root);
}

describe("hook bridge actor (issue 12: hook events enter the actor tree through an effect actor)", () => {
  it("replays reports that arrived before the tree started, in order, then forwards live ones", () => {
    const feed = new HookFeed();
    feed.hook("SessionStart", { session_id: "c1" });
    feed.hookError({ category: "bridge_error", hookEventName: "Unknown", message: "disconnected" });
    const received: EventObject[] = [];
    const actor = rootOver(feed, received);
    expect(received).toEqual([]);
    actor.start();
    feed.hook("Stop", {}, "block");
    feed.hookResult("Stop", false, { decision: "block" });
    feed.warning("resize_restore_failed", "m", { cols: 80 });
    expect(received.map((e) => e.type)).toEqual(["hook.SessionStart", "bridge.hookError", "hook.Stop", "bridge.hookResult", "effect.warning"]);
    expect(received[2]).toEqual({ type: "hook.Stop", name: "Stop", payload: {}, handlerDecision: "block" });
    expect(received[0]).not.toHaveProperty("handlerDecision");
    actor.stop();
    // After the tree stopped, nothing more reaches it.
    feed.hook("Notification", {});
    expect(received).toHaveLength(5);
  });
  it("with a render gate, a hook waits for the output before it to be rendered; later reports keep their order, an edge warning does not wait (issue 16: a fast HTTP hook never outruns its screen)", async () => {
    const feed = new HookFeed();
    const received: EventObject[] = [];
    rootOver(feed, received).start();
    let render!: () => void;
    feed.gateOnRender(() => new Promise<void>((resolve) => (render = resolve)));
    feed.hook("Stop", {});
    feed.hookResult("Stop", false, {});
    feed.warning("resize_restore_failed", "m");
    expect(received.map((e) => e.type)).toEqual(["effect.warning"]);
    render();
    await feed.delivered();
    expect(received.map((e) => e.type)).toEqual(["effect.warning", "hook.Stop", "bridge.hookResult"]);
  });

  it("reports the bridge server's rejected calls as hook errors (noise stays silent, a foreign name is Unknown) and closes the server when it stops (issue 12: the hooks actor owns the server's errors and close)", async () => {
    const feed = new HookFeed();
    const received: EventObject[] = [];
    const listeners = new Set<(e: HookBridgeError) => void>();
    let closes = 0;
    const server = {
      onError: (l: (e: HookBridgeError) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      close: async () => {
        closes += 1;
      },
    };
    const actor = rootOver(feed, received, { server, isHookEventName: (name) => name === "Stop" });
    expect(listeners.size).toBe(0);
    actor.start();
    const report = (e: HookBridgeError): void => {
      for (const l of listeners) l(e);
    };
    report({ category: "invalid_input", message: "oversized", noise: true });
    report({ category: "invalid_input", event: "Stop", message: "malformed JSON" });
    report({ category: "bridge_error", event: "NotAHook", message: "unknown event" });
    await feed.delivered();
    expect(received).toEqual([
      { type: "bridge.hookError", error: { category: "invalid_input", hookEventName: "Stop", message: "malformed JSON" } },
      { type: "bridge.hookError", error: { category: "bridge_error", hookEventName: "Unknown", message: "unknown event" } },
    ]);
    expect(closes).toBe(0);
    actor.stop();
    expect(closes).toBe(1);
    expect(listeners.size).toBe(0);
  });
});
