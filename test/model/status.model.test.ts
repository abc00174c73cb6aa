// Model-based test: every simple path xstate/graph finds through the status lifecycle graph is replayed on a
// live actor with a simulated clock, and the lifecycle invariants are checked on each path (C-API-33, C-ATTN-01).

import { describe, expect, it } from "vitest";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from "xstate";
import { PERMISSION_APPLY_MS, statusMachine, type StatusEvent, type StatusInput } from "../../machines/status.js";
import { isTerminalStatus } from "../../src/contracts/public-types.js";
import { afterDelayName, afterEvents } from "../support/machine-host.js";
import { dialogFrame, frame, idleFrame, workingFrame } from "../support/facts.js";
import { edgePaths } from "../support/edge-paths.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof statusMachine>;
const INPUT: StatusInput = {
  readiness: { hookEvents: ["InstructionsLoaded"], composerIsReadySignal: true, composerSettleMs: 150, deadlineMs: 8000, oscIdleIsReadySignal: true, readyRuleIds: ["ready-rule"] },
  autoAnswered: ["workspace_trust"],
};
const DELAYS: Record<string, number> = { dialogSettle: 100, composerSettle: 150, readinessDeadline: 8000, permissionApply: PERMISSION_APPLY_MS };

/**
 * Three event alphabets, each small enough that every simple path can be replayed: turns and blocking,
 * automated trust prompts (held, never blocked, until the fallback), and the closing intents.
 */
const ALPHABETS: Record<string, StatusEvent[]> = {
  "turns and blocking": [
    idleFrame(),
    workingFrame(),
    dialogFrame("permission"),
    { type: "hook.InstructionsLoaded", name: "InstructionsLoaded", payload: {} },
    { type: "turn.ended", source: "hook" },
    { type: "submission.written", opId: "m" },
    { type: "pty.exit", exitCode: 0 },
  ],
  "automated trust prompts": [
    idleFrame(),
    dialogFrame("workspace_trust"),
    frame({}),
    { type: "trust.fallback", ruleIds: ["r"] },
    frame({ composer: true }, ["idle"]),
    { type: "pty.exit", exitCode: 0 },
  ],
  "closing intents": [
    idleFrame(),
    { type: "submission.written", opId: "m" },
    { type: "lifecycle.closing", as: "stopped" },
    { type: "lifecycle.closing", as: "killed" },
    { type: "pty.exit", exitCode: 0 },
    { type: "lifecycle.tornDown" },
  ],
};

/** Every event the status machine takes, for the edge walk only (far too many simple paths to replay them all). */
const EVERY_EVENT: StatusEvent[] = [
  ...ALPHABETS["turns and blocking"] ?? [],
  { type: "pty.spawned", pid: 1 } as StatusEvent,
  frame({ composer: true, ruleIds: ["ready-rule"] }),
  { type: "turn.started", source: "hook" },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {}, handlerDecision: "allow" } as StatusEvent,
  { type: "hook.SessionEnd", name: "SessionEnd", payload: {} },
  { type: "hook.Notification", name: "Notification", payload: {} },
  { type: "lifecycle.closing", as: "torn_down" },
  { type: "lifecycle.stopped" },
  { type: "lifecycle.killed" },
  { type: "lifecycle.tornDown" },
];

function serialize(snap: Snap): string {
  const c = snap.context;
  // Only what guards read: the state, the readiness latch, the closing intent and whether a dialog holds.
  const counters = c as unknown as { permissionPending?: number; permissionUnmatched?: number };
  return JSON.stringify([snap.value, c.initialReady, c.closingAs ?? "-", c.deadlinePassed, c.facts?.dialog?.blocking === true, Math.min(counters.permissionPending ?? 0, 2), Math.min(counters.permissionUnmatched ?? 0, 2), c.permissionBlocked]);
}

const optionsFor = (events: StatusEvent[]) => ({
  input: INPUT,
  // A final status takes no more events, and a delay fires once per entry: the traversal must not offer a
  // readiness deadline again once it has fired (or once readiness made it moot).
  events: (snap: Snap) =>
    snap.status === "done"
      ? []
      : [
          ...(afterEvents(snap).filter(
            (e) => !e.type.includes("readinessDeadline") || (!snap.context.initialReady && !snap.context.deadlinePassed),
          ) as unknown as StatusEvent[]),
          ...events,
        ],
  serializeState: serialize,
});

function replay(steps: ReadonlyArray<{ event: EventObject; state: Snap }>): void {
  const clock = new SimulatedClock();
  const actor = createActor(statusMachine, { clock, input: INPUT, inspect: coverageInspect });
  const announced: string[] = [];
  actor.on("status.changed", (e) => announced.push(e.to));
  actor.start();
  let terminalSeen: string | undefined;
  for (const [index, step] of steps.entries()) {
    if (step.event.type === "xstate.init") continue;
    const delay = afterDelayName(step.event.type);
    if (delay !== undefined) clock.increment(DELAYS[delay] ?? Number.NaN);
    else actor.send(step.event as never);
    const snap = actor.getSnapshot();
    expect(snap.value, `step ${index} ${step.event.type}`).toEqual(step.state.value);
    const status = snap.context.status;
    if (terminalSeen) expect(status, "nothing leaves a terminal status").toBe(terminalSeen);
    if (isTerminalStatus(status)) terminalSeen = status;
    expect(snap.context.decisions.length).toBeLessThanOrEqual(50);
  }
  const snap = actor.getSnapshot();
  // The announced status stream agrees with the machine, and the public status mirrors the state node.
  expect(announced.at(-1) ?? "starting").toBe(snap.context.status);
  const top = typeof snap.value === "string" ? snap.value : Object.keys(snap.value)[0];
  expect(top).toBe(snap.context.status);
  // blocked only ever settles to ready or running (never straight from blocked to starting).
  for (let i = 1; i < announced.length; i += 1) expect(announced[i]).not.toBe("starting");
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
