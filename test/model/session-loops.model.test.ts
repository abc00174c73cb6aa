// The session root's loop routing (B §6.6–§6.8), walked on a live root whose children (the loop machines included)
// are recorders: what it spawns, starts, holds, delivers through the control queue, reports and forgets, step by step.

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, type AnyActorLogic, type EventObject } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { createSessionMachine, type SessionEvent, type SessionInput, type SessionPublicEvent } from "../../machines/session.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { newLoopDefinition } from "../../src/contracts/loop-sidecar.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

interface Received {
  readonly child: string;
  readonly event: EventObject;
}

function recorder(log: Received[]): AnyActorLogic {
  return fromCallback(({ receive, self }) => {
    receive((event) => void log.push({ child: self.id, event }));
  });
}

const T = 1_800_000_000_000;
const INPUT: SessionInput = {
  elwoodSessionId: "s1",
  adapter: claudeAdapter,
  autotrust: false,
  resumed: false,
  ioInput: {},
  effectsInput: {},
  hooksInput: {},
  endInput: {},
  clock: () => T,
};

const fixed = newLoopDefinition("f1", { mode: "fixed", intervalMs: 60_000, message: "check\u001b[31m it" }, T);
const idle = newLoopDefinition("i1", { mode: "idle", message: "quiet?" }, T);

function host() {
  const log: Received[] = [];
  const rec = recorder(log);
  const machine = createSessionMachine({ io: rec, listen: rec, effects: rec, hooks: rec, end: rec }).provide({
    actors: { status: rec, turn: rec, queue: rec, interrupt: rec, trust: rec, waits: rec, keyWatch: rec, loop: rec } as never,
  });
  const actor = createActor(machine, { input: INPUT, inspect: coverageInspect });
  const said: SessionPublicEvent[] = [];
  actor.on("*", (e) => void said.push(e as SessionPublicEvent));
  actor.start();
  // The hook bridge listens (the listen stand-in is a recorder): the CLI is spawning, readiness may come.
  actor.send({ type: "xstate.done.actor.listen", output: { args: [] } } as never);
  let mark = 0;
  /** Sends one event; returns what each child received and what the root announced for it. */
  const send = (event: SessionEvent) => {
    mark = log.length;
    const from = said.length;
    actor.send(event);
    const routed = log.slice(mark);
    return {
      to: (child: string) => routed.filter((r) => r.child === child).map((r) => r.event),
      said: said.slice(from),
    };
  };
  const loops = () => actor.getSnapshot().context.loops;
  return { actor, send, loops };
}

const ready = (from: "starting" | "running", initial = false): SessionEvent => ({ type: "status.changed", from, to: "ready", initial });
const running: SessionEvent = { type: "status.changed", from: "ready", to: "running", initial: false };

