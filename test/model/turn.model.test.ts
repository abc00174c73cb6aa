// Model-based test: paths xstate/graph finds through the turn watcher are replayed on a live actor with a simulated
// clock (its emits observed with actor.on), checking the turn-edge invariants on every path (C-TURN-01, C-TURN-02).

import { describe, expect, it } from "vitest";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { createActor, SimulatedClock, type EventObject } from "xstate";
import { turnMachine, type TurnEvent } from "../../machines/turn.js";
import { afterDelayName } from "../support/machine-host.js";
import { ALL, ALPHABETS, NO_EVIDENCE_MS, optionsFor, type Snap } from "../support/turn-model.js";
import { edgePaths } from "../support/edge-paths.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

const isWorkEvidence = (e: EventObject) => e.type === "submission.entered" || e.type === "hook.UserPromptSubmit";

function replay(resumed: boolean, steps: ReadonlyArray<{ event: EventObject; state: Snap }>): void {
  const clock = new SimulatedClock();
  const actor = createActor(turnMachine, { clock, inspect: coverageInspect, input: { resumed, noEvidenceEndMs: NO_EVIDENCE_MS, turnHooks: { start: "UserPromptSubmit", end: "Stop" } } });
  const log: Array<{ edge: "started" | "ended"; at: number }> = [];
  actor.on("*", (e) => log.push({ edge: e.type === "turn.started" ? "started" : "ended", at: index }));
  let index = -1;
  let readyAt = Number.POSITIVE_INFINITY;
  const evidenceAt: number[] = [];
  actor.start();
  for (const [i, step] of steps.entries()) {
    index = i;
    if (step.event.type === "xstate.init") continue;
    if (afterDelayName(step.event.type) === "noEvidenceEnd") clock.increment(NO_EVIDENCE_MS);
    else actor.send(step.event as TurnEvent);
    if (step.event.type === "status.changed") readyAt = Math.min(readyAt, i);
    if (isWorkEvidence(step.event)) evidenceAt.push(i);
    expect(actor.getSnapshot().value, `step ${i} ${step.event.type}`).toEqual(step.state.value);
  }
  // Nothing is announced before initial readiness (startup spinners cannot fabricate turns).
  for (const e of log) expect(e.at).toBeGreaterThan(readyAt);
  // Never two starts without an end between them.
  let open = false;
  for (const e of log) {
    if (e.edge === "started") {
      expect(open, "a second turn.started while a turn is open").toBe(false);
      open = true;
    } else open = false;
  }
  // Two ends in a row need new work evidence (a submission or a prompt hook) between them: ends are idempotent.
  for (let k = 1; k < log.length; k += 1) {
    const prev = log[k - 1]!;
    const cur = log[k]!;
    if (prev.edge === "ended" && cur.edge === "ended") {
      expect(evidenceAt.some((at) => at > prev.at && at <= cur.at), "a second turn.ended without new work").toBe(true);
    }
  }
  actor.stop();
}

describe("turn machine (model-based)", () => {
  it("the graph reaches every turn state", () => {
    const reached = new Set(
      [false, true].flatMap((resumed) => getShortestPaths(turnMachine, optionsFor(resumed, ALL)).map((p) => JSON.stringify(p.state.value))),
    );
    for (const s of ["dormant", "replayHold", "idle", "awaitingWork", "working", "settlingAfterStop"]) expect(reached).toContain(JSON.stringify(s));
  });

  for (const resumed of [false, true]) {
    const kind = resumed ? "resumed" : "fresh";
    it(`replays every shortest path over the whole alphabet (${kind} session)`, () => {
      const shortest = edgePaths(turnMachine, optionsFor(resumed, ALL) as never);
      expect(shortest.length).toBeGreaterThan(10);
      for (const path of shortest) replay(resumed, path.steps);
    });
    for (const [name, { events: alphabet, minPaths }] of Object.entries(ALPHABETS)) {
      it(`replays every simple path (${name}; ${kind} session)`, () => {
        const simple = getSimplePaths(turnMachine, optionsFor(resumed, alphabet));
        expect(simple.length).toBeGreaterThan(minPaths);
        for (const path of simple) replay(resumed, path.steps);
      });
    }
  }
});
