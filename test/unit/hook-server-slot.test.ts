// The hook server slot: error listeners reach a server filled later, a close before the fill closes the late server.
import { describe, expect, it } from "vitest";
import { HookServerSlot } from "../../effects/hook-bridge/server-slot.js";
import type { HookBridgeError } from "../../effects/hook-bridge/server.js";

function fakeServer() {
  const listeners = new Set<(e: HookBridgeError) => void>();
  let closes = 0;
  return {
    onError: (listener: (e: HookBridgeError) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () => {
      closes += 1;
      return Promise.resolve();
    },
    report: (e: HookBridgeError) => {
      for (const l of listeners) l(e);
    },
    closes: () => closes,
    listeners,
  };
}

const error: HookBridgeError = { category: "invalid_input", message: "bad" };

describe("HookServerSlot", () => {
  it("serves error listeners that subscribed before the fill, and unsubscribes them from the server", () => {
    const slot = new HookServerSlot();
    const seen: HookBridgeError[] = [];
    const off = slot.onError((e) => seen.push(e));
    const server = fakeServer();
    slot.fill(server);
    server.report(error);
    expect(seen).toEqual([error]);
    off();
    expect(server.listeners.size).toBe(0);
  });

  it("closes a filled server on close; a close before the fill closes the server once it is filled", async () => {
    const filled = new HookServerSlot();
    const server = fakeServer();
    filled.fill(server);
    await filled.close();
    expect(server.closes()).toBe(1);

    const early = new HookServerSlot();
    await early.close();
    const late = fakeServer();
    early.fill(late);
    expect(late.closes()).toBe(1);
  });
});
