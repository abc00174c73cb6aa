// Unit tests for the control queue: FIFO per ready transition, overtaking, serialization, cancel and close (C-API-07/13/19/22/35/37).

import { describe, expect, it } from "vitest";
import { EMPTY_FACTS } from "../../src/contracts/screen-facts.js";
import {
  classify,
  controlQueueMachine,
  type ControlQueueInput,
  type QueuedOp,
} from "../../machines/control-queue.js";
import type { StatusChangedEvent } from "../../src/contracts/events.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import { hostChild } from "../support/machine-host.js";

const TIMING = { settleMs: 10, enterRetries: 2, confirmIntervalMs: 50, holdRetryMs: 20 };

function op(opId: string, kind: QueuedOp["kind"], klass: QueuedOp["klass"], extra: Partial<QueuedOp> = {}): QueuedOp {
  return {
    opId,
    kind,
    klass,
    consumesReady: kind !== "command",
    text: kind === "command" ? "/compact" : `text of ${opId}`,
    framing: kind === "command" ? "typed" : "paste",
    ...extra,
  };
}
const message = (id: string) => op(id, "message", "readiness");
const prompt = (id: string) => op(id, "prompt", "immediate");

function start(input: ControlQueueInput = {}) {
  const host = hostChild(controlQueueMachine, { timing: TIMING, ...input });
  let status: SessionStatus = input.status ?? "starting";
  const helpers = {
    host,
    enqueue: (o: QueuedOp) => host.send({ type: "queue.enqueue", op: o }),
    status(to: SessionStatus, initial = false) {
      const event: StatusChangedEvent = { type: "status.changed", from: status, to, initial };
      status = to;
      host.send(event);
    },
    /** Op ids whose paste (or typed text) was requested, in order. */
    staged: () => host.writes().filter((w) => w.purpose === "paste" || w.purpose === "command").map((w) => w.requestId.split(":")[0]),
    reports: (type: string) => host.received.filter((e) => e.type === type).map((e) => (e as unknown as { opId: string }).opId),
    /** Let the in-flight submission write its paste and Enter, see the CLI start working, then finish (idle screen). */
    finishActive() {
      host.answer("written");
      host.advance(TIMING.settleMs);
      host.answer("written");
      host.send({ type: "frame", seq: 1, facts: { ...EMPTY_FACTS, composer: true, working: true }, oscState: [] });
      host.send({ type: "frame", seq: 2, facts: { ...EMPTY_FACTS, composer: true }, oscState: [] });
    },
  };
  return helpers;
}

