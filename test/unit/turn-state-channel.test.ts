// Regression (codex-mcp-warnings e2e, Codex 0.171.0): a working title while the CLI's own state channel says idle is
// background work (MCP servers starting), not a turn; a CLI without a channel keeps reading the title as before.

import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { QUIET_FRAMES_REQUIRED, turnMachine, type TurnEvent } from "../../machines/turn.js";
import { frame, idleFrame } from "../support/facts.js";

const NO_EVIDENCE_MS = 4000;
const READY: TurnEvent = { type: "status.changed", from: "running", to: "ready", initial: true };
const ENTERED: TurnEvent = { type: "submission.entered", opId: "op" };
const PROMPT: TurnEvent = { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} };
const STOP: TurnEvent = { type: "hook.Stop", name: "Stop", payload: {} };

function start(resumed = false) {
  const clock = new SimulatedClock();
  const actor = createActor(turnMachine, { clock, input: { resumed, noEvidenceEndMs: NO_EVIDENCE_MS, turnHooks: { start: "UserPromptSubmit", end: "Stop" } } });
  const edges: string[] = [];
  actor.on("*", (e) => edges.push(`${e.type === "turn.started" ? "started" : "ended"}:${e.source}`));
  actor.start();
  return { edges, clock, send: (...events: TurnEvent[]) => events.forEach((e) => actor.send(e)), value: () => actor.getSnapshot().value };
}

/** The frame that made the session ready (the idle report comes before the readiness it causes), then readiness. */
const readyOnChannelIdle = (): TurnEvent[] => [frame({ composer: true }, ["idle"]), READY];
const spinnerOnComposer = (oscState: readonly string[] = []) => frame({ composer: true, titleSpinner: true }, oscState);

describe("turn machine: the title spinner and the CLI's state channel", () => {
  it("a working title after readiness on channel idle, with no prompt sent, starts no turn", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), idleFrame(), spinnerOnComposer(), spinnerOnComposer(), idleFrame());
    expect(t.edges).toEqual([]);
    expect(t.value()).toBe("idle");
  });

  it("once the channel reports work the title spinner starts the turn (in the same frame or after it)", () => {
    const same = start();
    same.send(...readyOnChannelIdle(), spinnerOnComposer(["working"]));
    expect(same.edges).toEqual(["started:title"]);

    const after = start();
    after.send(...readyOnChannelIdle(), frame({ composer: true }, ["working"]));
    expect(after.edges).toEqual([]);
    after.send(spinnerOnComposer());
    expect(after.edges).toEqual(["started:title"]);
  });

  it("the last word of a frame's reports wins: done, idle, working in one read is work", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), spinnerOnComposer(["done", "idle", "working"]));
    expect(t.edges).toEqual(["started:title"]);
  });

  it("a session whose CLI never reports on a channel still starts and ends a turn on the title spinner", () => {
    const t = start();
    t.send(idleFrame(), READY, spinnerOnComposer(), idleFrame());
    expect(t.edges).toEqual(["started:title", "ended:footer"]);
  });

  it("the footer's working indicator starts a turn whatever the channel says", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), frame({ composer: true, working: true }));
    expect(t.edges).toEqual(["started:footer"]);
  });

  it("done counts as idle: a title still spinning after the turn's done ends it and starts no new turn", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), ENTERED, frame({ composer: true }, ["working"]), spinnerOnComposer());
    expect(t.edges).toEqual(["started:title"]);
    t.send(spinnerOnComposer(["done"]));
    expect(t.edges).toEqual(["started:title", "ended:footer"]);
    t.send(spinnerOnComposer(), spinnerOnComposer(["idle"]));
    expect(t.edges).toEqual(["started:title", "ended:footer"]);
  });

  it("after a submission on channel idle the background title is not the turn's work; the reported work is", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), ENTERED, spinnerOnComposer());
    expect(t.value()).toBe("awaitingWork");
    expect(t.edges).toEqual([]);
    t.send(spinnerOnComposer(["working"]));
    expect(t.edges).toEqual(["started:title"]);
  });

  it("the prompt hook makes the title count again until the next report: its spinner holds the turn it started open", () => {
    const t = start();
    t.send(...readyOnChannelIdle(), PROMPT);
    expect(t.edges).toEqual(["started:hook"]);
    t.send(spinnerOnComposer(), spinnerOnComposer());
    expect(t.value()).toBe("working");
    expect(t.edges).toEqual(["started:hook"]);
    // Stop, then the turn's done and idle reports: the title still spinning on them is quiet, so watching resumes.
    t.send(STOP, ...Array.from({ length: QUIET_FRAMES_REQUIRED }, () => spinnerOnComposer(["done", "idle"])));
    expect(t.edges).toEqual(["started:hook", "ended:hook"]);
    expect(t.value()).toBe("idle");
  });

  it("a resumed session's replay hold counts a background title on channel idle as quiet", () => {
    const t = start(true);
    t.send(...readyOnChannelIdle(), ...Array.from({ length: QUIET_FRAMES_REQUIRED }, () => spinnerOnComposer()));
    expect(t.value()).toBe("idle");
    expect(t.edges).toEqual([]);
  });
});
