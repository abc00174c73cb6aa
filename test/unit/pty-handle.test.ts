// The PtyHandle serves exit listeners that subscribed before the io actor spawned the PTY (it spawns once the bridge listens).
import { describe, expect, it } from "vitest";
import type { AgentPty, PtyExit } from "../../effects/pty/agent-pty.js";
import { PtyHandle } from "../../effects/pty/pty-handle.js";

/** Just enough of an AgentPty for the handle: exit subscriptions and a way to end it. */
function fakePty() {
  const listeners = new Set<(exit: PtyExit) => void>();
  const pty = {
    pid: 4242,
    exited: false,
    onInput: () => () => undefined,
    onExit: (listener: (exit: PtyExit) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const exit = (e: PtyExit) => {
    pty.exited = true;
    for (const l of [...listeners]) l(e);
  };
  return { pty: pty as unknown as AgentPty, exit, listeners };
}

describe("PtyHandle exit listeners", () => {
  it("a listener subscribed before the spawn hears the exit once the PTY is attached; one unsubscribed before never does", () => {
    const handle = new PtyHandle();
    const heard: string[] = [];
    handle.onExit(() => heard.push("early"));
    const off = handle.onExit(() => heard.push("gone"));
    off();
    const { pty, exit, listeners } = fakePty();
    handle.attach(pty);
    handle.onExit(() => heard.push("late"));
    exit({ exitCode: 0, signal: null });
    expect(heard).toEqual(["early", "late"]);
    expect(handle.exited).toBe(true);
    // The handle's own waiter plus the two live listeners.
    expect(listeners.size).toBe(3);
  });

  it("unsubscribing after the attach removes the PTY subscription of an early listener", () => {
    const handle = new PtyHandle();
    const heard: string[] = [];
    const off = handle.onExit(() => heard.push("early"));
    const { pty, exit } = fakePty();
    handle.attach(pty);
    off();
    exit({ exitCode: 0, signal: null });
    expect(heard).toEqual([]);
  });
});