describe("session root: loop children (model walk, issue 18)", () => {
  it("C-LOOP-05, C-LOOP-08, C-LOOP-09: spawned waiting, started at readiness, held by a send turn, delivered through the queue at a ready, re-armed by its own turn's end", () => {
    const { send, loops, actor } = host();
    // Added before readiness: spawned, but no clock runs yet.
    expect(send({ type: "cmd.loopAdd", definition: fixed }).to("f1")).toEqual([]);
    expect(actor.getSnapshot().children).toHaveProperty("f1");
    expect(loops()["f1"]?.state).toBe("waiting");
    expect(send(ready("starting", true)).to("f1")).toEqual([{ type: "loop.start", at: T }]);
    // Added while live: its clock starts at once.
    expect(send({ type: "cmd.loopAdd", definition: idle }).to("i1")).toEqual([{ type: "loop.start", at: T }]);

    send({ type: "loop.scheduled", loopId: "f1", nextDueAt: T + 60_000 });
    expect(loops()["f1"]).toMatchObject({ state: "scheduled", nextDueAt: T + 60_000 });

    // A send/stream turn holds delivery: due, but nothing reaches the queue until the hold is released.
    send({ type: "cmd.loopHold", holdId: "h1" });
    expect(send({ type: "loop.due", loopId: "f1", scheduledDueAt: T + 60_000 }).to("queue")).toEqual([]);
    expect(loops()["f1"]?.state).toBe("due");
    const released = send({ type: "cmd.loopRelease", holdId: "h1" }).to("queue");
    expect(released).toEqual([{ type: "queue.enqueue", op: { opId: "loop:f1:1", kind: "message", consumesReady: true, text: "check[31m it", framing: "paste" } }]);

    // Entered: the loop hears its submission, the caller hears `fired`; the ready after its turn re-arms it.
    const entered = send({ type: "queue.opEntered", opId: "loop:f1:1", joinsTurn: false });
    expect(entered.to("f1")).toEqual([{ type: "loop.submitted", at: T }]);
    expect(entered.said).toContainEqual({ type: "public.loopFired", loopId: "f1", opId: "loop:f1:1", scheduledDueAt: T + 60_000, submittedAt: T });
    expect(loops()["f1"]?.state).toBe("submitted");
    send(running);
    expect(send(ready("running")).to("f1")).toEqual([{ type: "loop.turnEnded", at: T }]);
    send({ type: "queue.opDone", opId: "loop:f1:1" });

    // Due while the agent works: it waits for the next ready, and goes once.
    send(running);
    expect(send({ type: "loop.due", loopId: "f1", scheduledDueAt: T + 120_000 }).to("queue")).toEqual([]);
    const atReady = send(ready("running")).to("queue").filter((e) => e.type === "queue.enqueue");
    expect(atReady.map((e) => (e as unknown as { op: { opId: string } }).op.opId)).toEqual(["loop:f1:2"]);
    // Its op failed before entry: the loop re-arms and the caller hears a content-free failure.
    const failed = send({ type: "queue.opFailed", opId: "loop:f1:2", error: new ElwoodError("wait_timeout", "m") });
    expect(failed.to("f1")).toEqual([{ type: "loop.submitFailed", at: T }]);
    expect(failed.said).toContainEqual({ type: "public.loopFailed", loopId: "f1", at: T, phase: "scheduling" });

    // Caller input is non-loop activity: idle loops start their quiet period over, fixed ones do not hear it.
    const enqueued = send({ type: "cmd.enqueue", op: { opId: "o1", kind: "message" } as never });
    expect(enqueued.to("i1")).toEqual([{ type: "loop.activity", at: T }]);
    expect(enqueued.to("f1")).toEqual([]);
  });

  it("C-LOOP-13, C-LOOP-14, C-LOOP-17: cancel and expiry discard a queued prompt; the session's end stops every clock and keeps the definitions waiting", () => {
    const { send, loops, actor } = host();
    send({ type: "cmd.loopAdd", definition: fixed });
    send({ type: "cmd.loopAdd", definition: idle });
    send(ready("starting", true));
    send({ type: "loop.due", loopId: "f1", scheduledDueAt: T + 60_000 });
    const cancelled = send({ type: "cmd.loopCancel", loopId: "f1" });
    expect(cancelled.to("f1")).toEqual([{ type: "loop.cancel" }]);
    expect(cancelled.to("queue").map((e) => e.type)).toEqual(["queue.cancel"]);
    expect(loops()).not.toHaveProperty("f1");

    send({ type: "loop.due", loopId: "i1", scheduledDueAt: T + 300_000 });
    const expired = send({ type: "loop.expired", loopId: "i1", at: T + 604_800_000 });
    expect(expired.to("queue").map((e) => e.type)).toEqual(["queue.cancel"]);
    expect(expired.said).toEqual([{ type: "public.loopExpired", loopId: "i1", at: T + 604_800_000 }]);
    expect(loops()).toEqual({});

    send({ type: "cmd.loopAdd", definition: fixed });
    send({ type: "loop.scheduled", loopId: "f1", nextDueAt: T + 60_000 });
    send({ type: "cmd.closing", as: "stopped" });
    expect(loops()["f1"]).toEqual({ definition: fixed, state: "waiting" });
    expect(actor.getSnapshot().children).not.toHaveProperty("f1");
    // Over: a cancel only forgets the entry (its machine is gone), nothing is delivered on a ready.
    expect(send({ type: "cmd.loopCancel", loopId: "f1" }).to("f1")).toEqual([]);
    expect(loops()).toEqual({});
  });
});
