// Model-based test of the root session machine: paths generated from its graph (open: starting (listening → spawning) →
// live; over: closing → ended)
// are replayed on a live actor whose children are recorders, asserting what the root routes and announces at each step.

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyActorLogic, type EventObject } from "xstate";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { createSessionMachine, type SessionEvent, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { EMPTY_FACTS } from "../../src/contracts/screen-facts.js";
import { isTerminalStatus, type SessionStatus } from "../../src/contracts/public-types.js";
import { edgePaths } from "../support/edge-paths.js";
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

const INPUT: SessionInput = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };

function machineWith(log: Received[]) {
  const rec = recorder(log);
  return createSessionMachine({ io: rec, listen: rec, effects: rec, hooks: rec, end: rec }).provide({ actors: { status: rec, turn: rec, queue: rec, interrupt: rec, trust: rec, waits: rec, keyWatch: rec } as never });
}

interface Snap {
  readonly value: unknown;
  readonly context: { readonly status: SessionStatus; readonly initialReady: boolean };
}

/** Whether the session is over (closing or ended): its machines are finished, frames and hooks are display-only. */
const isOver = (value: unknown): boolean => typeof value === "object" && value !== null && "over" in value;
const valueIs = (value: unknown, group: string, leaf: unknown): boolean => JSON.stringify(value) === JSON.stringify({ [group]: leaf });
const LISTENING = { starting: "listening" };
const SPAWNING = { starting: "spawning" };

const END_DONE = { type: "xstate.done.actor.end", output: undefined } as never as SessionEvent;
const END_FAILED = { type: "xstate.error.actor.end", error: new Error("release failed") } as never as SessionEvent;

// The listen actor (a recorder here) finishing with the CLI's args, or failing: what effects/hook-listen reports to `listening`.
const LISTEN_DONE = { type: "xstate.done.actor.listen", output: { args: ["--settings", "s.json"] } } as never as SessionEvent;
const LISTEN_FAILED = { type: "xstate.error.actor.listen", error: new Error("listen failed") } as never as SessionEvent;
const SPAWN_FAILED: SessionEvent = { type: "pty.spawnFailed", error: new ElwoodError("pty_start_failed", "fork failed") };

const frame: SessionEvent = { type: "frame", seq: 1, facts: { ...EMPTY_FACTS, composer: true }, oscState: [] };

/** What can happen to a session in each situation: the status machine's reports, the facade's commands, the CLI's exit. */
function eventsFor(snap: Snap): SessionEvent[] {
  const { status } = snap.context;
  const out: SessionEvent[] = [frame, { type: "pty.exit", exitCode: 0 }];
  // The bridge listens (or fails) before anything else can happen; only a spawned CLI becomes ready or fails to fork.
  if (valueIs(snap.value, "open", LISTENING)) out.push(LISTEN_DONE, LISTEN_FAILED);
  if (valueIs(snap.value, "open", SPAWNING)) out.push({ type: "status.changed", from: "starting", to: "ready", initial: true }, SPAWN_FAILED);
  if (status === "ready") out.push({ type: "status.changed", from: "ready", to: "running", initial: false });
  if (status === "running") out.push({ type: "status.changed", from: "running", to: "ready", initial: false });
  if (valueIs(snap.value, "over", "closing") && !isTerminalStatus(status)) out.push({ type: "status.changed", from: status, to: "stopped", initial: false });
  if (valueIs(snap.value, "over", "ended") && !isTerminalStatus(status)) out.push({ type: "status.changed", from: status, to: "exited", initial: false });
  out.push({ type: "cmd.closing", as: "stopped" });
  // The `end` actor (a recorder here) finishing or failing: what the ending effect actor reports to `over.closing`.
  if (valueIs(snap.value, "over", "closing")) out.push(END_DONE, END_FAILED);
  return [...out, ...ROUTED];
}

const err = new ElwoodError("pty_write_failed", "model");
const op = { opId: "o1", kind: "message" } as never;
/**
 * The events the root only routes or announces (no state change): each one's expected routing and announcement,
 * before and after the session ended. `[child, eventType]` pairs; the announcement is a public event type.
 */
