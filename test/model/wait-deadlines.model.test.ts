// Model-based test of the wait-deadline machine: paths from its graph, replayed on a simulated clock, with two waits
// overlapping, asserting that exactly the waits whose deadline passed unsettled are reported, once, at their time.

import { describe, expect, it } from "vitest";
import type { EventObject, SnapshotFrom } from "xstate";
import { waitDeadlinesMachine, type WaitDeadlinesEvent } from "../../machines/wait-deadlines.js";
import { edgePaths } from "../support/edge-paths.js";
import { hostChild } from "../support/machine-host.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof waitDeadlinesMachine>;
const TIMEOUTS: Readonly<Record<string, number>> = { a: 30, b: 10 };

/** The model's alphabet: start or end either wait, or let a deadline pass (the machine schedules it itself). */
function events(): WaitDeadlinesEvent[] {
  return Object.entries(TIMEOUTS).flatMap(([waitId, timeoutMs]) => [
    { type: "wait.start" as const, waitId, timeoutMs },
    { type: "wait.end" as const, waitId },
    { type: "wait.deadline" as const, waitId },
  ]);
}

// Graph traversal has no parent actor: stub the one parent-facing action; the replays run the production machine.
const graphMachine = waitDeadlinesMachine.provide({ actions: { timedOut: () => {} } });
const options = { events, serializeState: (snap: Snap) => JSON.stringify(snap.value) };

/** Replays a script of starts and ends, advancing the clock by `gapMs` after each, against the expected timeouts. */
function replay(script: readonly EventObject[], gapMs: number): void {
  const host = hostChild(waitDeadlinesMachine, undefined);
  const startedAt = new Map<string, number>();
  const expected: string[] = [];
  let now = 0;
  const passTo = (until: number): void => {
    // The deadlines due until `until`, in the order they fall due.
    const due = [...startedAt.entries()].map(([id, at]) => [id, at + (TIMEOUTS[id] ?? 0)] as const).filter(([, at]) => at <= until);
    for (const [id] of due.sort((x, y) => x[1] - y[1])) {
      expected.push(id);
      startedAt.delete(id);
    }
    host.advance(until - now);
    now = until;
  };
  for (const event of script) {
    const e = event as WaitDeadlinesEvent;
    if (e.type === "wait.deadline") continue; // raised by the machine itself, never sent from outside
    if (e.type === "wait.start" && startedAt.has(e.waitId)) continue; // a wait id is fresh per wait
    host.send(e);
    if (e.type === "wait.start") startedAt.set(e.waitId, now);
    else startedAt.delete(e.waitId);
    passTo(now + gapMs);
  }
  passTo(now + 100);
  expect(host.received.map((r) => [r.type, (r as { waitId?: string }).waitId])).toEqual(expected.map((id) => ["wait.timedOut", id]));
  host.stop();
}

describe("wait-deadline machine (model-based, xstate/graph): waitForStatus / waitForActivity timeouts", () => {
  it("each edge's path: a deadline fires once for a wait still open, never for one that ended first", () => {
    const paths = edgePaths(graphMachine, options as never);
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      for (const gapMs of [0, 5, 20, 40]) replay(path.steps.map((s) => s.event), gapMs);
    }
  });

  it("overlapping waits time out in their own order, and an ended wait's deadline is cancelled", () => {
    const start = (waitId: string): WaitDeadlinesEvent => ({ type: "wait.start", waitId, timeoutMs: TIMEOUTS[waitId] ?? 0 });
    const end = (waitId: string): WaitDeadlinesEvent => ({ type: "wait.end", waitId });
    replay([start("a"), start("b")], 0);
    replay([start("a"), start("b"), end("b")], 0);
    replay([start("a"), end("a"), start("b")], 5);
  });
});
