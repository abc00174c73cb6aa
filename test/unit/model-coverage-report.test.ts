// Unit test of the model-coverage measure (issue 21): a machine's graph counted as states and transitions (event ×
// source × guard branch, eventless and delayed included), what an inspected actor walks, and when the stage fails.

import { describe, expect, it } from "vitest";
import { createActor, setup, SimulatedClock, type InspectionEvent } from "xstate";
import { buildCoverageReport, formatCoverageTable } from "../support/coverage-report.js";
import { ALWAYS, graphItems, keyOfTaken, transitionKey, type TransitionShape } from "../support/machine-graph-items.js";

const machine = setup({
  types: { context: {} as { n: number }, events: {} as { type: "go"; n: number } | { type: "stay" } },
  guards: { big: ({ event }) => event.type === "go" && event.n > 5 },
}).createMachine({
  id: "probe",
  context: { n: 0 },
  initial: "a",
  states: {
    a: { on: { go: [{ guard: "big", target: "c" }, { target: "b" }], stay: {} } },
    b: { always: { target: "a", guard: () => false }, after: { 10: "c" } },
    c: { type: "final" },
  },
});

function walk(run: (actor: ReturnType<typeof createActor<typeof machine>>, clock: SimulatedClock) => void): string[] {
  const keys: string[] = [];
  const clock = new SimulatedClock();
  const inspect = (e: InspectionEvent) => {
    if (e.type !== "@xstate.microstep") return;
    for (const t of e._transitions as unknown as TransitionShape[]) keys.push(keyOfTaken(t) ?? "?");
  };
  const actor = createActor(machine, { clock, inspect }).start();
  run(actor, clock);
  return keys;
}

describe("model coverage measure", () => {
  it("counts every guard branch, eventless and delayed transition of the graph", () => {
    const graph = graphItems(machine);
    expect(graph.states).toEqual(["probe.a", "probe.b", "probe.c"]);
    expect(graph.transitions.map((t) => `${t.key} ${t.guard}`)).toEqual([
      "probe.a · go · #0 big",
      "probe.a · go · #1 -",
      "probe.a · stay · #0 -",
      "probe.b · xstate.after.10.probe.b · #0 -",
      `probe.b · ${ALWAYS} · #0 inline`,
    ]);
  });

  it("names each transition an inspected actor takes by its branch, including delays on the simulated clock", () => {
    const keys = walk((actor, clock) => {
      actor.send({ type: "stay" });
      actor.send({ type: "go", n: 1 });
      clock.increment(10);
    });
    expect(keys).toEqual([transitionKey("probe.a", "stay", 0), transitionKey("probe.a", "go", 1), transitionKey("probe.b", "xstate.after.10.probe.b", 0)]);
  });

  it("fails on an unwalked transition, on an exclusion a test walks, and on an exclusion naming nothing", () => {
    const graph = graphItems(machine);
    const walked = walk((actor) => actor.send({ type: "go", n: 9 }));
    const hits = [{ probe: { states: ["probe.a", "probe.c"], transitions: walked } }];
    const report = buildCoverageReport([graph], hits, [
      { machine: "probe", transition: transitionKey("probe.b", ALWAYS, 0), reason: "the guard is constant false here" },
      { machine: "probe", transition: transitionKey("probe.a", "go", 0), reason: "stale: a test walks it now" },
      { machine: "probe", transition: "probe.z · go · #0", reason: "names a state that does not exist" },
    ]);
    const m = report.machines[0];
    expect([m?.statesReached, m?.transitionsWalked, m?.transitionsExcluded]).toEqual([2, 1, 1]);
    expect(report.problems).toEqual([
      "probe: probe.a · go · #0 is excluded but a test walks it (drop the exclusion)",
      "probe: probe.a · go · #1 (guard -) is walked by no model test",
      "probe: probe.a · stay · #0 (guard -) is walked by no model test",
      "probe: probe.b · xstate.after.10.probe.b · #0 (guard -) is walked by no model test",
      "probe: exclusion probe.z · go · #0 names no transition of the graph",
    ]);
    expect(formatCoverageTable(report)).toMatch(/probe\s+states\s+2\/3\s+67 %\s+transitions\s+1\/5\s+20 % \(\+1 excluded\)/);
  });

  it("a machine on the coverage floor tolerates open transitions, fails below its floor, and must leave it once fully walked", () => {
    const graph = graphItems(machine);
    const hits = [{ probe: { states: ["probe.a", "probe.c"], transitions: walk((actor) => actor.send({ type: "go", n: 9 })) } }];
    const onFloor = buildCoverageReport([graph], hits, [], { probe: 1 });
    expect(onFloor.problems).toEqual([]);
    expect(onFloor.machines[0]?.transitionsOpen).toBe(4);
    expect(buildCoverageReport([graph], hits, [], { probe: 2 }).problems).toEqual(["probe: 1 transitions walked, below its floor of 2"]);
    expect(buildCoverageReport([graph], hits, [], { other: 1 }).problems).toContain("coverage floor for unknown machine other");
    const all = graph.transitions.map((t) => t.key);
    expect(buildCoverageReport([graph], [{ probe: { states: [...graph.states], transitions: all } }], [], { probe: 1 }).problems).toEqual([
      "probe: fully covered: drop it from the coverage floor",
    ]);
  });
});
