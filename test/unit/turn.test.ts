// Turn watcher unit tests: dormant before readiness, idempotent Stop/rendered ends, the no-evidence fallback and the
// resume replay hold (C-TURN-01, C-TURN-02, C-TURN-04, C-TURN-05).

import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { QUIET_FRAMES_REQUIRED, turnMachine, type TurnEvent, type TurnInput } from "../../machines/turn.js";
import type { HookEvent } from "../../src/contracts/events.js";
import { dialogFrame, frame, idleFrame, workingFrame } from "../support/facts.js";

const NO_EVIDENCE_MS = 4000;

function start(input: Partial<TurnInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(turnMachine, { clock, input: { resumed: false, noEvidenceEndMs: NO_EVIDENCE_MS, turnHooks: { start: "UserPromptSubmit", end: "Stop" }, ...input } });
  const edges: string[] = [];
  actor.on("*", (e) => edges.push(`${e.type === "turn.started" ? "started" : "ended"}:${e.source}`));
  actor.start();
  return {
    edges,
    clock,
    send: (...events: TurnEvent[]) => events.forEach((e) => actor.send(e)),
    value: () => actor.getSnapshot().value,
  };
}

const ready = (initial = true): TurnEvent => ({ type: "status.changed", from: "running", to: "ready", initial });
const hook = (name: string, handlerDecision?: string): HookEvent =>
  handlerDecision === undefined ? { type: `hook.${name}`, name, payload: {} } : { type: `hook.${name}`, name, payload: {}, handlerDecision };
const entered: TurnEvent = { type: "submission.entered", opId: "op" };
const quiet = (n: number): TurnEvent[] => Array.from({ length: n }, () => idleFrame());
const bannerFrame = () => frame({ composer: true, interruptBanner: true });
const titleOnly = () => frame({ composer: false, titleSpinner: true });

