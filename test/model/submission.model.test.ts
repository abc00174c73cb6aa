// Model-based test: every path xstate/graph finds through the submission graph is replayed on a live actor (C-API-31, C-API-56).

import { describe, expect, it } from "vitest";
import { getSimplePaths } from "xstate/graph";
import type { EventObject, SnapshotFrom } from "xstate";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import { stagedInComposer, submissionMachine, type SubmissionEvent, type SubmissionInput } from "../../machines/submission.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { afterDelayName, afterEvents, hostChild } from "../support/machine-host.js";
import { edgePaths } from "../support/edge-paths.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

// Graph traversal runs without a parent actor, so the one parent-facing action is stubbed for path generation;
// states, guards, assigns and delays are the production ones. Replays run the real machine.
const modelMachine = submissionMachine.provide({ actions: { toParent: () => {} } });
type Snap = SnapshotFrom<typeof submissionMachine>;
const TEXT = "first line\nlast line";
const INPUT: SubmissionInput = { opId: "op", text: TEXT, framing: "paste", settleMs: 150, enterRetries: 2, confirmIntervalMs: 400, holdRetryMs: 100 };
const DELAYS: Record<string, number> = { settle: 150, holdRetry: 100, confirmInterval: 400 };

const frame = (facts: Partial<ScreenFacts>): SubmissionEvent => ({ type: "frame", seq: 0, facts: { ...EMPTY_FACTS, ...facts }, oscState: [] });
const FRAMES = [
  frame({ composer: true, pastedChip: true }), // staged (Claude chip)
  frame({ composer: true }), // empty composer
  frame({}), // nothing decisive (a dialog repaint, say)
];

function events(snap: Snap): SubmissionEvent[] {
  const requestId = snap.context.pendingRequestId;
  const io: SubmissionEvent[] = requestId
    ? [
        { type: "io.written", requestId },
        { type: "io.held", requestId },
        { type: "io.failed", requestId, error: new ElwoodError("pty_write_failed", "model") },
      ]
    : [];
  const delayed = afterEvents(snap) as unknown as SubmissionEvent[];
  return [...delayed, ...io, ...FRAMES, { type: "hook.UserPromptSubmit", name: "UserPromptSubmit", payload: {} }, { type: "submission.rawInput" }, { type: "submission.cancel" }];
}

/** Only what changes behaviour: the state, the bounded counters, and whether the last frame showed staging. */
function serialize(snap: Snap): string {
  const c = snap.context;
  const facts = c.lastFacts === null ? "none" : stagedInComposer(c.lastFacts, c.text) ? "staged" : "other";
  return JSON.stringify([snap.value, c.recoveryEnters, c.quietChecks, c.rawInput, c.entered, facts, c.pendingRequestId !== null]);
}

// A done actor takes no more events, but the pure transition function would; stop traversal there.
const options = { input: INPUT, events, serializeState: serialize, stopWhen: (s: Snap): boolean => s.status === "done" };
// Simple paths explode combinatorially on the fine abstraction (~20k paths), so they use a coarser one.
const coarse = (snap: Snap): string => JSON.stringify([snap.value, snap.context.recoveryEnters, snap.context.rawInput]);

function replay(steps: ReadonlyArray<{ event: EventObject; state: Snap }>): void {
  const host = hostChild(submissionMachine, INPUT);
  for (const [index, step] of steps.entries()) {
    const delay = afterDelayName(step.event.type);
    if (delay !== undefined) host.advance(DELAYS[delay] ?? Number.NaN);
    // Coarse abstractions merge states that differ only in request ids; the edge answers the live request.
    else if (step.event.type.startsWith("io.")) host.send({ ...step.event, requestId: host.lastWrite().requestId });
    else host.send(step.event);
    expect(host.value(), `step ${index} ${step.event.type}`).toEqual(step.state.value);
  }
  // Invariants every path must keep, whatever order the edge answered in.
  const writes = host.writes();
  const enterIndex = writes.findIndex((w) => w.purpose === "enter");
  if (enterIndex >= 0) expect(writes.slice(0, enterIndex).every((w) => w.purpose === "paste")).toBe(true);
  expect(writes.filter((w) => w.purpose === "recovery-enter").length).toBeLessThanOrEqual(INPUT.enterRetries! * 2);
  expect(writes.every((w) => w.guardDialog)).toBe(true);
  const final = steps[steps.length - 1]?.state;
  if (final?.status === "done") expect(host.output()).toMatchObject({ opId: "op", outcome: final.value });
  host.stop();
}

describe("submission model (xstate/graph)", () => {
  const shortest = edgePaths(modelMachine, options as never);
  const simple = getSimplePaths(modelMachine, { ...options, serializeState: coarse, toState: (s: Snap): boolean => s.status === "done" });

  it("C-API-31 the graph reaches every state of the machine", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)));
    for (const key of Object.keys(submissionMachine.root.states)) expect(reached, key).toContain(JSON.stringify(key));
  });

  it(`C-API-31 C-API-56 replays all ${shortest.length} shortest paths on a live actor with a simulated clock`, () => {
    for (const path of shortest) replay(path.steps);
  });

  it(`C-API-31 replays all ${simple.length} simple paths to a final state`, () => {
    expect(simple.length).toBeGreaterThan(20);
    for (const path of simple) replay(path.steps);
  });
});