const ROUTING: Record<string, (ended: boolean) => { readonly to: readonly (readonly [string, string])[]; readonly said: readonly string[] }> = {
  "pty.spawned": () => ({ to: [["status", "pty.spawned"]], said: ["public.spawned"] }),
  "hook.Notification": (ended) => ({ to: ended ? [] : [["turn", "hook.Notification"], ["queue", "hook.Notification"]], said: ["public.hook"] }),
  "turn.started": (ended) => ({ to: ended ? [] : [["status", "turn.started"]], said: ["public.turn"] }),
  "turn.ended": (ended) => ({ to: ended ? [] : [["status", "turn.ended"]], said: ["public.turn"] }),
  "trust.fallback": () => ({ to: [["status", "trust.fallback"]], said: [] }),
  "trust.answered": () => ({ to: [], said: ["public.startupPrompt"] }),
  "trust.writeFailed": () => ({ to: [], said: ["public.warning"] }),
  "queue.opWritten": () => ({ to: [], said: ["public.op"] }),
  "queue.opEntered": () => ({ to: [["status", "submission.written"], ["turn", "submission.entered"]], said: ["public.op"] }),
  "queue.opDone": () => ({ to: [], said: ["public.op"] }),
  "effect.request": () => ({ to: [["effects", "effect.request"]], said: [] }),
  "effect.result": () => ({ to: [["queue", "effect.result"]], said: [] }),
  "effect.warning": () => ({ to: [], said: ["public.warning"] }),
  "queue.opFailed": () => ({ to: [], said: ["public.opFailed"] }),
  "interrupt.resolved": () => ({ to: [], said: ["public.interrupt"] }),
  "interrupt.failed": () => ({ to: [], said: ["public.interrupt"] }),
  "cmd.enqueue": (ended) => (ended ? { to: [], said: ["public.opFailed"] } : { to: [["queue", "queue.enqueue"]], said: [] }),
  "cmd.cancel": () => ({ to: [["queue", "queue.cancel"]], said: [] }),
  "cmd.interrupt": (ended) => (ended ? { to: [], said: ["public.interrupt"] } : { to: [["interrupt", "interrupt.request"]], said: [] }),
  "cmd.rawInput": (ended) => ({ to: ended ? [["queue", "submission.rawInput"]] : [["queue", "submission.rawInput"], ["keyWatch", "keys.sent"]], said: [] }),
  "keys.noEffect": () => ({ to: [], said: ["public.warning"] }),
  "cmd.waitStart": () => ({ to: [["waits", "wait.start"]], said: [] }),
  "cmd.waitEnd": () => ({ to: [["waits", "wait.end"]], said: [] }),
  "wait.timedOut": () => ({ to: [], said: ["public.waitTimedOut"] }),
  "bridge.hookError": () => ({ to: [], said: ["public.hookError"] }),
  "bridge.hookResult": () => ({ to: [], said: ["public.hookResult"] }),
  "io.resizeRestoreFailed": () => ({ to: [], said: ["public.warning"] }),
  "io.reapFailed": () => ({ to: [], said: ["public.warning"] }),
};

const ROUTED: SessionEvent[] = [
  { type: "pty.spawned", pid: 1, pgid: 1 },
  { type: "hook.Notification", name: "Notification", payload: {} },
  { type: "turn.started", source: "hook" },
  { type: "turn.ended", source: "hook" },
  { type: "trust.fallback", ruleIds: ["r"] },
  { type: "trust.answered", label: "workspace_trust", text: "Yes" },
  { type: "trust.writeFailed", label: "workspace_trust" },
  { type: "queue.opWritten", opId: "o1" },
  { type: "queue.opEntered", opId: "o1", joinsTurn: false },
  { type: "queue.opDone", opId: "o1" },
  { type: "effect.request", requestId: "e1" },
  { type: "effect.result", requestId: "e1", ok: true },
  { type: "effect.warning", code: "w", message: "m" },
  { type: "queue.opFailed", opId: "o1", error: err },
  { type: "interrupt.resolved", ids: ["i1"] },
  { type: "interrupt.failed", ids: ["i1"], error: err },
  { type: "cmd.enqueue", op },
  { type: "cmd.cancel", opId: "o1", error: err },
  { type: "cmd.interrupt", id: "i1", timeoutMs: 100 },
  { type: "cmd.rawInput" },
  { type: "cmd.waitStart", waitId: "w1", timeoutMs: 100 },
  { type: "cmd.waitEnd", waitId: "w1" },
  { type: "wait.timedOut", waitId: "w1" },
  { type: "keys.noEffect", dialog: { kind: "permission", blocking: true, ruleIds: [], options: [], layout: "none" } },
  { type: "bridge.hookError", error: { category: "timeout", message: "m" } },
  { type: "bridge.hookResult", name: "Stop", failedOpen: false, response: {} },
  { type: "io.resizeRestoreFailed", requestedCols: 70, requestedRows: 30, errorCode: "resize_failed" },
  { type: "io.reapFailed", processGroupId: 9, errorCode: "EPERM" },
] as never;