describe("control queue", () => {
  it("C-API-19 C-API-13 three readiness messages go one per ready transition, in FIFO order", () => {
    const q = start({ status: "running", initialReady: true });
    ["m1", "m2", "m3"].forEach((id) => q.enqueue(message(id)));
    expect(q.staged()).toEqual([]);
    q.status("ready");
    expect(q.staged()).toEqual(["m1"]);
    q.finishActive();
    expect(q.reports("queue.opEntered")).toEqual(["m1"]);
    expect(q.host.received.find((e) => e.type === "queue.opEntered")).toEqual({ type: "queue.opEntered", opId: "m1", joinsTurn: false });
    expect(q.reports("queue.opDone")).toEqual(["m1"]);
    // Still "ready" (the running edge has not arrived yet) but that ready transition was used up.
    expect(q.staged()).toEqual(["m1"]);
    q.status("running");
    q.status("ready");
    expect(q.staged()).toEqual(["m1", "m2"]);
    q.finishActive();
    q.status("running");
    expect(q.staged()).toEqual(["m1", "m2"]);
    q.status("ready");
    q.finishActive();
    expect(q.staged()).toEqual(["m1", "m2", "m3"]);
    expect(q.reports("queue.opWritten")).toEqual(["m1", "m2", "m3"]);
  });

  it("C-API-19 a message on a ready session is submitted at once", () => {
    const q = start({ status: "ready" });
    q.enqueue(message("m1"));
    expect(q.staged()).toEqual(["m1"]);
  });

  it("issue 17: 50 sends, C-API-19 a message waits at ready while the screen still shows the CLI at work (a Stop hook delivered while it runs), then goes at the idle frame", () => {
    const q = start({ status: "running", initialReady: true });
    const busy = { ...EMPTY_FACTS, composer: true, working: true };
    q.host.send({ type: "frame", seq: 1, facts: busy, oscState: [] });
    q.enqueue(message("m1"));
    q.status("ready");
    expect(q.staged()).toEqual([]);
    q.host.send({ type: "frame", seq: 2, facts: { ...busy, working: false, titleSpinner: true }, oscState: [] });
    expect(q.staged()).toEqual([]);
    q.host.send({ type: "frame", seq: 3, facts: { ...EMPTY_FACTS, composer: true }, oscState: [] });
    expect(q.staged()).toEqual(["m1"]);
  });

  it("C-API-07 an immediate prompt still goes while the screen shows work (only readiness-waiting ops wait for the idle frame)", () => {
    const q = start({ status: "ready", initialReady: true });
    q.host.send({ type: "frame", seq: 1, facts: { ...EMPTY_FACTS, composer: true, working: true }, oscState: [] });
    q.enqueue(message("m1"));
    q.enqueue(prompt("p1"));
    expect(q.staged()).toEqual(["p1"]);
  });

  it("C-API-07 an immediate prompt overtakes a readiness-waiting message", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(message("m1"));
    q.enqueue(prompt("p1"));
    expect(q.staged()).toEqual(["p1"]);
    q.finishActive();
    expect(q.staged()).toEqual(["p1"]);
    q.status("ready");
    expect(q.staged()).toEqual(["p1", "m1"]);
  });

  it("C-API-07 an immediate prompt never interleaves with an in-flight submission", () => {
    const q = start({ status: "ready" });
    q.enqueue(message("m1"));
    q.host.answer("written"); // m1 pasted, now settling before its Enter
    q.enqueue(prompt("p1"));
    expect(q.staged()).toEqual(["m1"]);
    q.host.advance(TIMING.settleMs);
    expect(q.host.lastWrite()).toMatchObject({ requestId: expect.stringMatching(/^m1:/), purpose: "enter" });
    q.host.answer("written");
    expect(q.staged()).toEqual(["m1"]); // still confirming m1
    q.host.send({ type: "frame", seq: 2, facts: { ...EMPTY_FACTS, composer: true, working: true }, oscState: [] });
    expect(q.staged()).toEqual(["m1", "p1"]);
    const order = q.host.writes().map((w) => `${w.requestId.split(":")[0]}:${w.purpose}`);
    expect(order).toEqual(["m1:paste", "m1:enter", "p1:paste"]);
  });

  it("C-API-22 a readiness command (compact) waits for ready but does not consume it", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(op("c1", "command", "readiness"));
    q.enqueue(message("m1"));
    expect(q.staged()).toEqual([]);
    q.status("ready");
    expect(q.staged()).toEqual(["c1"]);
    expect(q.host.lastWrite()).toMatchObject({ data: "/compact", purpose: "command" });
    q.finishActive();
    expect(q.staged()).toEqual(["c1", "m1"]);
  });

  it("C-API-35 a picker command is immediate even while a turn runs; messages still wait", () => {
    const q = start({ status: "running", initialReady: false });
    q.enqueue(message("m1"));
    q.enqueue(op("pick", "command", "immediate", { text: "/model" }));
    expect(q.staged()).toEqual(["pick"]);
  });

  it("C-API-37 immediate guidance overtakes waiting messages; readiness guidance stays behind them", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(message("m1"));
    q.enqueue(op("g-early", "guidance", "readiness"));
    q.enqueue(op("g-live", "guidance", "immediate"));
    expect(q.staged()).toEqual(["g-live"]);
    q.finishActive();
    q.status("ready");
    q.finishActive();
    expect(q.staged()).toEqual(["g-live", "m1"]);
    q.status("running");
    q.status("ready");
    expect(q.staged()).toEqual(["g-live", "m1", "g-early"]);
  });

  it("C-API-37 guidance resolves at its Enter: opEntered precedes confirmation", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(op("g", "guidance", "immediate"));
    q.host.answer("written");
    q.host.advance(TIMING.settleMs);
    q.host.answer("written");
    expect(q.reports("queue.opEntered")).toEqual(["g"]);
    expect(q.reports("queue.opDone")).toEqual([]);
    // Written into the running turn on purpose: the turn watcher must not treat it as a turn of its own.
    expect(q.host.received.filter((e) => e.type === "queue.opEntered")).toEqual([{ type: "queue.opEntered", opId: "g", joinsTurn: true }]);
  });

  it("a readiness op behind the head keeps FIFO even when it would otherwise be eligible", () => {
    const q = start({ status: "ready" });
    q.enqueue(prompt("p1"));
    q.enqueue(message("m1"));
    q.enqueue(message("m2"));
    expect(q.staged()).toEqual(["p1"]);
    q.finishActive();
    // p1 consumed the ready transition (a prompt starts a turn), so m1 waits for the next one.
    expect(q.staged()).toEqual(["p1"]);
    q.status("running");
    q.status("ready");
    expect(q.staged()).toEqual(["p1", "m1"]);
  });

  it("C-API-24 a cancelled pending op is removed and never written later", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(message("m1"));
    q.enqueue(message("m2"));
    q.host.send({ type: "queue.cancel", opId: "m1", error: new ElwoodError("wait_timeout", "expired") });
    expect(q.host.received).toContainEqual(expect.objectContaining({ type: "queue.opFailed", opId: "m1", error: expect.objectContaining({ name: "wait_timeout" }) }));
    q.status("ready");
    expect(q.staged()).toEqual(["m2"]);
  });

  it("C-API-23 C-ATTN-01 an op held behind a dialog and then cancelled never writes", () => {
    const q = start({ status: "blocked", initialReady: true });
    q.enqueue(op("pick", "command", "immediate", { text: "/model" }));
    q.host.answer("held");
    q.host.send({ type: "queue.cancel", opId: "pick", error: new ElwoodError("model_automation_failed", "expired") });
    q.host.advance(1_000);
    expect(q.host.writes()).toHaveLength(1); // only the held request; nothing was ever written
    expect(q.reports("queue.opFailed")).toEqual(["pick"]);
    expect(q.reports("queue.opWritten")).toEqual([]);
  });

  it("a failure before the Enter leaves the ready transition for the next op", () => {
    const q = start({ status: "ready" });
    q.enqueue(message("m1"));
    q.enqueue(message("m2"));
    q.host.answer("failed");
    expect(q.reports("queue.opFailed")).toEqual(["m1"]);
    expect(q.staged()).toEqual(["m1", "m2"]);
  });

  it("C-API-19 close rejects the in-flight and every pending op with session_not_running, and later ops too", () => {
    const q = start({ status: "running", initialReady: true });
    q.enqueue(prompt("p1"));
    q.enqueue(message("m1"));
    q.host.answer("written");
    q.host.send({ type: "queue.close", error: new ElwoodError("session_not_running", "ended") });
    q.enqueue(message("m2"));
    q.host.advance(1_000);
    expect(q.reports("queue.opFailed")).toEqual(["p1", "m1", "m2"]);
    for (const e of q.host.received.filter((e) => e.type === "queue.opFailed")) {
      expect(e).toMatchObject({ error: { name: "session_not_running" } });
    }
    expect(q.host.writes()).toHaveLength(1); // p1's Enter never followed its paste
    expect(q.host.value()).toBe("closed");
  });

  it("never dispatches into a terminal status", () => {
    const q = start({ status: "running", initialReady: true });
    q.status("exited");
    q.enqueue(prompt("p1"));
    expect(q.staged()).toEqual([]);
  });

  it("C-API-37 the queue classifies a submission enqueued without a class: guidance joins a running turn, waits otherwise", () => {
    const blocking = { ...EMPTY_FACTS, dialog: { kind: "permission" as const, blocking: true, ruleIds: [], options: [], layout: "numbered" as const } };
    expect(classify({ status: "running", initialReady: true, facts: EMPTY_FACTS }, "guidance")).toBe("immediate");
    expect(classify({ status: "running", initialReady: false, facts: EMPTY_FACTS }, "guidance")).toBe("readiness");
    expect(classify({ status: "running", initialReady: true, facts: blocking }, "guidance")).toBe("readiness");
    expect(classify({ status: "ready", initialReady: true, facts: null }, "guidance")).toBe("readiness");
    expect(classify({ status: "starting", initialReady: false, facts: null }, "prompt")).toBe("immediate");
    expect(classify({ status: "running", initialReady: true, facts: null }, "message")).toBe("readiness");

    const q = start({ status: "running", initialReady: true });
    const { klass: _ignored, ...unclassified } = op("g", "guidance", "readiness");
    q.host.send({ type: "queue.enqueue", op: unclassified });
    // Running after readiness: the guidance is written at once, without waiting for a ready transition.
    expect(q.staged()).toEqual(["g"]);
  });

  it("an op's deadline is a queue transition: a pending op fails with its own error and is never written", () => {
    const q = start({ status: "running", initialReady: true });
    const error = new ElwoodError("wait_timeout", "deadline");
    q.enqueue(op("late", "message", "readiness", { deadline: { ms: 50, error } }));
    q.host.advance(49);
    expect(q.reports("queue.opFailed")).toEqual([]);
    q.host.advance(1);
    expect(q.reports("queue.opFailed")).toEqual(["late"]);
    q.status("ready");
    expect(q.staged()).toEqual([]);
  });

  it("an op completed by a hook reports done only when the hook arrives, and its deadline no longer fires", () => {
    const q = start({ status: "ready", initialReady: true });
    const error = new ElwoodError("compact_failed", "deadline", { timeoutMs: 1 });
    q.enqueue(op("c", "command", "readiness", { completeOnHook: "PostCompact", deadline: { ms: 500, error } }));
    q.finishActive();
    expect(q.reports("queue.opDone")).toEqual([]);
    q.host.send({ type: "hook.PostCompact", name: "PostCompact", payload: {} });
    expect(q.reports("queue.opDone")).toEqual(["c"]);
    q.host.advance(600);
    expect(q.reports("queue.opFailed")).toEqual([]);
  });
});
