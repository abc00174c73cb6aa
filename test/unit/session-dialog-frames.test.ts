// The root forwards frames to the trust responder and the key watch only while a dialog is in play: every frame that
// shows one, and the first frame after it went away; dialog-free repaints in between reach neither (C-PERF render cost).

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyActorLogic } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { createSessionMachine, type SessionInput } from "../../machines/session.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { dialogFrame, idleFrame, workingFrame } from "../support/facts.js";

const INPUT: SessionInput = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };

/** The root with recording stand-ins for trust, key watch and turn; every other child is inert. */
function startRoot() {
  const inert: AnyActorLogic = fromCallback(() => undefined);
  const seen: Record<"trust" | "keyWatch" | "turn", number[]> = { trust: [], keyWatch: [], turn: [] };
  const recorder = (name: keyof typeof seen): AnyActorLogic =>
    fromCallback(({ receive }) => {
      receive((event) => {
        if (event.type === "frame") seen[name].push((event as FrameEvent).seq);
      });
    });
  const machine = createSessionMachine({ io: inert, listen: inert, effects: inert, hooks: inert, end: inert }).provide({
    actors: { status: inert, turn: recorder("turn"), queue: inert, interrupt: inert, trust: recorder("trust"), keyWatch: recorder("keyWatch"), waits: inert } as never,
  });
  const actor = createActor(machine, { input: INPUT });
  actor.start();
  return { actor, seen };
}

describe("frames reach the dialog machines only while a dialog is in play", () => {
  it("dialog-free frames skip trust and key watch; a dialog's frames and the first frame after it reach both", () => {
    const { actor, seen } = startRoot();
    const frames = [idleFrame(), workingFrame(), dialogFrame("workspace_trust"), dialogFrame("workspace_trust"), idleFrame(), idleFrame(), workingFrame(), dialogFrame("permission"), workingFrame()];
    for (const f of frames) actor.send(f);
    const seq = (i: number): number => (frames[i] as FrameEvent).seq;
    const dialogWindow = [seq(2), seq(3), seq(4), seq(7), seq(8)];
    expect(seen.trust).toEqual(dialogWindow);
    expect(seen.keyWatch).toEqual(dialogWindow);
    // The turn watcher still counts every frame.
    expect(seen.turn).toEqual(frames.map((_, i) => seq(i)));
    actor.stop();
  });
});
