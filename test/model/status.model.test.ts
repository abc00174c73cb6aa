// Model-based test: every simple path xstate/graph finds through the status lifecycle graph is replayed on a
// live actor with a simulated clock, and the lifecycle invariants are checked on each path (C-API-33, C-ATTN-01).

import { describe, expect, it } from "vitest";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from "xstate";
import type { StatusChangedEvent } from "../../src/contracts/events.js";
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
/** Claude's readiness policy shape: a painted permission dialog settles before it takes keys (dialogPainted). */
const SETTLING_INPUT: StatusInput = { ...INPUT, readiness: { ...INPUT.readiness, dialogSettleMs: 100 } };
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

/**
 * Permission dialogs under a settling policy: painted, settling, vanished, answered, rejected (interrupt banner),
 * the hook before or after its dialog, a screen turn end while the dialog is still to come, and a readiness
 * deadline that fires after initial readiness (re-armed by each entry into running).
 */
const SETTLING_EVENTS: StatusEvent[] = [
  idleFrame(),
  workingFrame(),
  dialogFrame("permission"),
  frame({ composer: true, interruptBanner: true }),
  { type: "hook.InstructionsLoaded", name: "InstructionsLoaded", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {} },
  { type: "hook.PermissionRequest", name: "PermissionRequest", payload: {}, handlerDecision: "allow" } as StatusEvent,
  { type: "turn.started", source: "hook" },
  { type: "turn.ended", source: "hook" },
  { type: "turn.ended", source: "footer" },
  { type: "submission.written", opId: "m" },
];

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
  // Only what guards read: the state (and the status a settling dialog keeps), the readiness latch, the closing intent and whether a dialog holds.
  const counters = c as unknown as { permissionPending?: number; permissionUnmatched?: number };
  return JSON.stringify([snap.value, c.status, c.initialReady, c.closingAs ?? "-", c.deadlinePassed, c.facts?.dialog?.blocking === true, Math.min(counters.permissionPending ?? 0, 2), Math.min(counters.permissionUnmatched ?? 0, 2), c.permissionBlocked]);
}

const optionsFor = (events: StatusEvent[], input: StatusInput = INPUT, deadlineAfterReady = false) => ({
  input,
  // A final status takes no more events, and a delay fires once per entry: the traversal must not offer a
  // readiness deadline again once it has fired (or once readiness made it moot).
  events: (snap: Snap) =>
    snap.status === "done"
      ? []
      : [
          ...(afterEvents(snap).filter(
            (e) =>
              !e.type.includes("readinessDeadline") ||
              (!snap.context.initialReady && !snap.context.deadlinePassed) ||
              (deadlineAfterReady && snap.context.initialReady),
          ) as unknown as StatusEvent[]),
          ...events,
        ],
  serializeState: serialize,
});

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
