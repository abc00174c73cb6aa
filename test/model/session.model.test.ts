// Model-based test of the root session machine: paths generated from its graph (starting → live → closing → ended)
// are replayed on a live actor whose children are recorders, asserting what the root routes and announces at each step.

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyActorLogic, type EventObject } from "xstate";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { createSessionMachine, type SessionEvent, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";
import { EMPTY_FACTS } from "../../src/contracts/screen-facts.js";
import { isTerminalStatus, type ElwoodSessionStatus } from "../../src/contracts/public-types.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

interface Received {
  readonly child: string;
  readonly event: EventObject;
}

/** A child stand-in that records every event the root sends it (the real children have their own model tests). */
function recorder(log: Received[]): AnyActorLogic {
  return fromCallback(({ receive, self }) => {
    receive((event) => void log.push({ child: self.id, event }));
  });
}

const INPUT: SessionInput = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {} };

function machineWith(log: Received[]) {
  const rec = recorder(log);
  return createSessionMachine({ io: rec, effects: rec }).provide({ actors: { status: rec, turn: rec, queue: rec, interrupt: rec, trust: rec } as never });
}

interface Snap {
  readonly value: unknown;
  readonly context: { readonly status: ElwoodSessionStatus; readonly ended: boolean; readonly initialReady: boolean };
}

const frame: SessionEvent = { type: "frame", seq: 1, facts: { ...EMPTY_FACTS, composer: true }, oscState: [] };

/** What can happen to a session in each situation: the status machine's reports, the facade's commands, the CLI's exit. */
function eventsFor(snap: Snap): SessionEvent[] {
  const { status } = snap.context;
  const out: SessionEvent[] = [frame, { type: "pty.exit", exitCode: 0 }];
  if (status === "starting") out.push({ type: "status.changed", from: "starting", to: "ready", initial: true });
  if (status === "ready") out.push({ type: "status.changed", from: "ready", to: "running", initial: false });
  if (status === "running") out.push({ type: "status.changed", from: "running", to: "ready", initial: false });
  if (snap.value === "closing" && !isTerminalStatus(status)) out.push({ type: "status.changed", from: status, to: "stopped", initial: false });
  if (snap.value === "ended" && snap.context.ended && !isTerminalStatus(status)) out.push({ type: "status.changed", from: status, to: "exited", initial: false });
  out.push({ type: "cmd.closing", as: "stopped" }, { type: "cmd.closed", as: "stopped" });
  return out;
}

const serialize = (snap: Snap): string => JSON.stringify([snap.value, snap.context.status, snap.context.ended, snap.context.initialReady]);

const GRAPH = { events: eventsFor as never, serializeState: serialize as never, input: INPUT } as const;

function replay(events: readonly EventObject[], expectedValue: unknown): void {
  const log: Received[] = [];
  const actor = createActor(machineWith(log), { input: INPUT, inspect: coverageInspect });
  const announced: SessionPublicEvent[] = [];
  actor.on("*", (e) => void announced.push(e as SessionPublicEvent));
  actor.start();
  let closedOrExited = false;
  for (const [index, event] of events.entries()) {
    if (event.type === "xstate.init") continue;
    const before = actor.getSnapshot().context;
    const logFrom = log.length;
    const announcedFrom = announced.length;
    actor.send(event as SessionEvent);
    const after = actor.getSnapshot();
    const routed = log.slice(logFrom);
    const said = announced.slice(announcedFrom);
    const to = (child: string) => routed.filter((r) => r.child === child).map((r) => r.event.type);
    const where = `step ${index} ${event.type} in ${JSON.stringify(after.value)}`;
    switch (event.type) {
      case "frame":
        // Every frame is shown; after the end it is display-only (no machine sees it).
        expect(said.map((e) => e.type), where).toContain("public.frame");
        if (before.ended) expect(routed, where).toEqual([]);
        else expect([...to("turn"), ...to("queue"), ...to("trust")], where).toEqual(["frame", "frame", "frame"]);
        break;
      case "status.changed":
        expect(said.map((e) => e.type), where).toEqual(["public.status"]);
        expect(to("queue"), where).toEqual(["status.changed"]);
        break;
      case "cmd.closing":
        // The status machine hears of the close unless it already reached a terminal status.
        expect(to("status"), where).toEqual(isTerminalStatus(before.status) ? [] : ["lifecycle.closing"]);
        break;
      case "cmd.closed": {
        const expected = isTerminalStatus(before.status) ? [] : ["lifecycle.stopped"];
        expect(to("status"), where).toEqual(expected);
        break;
      }
      case "pty.exit":
        expect(said.map((e) => e.type), where).toEqual(["public.exit"]);
        expect(to("status"), where).toEqual(isTerminalStatus(before.status) ? [] : ["pty.exit"]);
        break;
    }
    if (event.type === "cmd.closing" || event.type === "pty.exit") {
      // The first end fails every queued op exactly once; a later one does not repeat it.
      expect(to("queue").filter((t) => t === "queue.close"), where).toEqual(before.ended ? [] : ["queue.close"]);
      closedOrExited = true;
    }
    if (closedOrExited) expect(["closing", "ended"], where).toContain(after.value);
    expect(after.context.ended, where).toBe(closedOrExited);
  }
  expect(actor.getSnapshot().value).toEqual(expectedValue);
  actor.stop();
}

describe("root session machine (model-based, xstate/graph)", () => {
  it("the graph reaches every root state, and each state explains itself", () => {
    const machine = machineWith([]);
    const reached = new Set(getShortestPaths(machine, GRAPH).map((p) => JSON.stringify(p.state.value)));
    for (const state of ["starting", "live", "closing", "ended"]) expect(reached).toContain(JSON.stringify(state));
    for (const node of Object.values(machine.root.states)) expect(node.description?.length ?? 0, node.key).toBeGreaterThan(10);
  });

  it("replays every shortest path: routing, announcements and the one-time end of operations", () => {
    const paths = getShortestPaths(machineWith([]), GRAPH);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) replay(path.steps.map((s) => s.event), path.state.value);
  });

  it("replays every simple path through the lifecycle (closing before and after readiness, exit while closing)", () => {
    const paths = getSimplePaths(machineWith([]), GRAPH);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) replay(path.steps.map((s) => s.event), path.state.value);
  });
});