describe("turn machine: before initial readiness", () => {
  it("C-TURN-01: startup spinners, hooks and submissions before initial readiness fabricate no turn edge", () => {
    const t = start();
    t.send(workingFrame(), idleFrame(), workingFrame(), titleOnly(), bannerFrame(), hook("UserPromptSubmit"), hook("Stop"), entered, idleFrame());
    t.clock.increment(NO_EVIDENCE_MS * 2);
    expect(t.edges).toEqual([]);
    expect(t.value()).toBe("dormant");
    // A non-initial ready (cannot happen first, but must not arm either) keeps it dormant.
    t.send(ready(false), workingFrame());
    expect(t.edges).toEqual([]);
    t.send(ready(true), workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });
});

describe("turn machine: idempotent ends", () => {
  it("C-TURN-01: Stop then the rendered end (with stale working repaints) is one end", () => {
    const t = start();
    t.send(ready(), entered, workingFrame(), hook("Stop"));
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
    t.send(workingFrame(), ...quiet(2), workingFrame(), ...quiet(QUIET_FRAMES_REQUIRED));
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
    expect(t.value()).toBe("idle");
    t.send(workingFrame());
    expect(t.edges).toEqual(["started:footer", "ended:hook", "started:footer"]);
  });

  it("C-TURN-01: the rendered end then a late Stop is one end", () => {
    const t = start();
    t.send(ready(), workingFrame(), idleFrame(), hook("Stop"), hook("Stop"), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });

  it("a Stop the parent handler blocked keeps the turn running", () => {
    const t = start();
    t.send(ready(), entered, workingFrame(), hook("Stop", "block"));
    expect(t.edges).toEqual(["started:footer"]);
    t.send(hook("Stop"));
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
  });

  it("C-TURN-02/C-TURN-04/C-TURN-05: a title-only working turn (narrow screen) ends on the interrupt banner", () => {
    const t = start();
    t.send(ready(), titleOnly(), frame({ composer: false, titleSpinner: false }), bannerFrame(), bannerFrame());
    expect(t.edges).toEqual(["started:title", "ended:banner"]);
  });

  it("a permission dialog mid-turn is not a turn end", () => {
    const t = start();
    t.send(ready(), workingFrame(), dialogFrame(), dialogFrame());
    expect(t.edges).toEqual(["started:footer"]);
    t.send(workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });
});

describe("turn machine: submitted, no work evidence", () => {
  it("an idle composer in the gap after Enter is not an end; the no-evidence bound ends it once", () => {
    const t = start();
    t.send(ready(), entered, ...quiet(10));
    t.clock.increment(NO_EVIDENCE_MS - 1);
    expect(t.edges).toEqual([]);
    t.clock.increment(1);
    expect(t.edges).toEqual(["ended:submission"]);
    t.clock.increment(NO_EVIDENCE_MS * 2);
    t.send(...quiet(3));
    expect(t.edges).toEqual(["ended:submission"]);
  });

  it("UserPromptSubmit after Enter starts the turn from the hook, and the later working frame does not start it again", () => {
    const t = start();
    t.send(ready(), entered, hook("UserPromptSubmit"), workingFrame(), workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:hook", "ended:footer"]);
  });
});

describe("turn machine: one start per turn", () => {
  it("a UserPromptSubmit from an idle composer (raw-typed prompt) then its spinner announce one start", () => {
    // Regression: the idle prompt hook announced a start, and the spinner frame in awaitingWork announced it again.
    const t = start();
    t.send(ready(), hook("UserPromptSubmit"), workingFrame(), workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:hook", "ended:footer"]);
    t.send(hook("UserPromptSubmit"), hook("Stop"), workingFrame(), ...quiet(QUIET_FRAMES_REQUIRED), workingFrame());
    expect(t.edges).toEqual(["started:hook", "ended:footer", "started:hook", "ended:hook", "started:footer"]);
  });
});

describe("turn machine: resume replay hold", () => {
  it("replayed working repaints after a resumed session's initial readiness fabricate no turn", () => {
    const t = start({ resumed: true });
    t.send(ready(), workingFrame(), idleFrame(), workingFrame(), titleOnly(), bannerFrame(), hook("Stop"));
    expect(t.edges).toEqual([]);
    expect(t.value()).toBe("replayHold");
  });

  it("the hold ends only after a sustained quiet composer; any working repaint restarts the count", () => {
    const t = start({ resumed: true });
    t.send(ready(), ...quiet(QUIET_FRAMES_REQUIRED - 1), workingFrame(), ...quiet(QUIET_FRAMES_REQUIRED - 1));
    expect(t.value()).toBe("replayHold");
    t.send(dialogFrame(), ...quiet(QUIET_FRAMES_REQUIRED - 1));
    expect(t.value()).toBe("replayHold");
    t.send(idleFrame());
    expect(t.value()).toBe("idle");
    expect(t.edges).toEqual([]);
    t.send(workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });

  it("a submission during the hold releases it without announcing a start; its work then starts the turn", () => {
    const t = start({ resumed: true });
    t.send(ready(), workingFrame(), entered);
    expect(t.value()).toBe("awaitingWork");
    expect(t.edges).toEqual([]);
    t.send(workingFrame(), hook("Stop"));
    expect(t.edges).toEqual(["started:footer", "ended:hook"]);
  });

  it("a UserPromptSubmit during the hold releases it too", () => {
    const t = start({ resumed: true });
    t.send(ready(), workingFrame(), hook("UserPromptSubmit"));
    expect(t.value()).toBe("awaitingWork");
    t.send(workingFrame(), idleFrame());
    expect(t.edges).toEqual(["started:footer", "ended:footer"]);
  });

  it("a fresh (not resumed) session has no hold: the first working frame after readiness is a turn", () => {
    const t = start({ resumed: false });
    t.send(ready(), workingFrame());
    expect(t.edges).toEqual(["started:footer"]);
  });
});
