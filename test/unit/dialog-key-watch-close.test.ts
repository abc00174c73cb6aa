// The root's dialog key watch end to end through the session machine: keys sent to an unchanged blocking dialog warn
// dialog_keys_no_effect after the window, and a close right after the keys cancels that warning.

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, SimulatedClock, type AnyActorLogic } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { DIALOG_KEY_EFFECT_MS } from "../../machines/dialog-key-watch.js";
import { createSessionMachine, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";
import { dialogFrame } from "../support/facts.js";
import { advanceClock } from "../support/machine-host.js";

const INPUT: SessionInput = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };

/** The root with its real key watch; every other child is an inert stand-in. */
function startRoot() {
  const inert: AnyActorLogic = fromCallback(() => undefined);
  const machine = createSessionMachine({ io: inert, listen: inert, effects: inert, hooks: inert, end: inert }).provide({
    actors: { status: inert, turn: inert, queue: inert, interrupt: inert, trust: inert, waits: inert } as never,
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: INPUT, clock });
  const warnings: SessionPublicEvent[] = [];
  actor.on("public.warning", (e) => void warnings.push(e));
  actor.start();
  actor.send(dialogFrame("permission"));
  return { actor, clock, warnings };
}

describe("sendKeys to a blocking dialog: dialog_keys_no_effect from the root's key watch", () => {
  it("keys that leave the permission dialog unchanged warn once the window has passed, not before", () => {
    const { actor, clock, warnings } = startRoot();
    actor.send({ type: "cmd.rawInput" });
    advanceClock(clock, DIALOG_KEY_EFFECT_MS - 1);
    expect(warnings).toEqual([]);
    advanceClock(clock, 2);
    expect(warnings).toEqual([
      { type: "public.warning", code: "dialog_keys_no_effect", message: "keys written to the permission dialog left it unchanged", details: { dialog: "permission" } },
    ]);
    actor.stop();
  });

  it("a close right after the keys cancels the watch: no warning arrives after the teardown", () => {
    const { actor, clock, warnings } = startRoot();
    actor.send({ type: "cmd.rawInput" });
    actor.send({ type: "cmd.closing", as: "torn_down" });
    advanceClock(clock, DIALOG_KEY_EFFECT_MS * 2);
    expect(warnings).toEqual([]);
    actor.stop();
  });
});
