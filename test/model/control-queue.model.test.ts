// Model-based test: paths xstate/graph finds through the control-queue graph are replayed on a live queue with real submissions (C-API-07/19/22/37).

import { describe, expect, it } from "vitest";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import type { EventObject } from "xstate";
import { EMPTY_FACTS } from "../../src/contracts/screen-facts.js";
import { controlQueueMachine, type ControlQueueEvent } from "../../machines/control-queue.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import { hostChild } from "../support/machine-host.js";
import { edgePaths } from "../support/edge-paths.js";
import { recordModelCoverage } from "../support/model-coverage.js";
import { DONE, INPUT, modelMachine, OPS, options, serialize, TIMING, type Snap } from "../support/control-queue-model.js";

recordModelCoverage(import.meta.url);


/**
 * Replays one model path on the real queue, driving the real submission child through the simulated edge.
 * `exact` paths come from the full abstraction, so every step's state and context must match the model.
 * Coarse (simple) paths merge states, so they are replayed as event scripts adapted to the live queue
 * and checked against the invariants only.
 */
function replay(steps: ReadonlyArray<{ event: EventObject; state: Snap }>, exact: boolean): void {
  const host = hostChild(controlQueueMachine, INPUT);
  let status: SessionStatus = INPUT.status ?? "starting";
  let seenWrites = 0;
  for (const [index, step] of steps.entries()) {
    const event = step.event as ControlQueueEvent | { type: typeof DONE; output: { outcome: string } } | { type: "xstate.init" };
    const live = host.context() as Snap["context"];
    const submitting = host.value() === "submitting";
    if (event.type === "xstate.init") continue;
    if (event.type === "submission.entered") {
      if (!submitting || live.activeEntered) continue;
      host.answer("written");
      host.advance(TIMING.settleMs);
      host.answer("written");
    } else if (event.type === DONE) {
      if (!submitting) continue;
      if (event.output.outcome === "failed") {
        if (live.activeEntered) continue;
        host.answer("failed");
      } else {
        if (!live.activeEntered) continue;
        host.send({ type: "frame", seq: index, facts: { ...EMPTY_FACTS, composer: true, working: true }, oscState: [] });
      }
    } else if (event.type === "status.changed") {
      if (event.to === status) continue;
      host.send({ ...event, from: status, initial: event.to === "ready" && !live.initialReady });
      status = event.to;
    } else if (event.type === "queue.enqueue") {
      if (live.active?.opId === event.op.opId || live.ops.some((o) => o.opId === event.op.opId)) continue;
      host.send(event);
    } else {
      host.send(event);
    }
    const label = `step ${index} ${event.type}`;
    if (exact) {
      expect(host.value(), label).toEqual(step.state.value);
      const after = host.context() as Snap["context"];
      expect(serialize({ ...step.state, value: host.value(), context: after } as Snap), label).toBe(serialize(step.state));
    }
    // A readiness op's first write only ever happens at a usable ready transition.
    for (const write of host.writes().slice(seenWrites)) {
      const op = OPS.find((o) => write.requestId.startsWith(`${o.opId}:`));
      if (op?.klass === "readiness" && (write.purpose === "paste" || write.purpose === "command")) expect(status, label).toBe("ready");
    }
    seenWrites = host.writes().length;
  }
  expectNoInterleaving(host.received);
  host.stop();
}

/**
 * C-API-07: one submission at a time. Each submission numbers its writes from 1, so a write numbered 1
 * starts a new dispatch, and it may only appear after the previous dispatch was reported finished.
 */
function expectNoInterleaving(received: readonly EventObject[]): void {
  let open: string | null = null;
  for (const event of received) {
    const e = event as { type: string; opId?: string; requestId?: string };
    if (e.type === "io.write") {
      const [opId, seq] = (e.requestId ?? "").split(":");
      if (seq === "1") {
        expect(open, `${opId} started while ${open} was in flight`).toBeNull();
        open = opId ?? null;
      } else {
        expect(opId).toBe(open);
      }
    } else if ((e.type === "queue.opDone" || e.type === "queue.opFailed") && e.opId === open) {
      open = null;
    }
  }
}

describe("control queue model (xstate/graph)", () => {
  const shortest = getShortestPaths(modelMachine, options);
  const simple = getSimplePaths(modelMachine, {
    ...options,
    // Simple paths on the full abstraction explode; project onto state, queue order and active op.
    serializeState: (snap: Snap) => JSON.stringify([snap.value, snap.context.ops.length, snap.context.active?.opId ?? null]),
    toState: (snap: Snap): boolean => snap.matches("closed"),
  });

  it("reaches idle, submitting and closed", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)));
    // Transaction states (picking, loggingIn, attaching) are walked by control-queue-routes.model.test.ts.
    const transactionStates = new Set(["picking", "loggingIn", "attaching"]);
    for (const key of Object.keys(controlQueueMachine.root.states)) {
      if (!transactionStates.has(key)) expect(reached, key).toContain(JSON.stringify(key));
    }
  });

  it(`C-API-07 C-API-19 C-API-22 C-API-37 replays all ${shortest.length} shortest paths on a live queue`, () => {
    for (const path of shortest) replay(path.steps, true);
  });

  // An edge's last step may cancel the active op: the model has no running child, the live queue's child finishes
  // at once, so these paths are replayed as event scripts and checked against the invariants (not state by state).
  const edges = edgePaths(modelMachine, options as never);
  it(`C-API-07 C-API-37 replays ${edges.length} paths, one per graph edge, on a live queue`, () => {
    expect(edges.length).toBeGreaterThan(shortest.length);
    for (const path of edges) replay(path.steps as never, false);
  });

  it(`C-API-07 replays ${simple.length} simple paths that end in close`, () => {
    expect(simple.length).toBeGreaterThan(10);
    for (const path of simple) replay(path.steps, false);
  });
});
