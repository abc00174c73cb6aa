// Regression (found by the real-CLI e2e suite): a message submitted right after Stop must not turn the previous
// turn's lingering spinner into a fake turn that starts and ends before the CLI even took the message (C-TURN-01).

import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { turnMachine, type TurnEvent } from "../../machines/turn.js";
import { idleFrame, workingFrame } from "../support/facts.js";

const NO_EVIDENCE_MS = 4000;
const READY: TurnEvent = { type: "status.changed", from: "running", to: "ready", initial: true };
const ENTERED: TurnEvent = { type: "submission.entered", opId: "op" };
const STOP: TurnEvent = { type: "hook.Stop", name: "Stop", payload: {} };
const PROMPT: TurnEvent = { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} };

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(turnMachine, { clock, input: { resumed: false, noEvidenceEndMs: NO_EVIDENCE_MS, turnHooks: { start: "UserPromptSubmit", end: "Stop" } } });
  const edges: string[] = [];
  actor.on("*", (e) => edges.push(`${e.type === "turn.started" ? "started" : "ended"}:${e.source}`));
  actor.start();
  return { edges, clock, send: (...events: TurnEvent[]) => events.forEach((e) => actor.send(e)), value: () => actor.getSnapshot().value };
}

describe("turn machine: submission right after Stop", () => {
  it("C-TURN-01 ignores the old turn's spinner until a quiet composer frame, then counts new work", () => {
    const t = start();
    t.send(READY, ENTERED, workingFrame(), STOP);
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
    // Claude 2.1.215/2.1.332: the queue submits at Stop while the finished turn's spinner is still drawn.
    t.send(ENTERED, workingFrame(), workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
    expect(t.value()).toBe("awaitingWork");
    t.send(workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:hook", "started:footer", "ended:footer"]);
  });

  it("C-TURN-01 the prompt hook starts the new turn even while the stale spinner is still drawn", () => {
    const t = start();
    t.send(READY, ENTERED, workingFrame(), STOP, ENTERED, workingFrame(), PROMPT);
    expect(t.edges).toEqual(["started:footer", "ended:hook", "started:hook"]);
    expect(t.value()).toBe("working");
  });

  it("C-TURN-01 with no evidence at all the submission still ends after the no-evidence bound", () => {
    const t = start();
    t.send(READY, ENTERED, workingFrame(), STOP, ENTERED, workingFrame());
    t.clock.increment(NO_EVIDENCE_MS);
    expect(t.edges).toEqual(["started:footer", "ended:hook", "ended:submission"]);
    expect(t.value()).toBe("idle");
  });

  it("C-TURN-01 C-API-19: work painted between a queued message's paste and its Enter does not end that message's turn (Codex 0.171)", () => {
    const t = start();
    // Measured on Codex 0.171.0 (fresh-clone CI): a working title appeared after the first queued message's paste and
    // before its Enter; the composer went quiet 40 ms later, at the Enter, and that end let the second message go.
    t.send(READY, workingFrame(), ENTERED, idleFrame());
    expect(t.edges).toEqual(["started:footer"]);
    expect(t.value()).toBe("awaitingWork");
    // The message's real turn: its work, its prompt hook, then its Stop end it once.
    t.send(workingFrame(), PROMPT, STOP);
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
  });

  it("C-API-37: guidance written into a running turn on purpose leaves the turn's own end alone", () => {
    const t = start();
    t.send(READY, ENTERED, workingFrame(), { type: "submission.entered", opId: "g", joinsTurn: true }, idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });
});
