// Model-based test: every simple path xstate/graph finds through the status lifecycle graph is replayed on a
// live actor with a simulated clock, and the lifecycle invariants are checked on each path (C-API-33, C-ATTN-01).

import { describe, expect, it } from "vitest";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { createActor, SimulatedClock, type EventObject } from "xstate";
import type { StatusChangedEvent } from "../../src/contracts/events.js";
import { statusMachine, type StatusInput } from "../../machines/status.js";
import { isTerminalStatus } from "../../src/contracts/public-types.js";
import { afterDelayName } from "../support/machine-host.js";
import { ALPHABETS, DELAYS, EVERY_EVENT, INPUT, optionsFor, SETTLING_EVENTS, SETTLING_INPUT, type Snap } from "../support/status-model.js";
import { edgePaths } from "../support/edge-paths.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

/**
 * Replays a path on a live actor and checks, at every step, what the machine records and announces: exactly one
 * new status decision (from the status it was in, to the status it lands in) unless the step is one that decides
 * nothing, and a `status.changed` announcement exactly when the status changes.
 */
function replay(steps: ReadonlyArray<{ event: EventObject; state: Snap }>, input: StatusInput = INPUT): void {
  const clock = new SimulatedClock();
  const actor = createActor(statusMachine, { clock, input, inspect: coverageInspect });
  const announced: StatusChangedEvent[] = [];
  actor.on("status.changed", (e) => announced.push(e));
  actor.start();
  let terminalSeen: string | undefined;
  for (const [index, step] of steps.entries()) {
    if (step.event.type === "xstate.init") continue;
    const at = `step ${index} ${step.event.type}`;
    const before = actor.getSnapshot().context;
    const announcedBefore = announced.length;
    const delay = afterDelayName(step.event.type);
    if (delay !== undefined) clock.increment(DELAYS[delay] ?? Number.NaN);
    else actor.send(step.event as never);
    const snap = actor.getSnapshot();
    expect(snap.value, at).toEqual(step.state.value);
    const status = snap.context.status;
    // Remembering a closing intent decides nothing, nor does a readiness deadline that initial readiness made moot.
    const silent = step.event.type === "lifecycle.closing" || (delay === "readinessDeadline" && before.initialReady);
    const decision = snap.context.decisions.at(-1);
    if (silent) {
      expect(decision, `${at}: no decision`).toBe(before.decisions.at(-1));
    } else {
      expect(decision, `${at}: one new decision`).not.toBe(before.decisions.at(-1));
      expect(decision?.from, at).toBe(before.status);
      expect(decision?.to ?? before.status, at).toBe(status);
      expect(decision?.reason.length, at).toBeGreaterThan(0);
    }
    const changed = announced.slice(announcedBefore);
    if (status === before.status) expect(changed, `${at}: no announcement`).toEqual([]);
    else expect(changed, at).toEqual([{ type: "status.changed", from: before.status, to: status, initial: status === "ready" && !before.initialReady }]);
    if (terminalSeen) expect(status, "nothing leaves a terminal status").toBe(terminalSeen);
    if (isTerminalStatus(status)) terminalSeen = status;
    expect(snap.context.decisions.length).toBeLessThanOrEqual(50);
  }
  const snap = actor.getSnapshot();
  // The announced status stream agrees with the machine, and the public status mirrors the state node.
  expect(announced.at(-1)?.to ?? "starting").toBe(snap.context.status);
  const top = typeof snap.value === "string" ? snap.value : Object.keys(snap.value)[0];
  // (A painted dialog that has not settled yet keeps the status it interrupted.)
  if (top === "dialogPainted") expect(["ready", "running"]).toContain(snap.context.status);
  else expect(top).toBe(snap.context.status);
  // blocked only ever settles to ready or running (never straight from blocked to starting).
  for (const e of announced) expect(e.to).not.toBe("starting");
  actor.stop();
}

describe("status machine (model-based)", () => {
  it("the graph reaches every status", () => {
    const reached = new Set(
      Object.values(ALPHABETS).flatMap((events) => getShortestPaths(statusMachine, optionsFor(events)).map((p) => p.state.context.status)),
    );
    for (const s of ["starting", "running", "ready", "blocked", "stopped", "exited", "killed", "torn_down"]) expect(reached).toContain(s);
  });

  it("replays one path per graph edge over every status event on a live actor", () => {
    const paths = edgePaths(statusMachine, optionsFor(EVERY_EVENT) as never);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) replay(path.steps as never);
  });

  it("C-API-33 replays one path per graph edge through settling permission dialogs, announcing each status change", () => {
    const options = optionsFor(SETTLING_EVENTS, SETTLING_INPUT, true);
    const paths = edgePaths(statusMachine, options as never);
    expect(paths.length).toBeGreaterThan(100);
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['"dialogPainted"', '{"blocked":"answered"}', '"ready"']) expect(reached, v).toContain(v);
    for (const path of paths) replay(path.steps as never, SETTLING_INPUT);
  });

  for (const [name, events] of Object.entries(ALPHABETS)) {
    it(`replays one path per graph edge (${name}) on a live actor`, () => {
      const paths = edgePaths(statusMachine, optionsFor(events) as never);
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths) replay(path.steps as never);
    });

    it(`replays every simple path (${name}) on a live actor`, () => {
      const simple = getSimplePaths(statusMachine, optionsFor(events));
      expect(simple.length).toBeGreaterThan(20);
      for (const path of simple) replay(path.steps);
    });
  }
});