const serialize = (snap: Snap): string => JSON.stringify([snap.value, snap.context.status, snap.context.initialReady]);

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
    const beforeValue = actor.getSnapshot().value;
    const wasOver = isOver(beforeValue);
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
        if (wasOver) expect(routed, where).toEqual([]);
        else {
          expect([...to("turn"), ...to("queue")], where).toEqual(["frame", "frame"]);
          // The model's frames carry no dialog: the dialog machines never see them (session-dialog-frames covers the rest).
          expect([...to("trust"), ...to("keyWatch")], where).toEqual([]);
        }
        break;
      case "status.changed": {
        expect(said.map((e) => e.type), where).toEqual(["public.status"]);
        // Initial readiness in `open.starting` (the transition to `live`) first asks io to restore the caller's size,
        // before any child or listener hears of the readiness.
        const initial = (event as SessionEvent & { initial?: boolean }).initial === true && valueIs(beforeValue, "open", SPAWNING);
        expect(to("io"), where).toEqual(initial ? ["io.restoreSize"] : []);
        if (initial) expect(routed[0]?.child, where).toBe("io");
        expect(to("queue"), where).toEqual(["status.changed"]);
        // The trust responder finished when the session ended.
        expect(to("trust"), where).toEqual(wasOver ? [] : ["status.changed"]);
        break;
      }
      case "cmd.closing":
        // The status machine hears of the close unless it already reached a terminal status; every close (a later one
        // too) runs the ending actor in `over.closing`.
        expect(to("status"), where).toEqual(isTerminalStatus(before.status) ? [] : ["lifecycle.closing"]);
        expect(after.value, where).toEqual({ over: "closing" });
        expect(after.children, where).toHaveProperty("end");
        break;
      case "xstate.done.actor.listen":
        // The bridge listens: the io actor is told to spawn the CLI with the args the listen actor built, nothing else.
        expect(routed, where).toEqual([{ child: "io", event: { type: "io.spawn", args: ["--settings", "s.json"] } }]);
        expect(said, where).toEqual([]);
        expect(after.value, where).toEqual({ open: SPAWNING });
        expect(after.children, where).not.toHaveProperty("listen");
        break;
      case "xstate.error.actor.listen":
      case "pty.spawnFailed": {
        // The start fails with the listen actor's (or the spawn's) error: announced once, the session is over at once
        // (no ending actor: the launcher cleans up), and every queued op fails.
        const error = event.type === "pty.spawnFailed" ? (event as SessionEvent & { error: unknown }).error : new Error("listen failed");
        expect(said, where).toEqual([{ type: "public.startFailed", error }]);
        expect(to("io"), where).toEqual([]);
        expect(to("queue"), where).toEqual(["queue.close"]);
        expect(after.value, where).toEqual({ over: "ended" });
        expect(after.children, where).not.toHaveProperty("end");
        expect(after.children, where).not.toHaveProperty("listen");
        closedOrExited = true;
        break;
      }
      case "xstate.done.actor.end":
      case "xstate.error.actor.end": {
        // The ending actor finished: the close is announced (with the failure, if any), the session is ended, and the
        // status machine hears the final status unless it already reached a terminal one.
        expect(to("status"), where).toEqual(isTerminalStatus(before.status) ? [] : ["lifecycle.stopped"]);
        const failed = event.type === "xstate.error.actor.end";
        expect(said, where).toEqual([{ type: "public.closed", as: "stopped", ...(failed ? { error: new Error("release failed") } : {}) }]);
        expect(after.value, where).toEqual({ over: "ended" });
        expect(after.children, where).not.toHaveProperty("end");
        break;
      }
      default: {
        const expected = ROUTING[event.type]?.(wasOver);
        expect(expected, `${where}: the model lists every routed event`).toBeDefined();
        expect(routed.map((r) => [r.child, r.event.type]), where).toEqual(expected?.to);
        expect(said.map((e) => e.type), where).toEqual(expected?.said);
        break;
      }
      case "pty.exit":
        expect(said.map((e) => e.type), where).toEqual(["public.exit"]);
        expect(to("status"), where).toEqual(isTerminalStatus(before.status) ? [] : ["pty.exit"]);
        break;
    }
    if (event.type === "cmd.closing" || event.type === "pty.exit") {
      // The first end fails every queued op exactly once; a later one does not repeat it.
      expect(to("queue").filter((t) => t === "queue.close"), where).toEqual(wasOver ? [] : ["queue.close"]);
      closedOrExited = true;
    }
    expect(isOver(after.value), where).toBe(closedOrExited);
  }
  expect(actor.getSnapshot().value).toEqual(expectedValue);
  actor.stop();
}

describe("root session machine (model-based, xstate/graph)", () => {
  it("the graph reaches every root state, and each state explains itself", () => {
    const machine = machineWith([]);
    const reached = new Set(getShortestPaths(machine, GRAPH).map((p) => JSON.stringify(p.state.value)));
    for (const state of [{ open: LISTENING }, { open: SPAWNING }, { open: "live" }, { over: "closing" }, { over: "ended" }]) {
      expect(reached).toContain(JSON.stringify(state));
    }
    type Node = (typeof machine.root.states)[string];
    const all = (node: Node): Node[] => [node, ...Object.values(node.states).flatMap(all)];
    const nodes = Object.values(machine.root.states).flatMap(all);
    expect(nodes.map((node) => node.key)).toEqual(["open", "starting", "listening", "spawning", "live", "over", "closing", "ended"]);
    for (const node of nodes) expect(node.description?.length ?? 0, node.key).toBeGreaterThan(10);
  });

  it("replays every shortest path and one path per graph edge: routing, announcements and the one-time end of operations", () => {
    const paths = edgePaths(machineWith([]), GRAPH as never);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) replay(path.steps.map((s) => s.event), path.state.value);
  });

  it("replays every simple path through the lifecycle (closing before and after readiness, exit while closing)", () => {
    const paths = getSimplePaths(machineWith([]), GRAPH);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) replay(path.steps.map((s) => s.event), path.state.value);
  });
});
