// Model-based test of the control queue's routing, generated from its graph: every transition out of a slot state
// (submitting, picking, loggingIn, attaching), of closed, and the root's screen, hook and deadline handlers is taken
// on a live queue whose children are recording stand-ins, asserting what reaches the parent and the child (C-API-07).

import { describe, expect, it } from "vitest";
import type { EventObject } from "xstate";
import { EMPTY_FACTS } from "../../src/contracts/screen-facts.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { controlQueueMachine, type ControlQueueContext, type QueueRequest, type QueueTransaction } from "../../machines/control-queue.js";
import { NO_PICKER_PROFILE } from "../../machines/model-picker.js";
import { NO_LOGIN_PROFILE } from "../../machines/login.js";
import { graphItems } from "../support/machine-graph-items.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";
import { commandChild, forwardedTo, recordingChild } from "../support/recording-child.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

// The children are recording stand-ins: the real submission and transactions have their own model tests.
const queue = controlQueueMachine.provide({
  actors: { submission: recordingChild, modelPicker: recordingChild, login: recordingChild, imageAttach: recordingChild } as never,
});
const INPUT = { status: "running" as const, initialReady: false };
const timeout = new ElwoodError("wait_timeout", "route deadline");
/** A compaction-like op: delivered, then done only when its hook arrives (so the routes' hook handling shows). */
const AWAITED: QueueRequest = { opId: "k1", kind: "command", klass: "immediate", consumesReady: false, text: "/compact", framing: "typed", completeOnHook: "PostCompact" };
const HOOK = { type: "hook.PostCompact", name: "PostCompact", payload: {} };

type SlotState = "submitting" | "picking" | "loggingIn" | "attaching";
const TRANSACTIONS: Record<Exclude<SlotState, "submitting">, QueueTransaction> = {
  picking: { kind: "modelPicker", input: { mode: "list", profile: NO_PICKER_PROFILE } } as QueueTransaction,
  loggingIn: { kind: "login", input: { profile: NO_LOGIN_PROFILE } },
  attaching: { kind: "imageAttach", input: { files: ["/tmp/route.png"], via: "paste" } },
};
const childId = (state: SlotState): string => (state === "submitting" ? "submission" : "transaction");
const ACTIVE = "a1";

const ctx = (host: HostedChild): ControlQueueContext => host.context() as ControlQueueContext;
const since = (host: HostedChild, mark: number): EventObject[] => host.received.slice(mark);

/** A live queue with the awaited op delivered (waiting for its hook) and op a1 holding the slot in `state`. */
function reach(state: SlotState): HostedChild {
  const host = hostChild(queue, INPUT);
  host.send({ type: "queue.enqueue", op: AWAITED });
  expect(host.value()).toBe("submitting");
  commandChild(host.ref, "submission", { type: "recording.finish", output: { opId: "k1", outcome: "confirmed", entered: true, recoveryEnters: 0 } });
  // Delivered, but its completing hook has not come: nothing is reported yet.
  expect(host.received).toEqual([]);
  expect(ctx(host).awaiting.map((a) => a.opId)).toEqual(["k1"]);
  const op: QueueRequest = { opId: ACTIVE, kind: "prompt", klass: "immediate", consumesReady: true, text: "route", framing: "paste" };
  host.send({ type: "queue.enqueue", op: state === "submitting" ? op : { ...op, transaction: TRANSACTIONS[state] } });
  expect(host.value()).toBe(state);
  expect(ctx(host).active?.opId).toBe(ACTIVE);
  return host;
}

/** Sends `event`, then expects the child to have been forwarded exactly it, and the parent told nothing. */
function forwards(state: SlotState, event: EventObject & Record<string, unknown>, check?: (host: HostedChild) => void): () => void {
  return () => {
    const host = reach(state);
    const mark = host.received.length;
    host.send(event);
    expect(forwardedTo(host.ref, childId(state)).at(-1)).toEqual(event);
    expect(since(host, mark)).toEqual([]);
    expect(host.value()).toBe(state);
    check?.(host);
    host.stop();
  };
}

/** The child asks for `event`: the parent receives it unchanged. */
function passesUp(state: SlotState, event: EventObject & Record<string, unknown>, expected: EventObject & Record<string, unknown> = event): () => void {
  return () => {
    const host = reach(state);
    const mark = host.received.length;
    commandChild(host.ref, childId(state), { type: "recording.toParent", event });
    expect(since(host, mark)).toEqual([expected]);
    host.stop();
  };
}

function slotCases(state: SlotState): Record<string, () => void> {
  const key = (event: string, branch = 0): string => `controlQueue.${state} · ${event} · #${branch}`;
  const frame = { type: "frame", seq: 7, facts: { ...EMPTY_FACTS, composer: true }, oscState: [] };
  const cases: Record<string, () => void> = {
    [key("queue.cancel")]: () => {
      const host = reach(state);
      const mark = host.received.length;
      host.send({ type: "queue.cancel", opId: ACTIVE, error: timeout });
      // The active op cleans up first: the child is told to cancel, the parent hears nothing until it finishes.
      const cancel = state === "submitting" ? { type: "submission.cancel" } : { type: "transaction.cancel", error: timeout };
      expect(forwardedTo(host.ref, childId(state)).at(-1)).toEqual(cancel);
      expect(since(host, mark)).toEqual([]);
      expect(host.value()).toBe(state);
      host.stop();
    },
    [key("frame")]: forwards(state, frame, (host) => expect(ctx(host).facts).toEqual(frame.facts)),
    [key("submission.rawInput")]: forwards(state, { type: "submission.rawInput" }),
    [key("hook.*")]: () => {
      const host = reach(state);
      const mark = host.received.length;
      host.send(HOOK);
      // The awaited op completes, and the slot's child sees the hook too.
      expect(since(host, mark)).toEqual([{ type: "queue.opDone", opId: "k1", outcome: "confirmed" }]);
      expect(forwardedTo(host.ref, childId(state)).at(-1)).toEqual(HOOK);
      expect(ctx(host).awaiting).toEqual([]);
      host.stop();
    },
  };
  if (state === "submitting") {
    cases[key("submission.pasted")] = passesUp(state, { type: "submission.pasted", opId: ACTIVE }, { type: "queue.opWritten", opId: ACTIVE });
    cases[key("submission.entered")] = passesUp(state, { type: "submission.entered", opId: ACTIVE }, { type: "queue.opEntered", opId: ACTIVE, joinsTurn: true });
    cases[key("xstate.done.actor.submission")] = () => {
      const host = reach(state);
      const mark = host.received.length;
      commandChild(host.ref, "submission", { type: "recording.finish", output: { opId: ACTIVE, outcome: "confirmed", entered: true, recoveryEnters: 0 } });
      expect(since(host, mark)).toEqual([{ type: "queue.opDone", opId: ACTIVE, outcome: "confirmed" }]);
      expect(host.value()).toBe("idle");
      host.stop();
    };
    return cases;
  }
  cases[key("effect.request")] = passesUp(state, { type: "effect.request", requestId: `${ACTIVE}:2`, opId: ACTIVE, effect: { kind: "clipboard.begin" } });
  cases[key("effect.result")] = forwards(state, { type: "effect.result", requestId: `${ACTIVE}:2`, ok: true });
  cases[key("status.changed")] = forwards(state, { type: "status.changed", from: "running", to: "ready", initial: true }, (host) => {
    expect(ctx(host).status).toBe("ready");
    expect(ctx(host).initialReady).toBe(true);
  });
  const rows = [{ id: "m", label: "M" }];
  cases[key("xstate.done.actor.transaction")] = () => {
    const host = reach(state);
    const mark = host.received.length;
    commandChild(host.ref, "transaction", { type: "recording.finish", output: { opId: ACTIVE, ok: true, result: rows } });
    if (state === "attaching") {
      // Every chip confirmed: the op's text goes out in the same slot, and nothing is reported yet.
      expect(host.value()).toBe("submitting");
      expect(since(host, mark)).toEqual([]);
      expect(ctx(host).active?.opId).toBe(ACTIVE);
    } else {
      expect(since(host, mark)).toEqual([{ type: "queue.opDone", opId: ACTIVE, outcome: "confirmed", result: rows }]);
      expect(host.value()).toBe("idle");
    }
    host.stop();
  };
  if (state === "attaching") {
    cases[key("xstate.done.actor.transaction", 1)] = () => {
      const host = reach(state);
      const mark = host.received.length;
      const error = new ElwoodError("image_attach_failed", "no chip", { reason: "chip_timeout" } as never);
      commandChild(host.ref, "transaction", { type: "recording.finish", output: { opId: ACTIVE, ok: false, error } });
      // A failed attach submits no text.
      expect(since(host, mark)).toEqual([{ type: "queue.opFailed", opId: ACTIVE, error }]);
      expect(host.value()).toBe("idle");
      expect(ctx(host).active).toBeNull();
      host.stop();
    };
  }
  return cases;
}

const closedHost = (): HostedChild => {
  const host = hostChild(queue, INPUT);
  host.send({ type: "queue.close", error: new ElwoodError("session_not_running", "route close") });
  expect(host.value()).toBe("closed");
  return host;
};

const OTHER_CASES: Record<string, () => void> = {
  "controlQueue · frame · #0": () => {
    const host = hostChild(queue, INPUT);
    const facts = { ...EMPTY_FACTS, composer: true, composerText: "draft" };
    host.send({ type: "frame", seq: 1, facts, oscState: [] });
    // The next submission starts from this view of the screen.
    expect(ctx(host).facts).toEqual(facts);
    expect(host.received).toEqual([]);
    host.stop();
  },
  "controlQueue · hook.* · #0": () => {
    const host = reach("submitting");
    commandChild(host.ref, "submission", { type: "recording.finish", output: { opId: ACTIVE, outcome: "confirmed", entered: true, recoveryEnters: 0 } });
    expect(host.value()).toBe("idle");
    const mark = host.received.length;
    host.send({ type: "hook.Stop", name: "Stop", payload: {} });
    expect(since(host, mark), "a hook nobody awaits completes nothing").toEqual([]);
    host.send(HOOK);
    expect(since(host, mark)).toEqual([{ type: "queue.opDone", opId: "k1", outcome: "confirmed" }]);
    expect(ctx(host).awaiting).toEqual([]);
    host.stop();
  },
  "controlQueue · queue.deadline · #0": () => {
    const host = hostChild(queue, INPUT);
    // A message waits for readiness (the session is running); its deadline passes first, on the simulated clock.
    host.send({ type: "queue.enqueue", op: { opId: "m1", kind: "message", consumesReady: true, text: "later", framing: "paste", deadline: { ms: 50, error: timeout } } });
    expect(host.value()).toBe("idle");
    host.advance(49);
    expect(host.received).toEqual([]);
    host.advance(1);
    expect(host.received).toEqual([{ type: "queue.opFailed", opId: "m1", error: timeout }]);
    expect(ctx(host).ops).toEqual([]);
    // Dropped for good: readiness later dispatches nothing.
    host.send({ type: "status.changed", from: "running", to: "ready", initial: true });
    expect(host.value()).toBe("idle");
    expect(host.writes()).toEqual([]);
    host.stop();
  },
  "controlQueue.closed · queue.enqueue · #0": () => {
    const host = closedHost();
    const mark = host.received.length;
    host.send({ type: "queue.enqueue", op: { opId: "late", kind: "prompt", consumesReady: true, text: "x", framing: "paste" } });
    expect(since(host, mark), "an op enqueued after close fails at once with the close's error").toEqual([
      { type: "queue.opFailed", opId: "late", error: expect.objectContaining({ code: "session_not_running", message: "route close" }) },
    ]);
    expect(host.writes()).toEqual([]);
    host.stop();
  },
  "controlQueue.closed · queue.close · #0": () => {
    const host = closedHost();
    const mark = host.received.length;
    host.send({ type: "queue.close", error: new ElwoodError("session_not_running", "again") });
    expect(since(host, mark), "a second close rejects nothing again").toEqual([]);
    expect(host.value()).toBe("closed");
    host.stop();
  },
  "controlQueue.closed · queue.cancel · #0": () => {
    const host = closedHost();
    const mark = host.received.length;
    host.send({ type: "queue.cancel", opId: "gone", error: timeout });
    expect(since(host, mark), "nothing is left to cancel").toEqual([]);
    expect(host.value()).toBe("closed");
    host.stop();
  },
};

const CASES: Record<string, () => void> = {
  ...slotCases("submitting"),
  ...slotCases("picking"),
  ...slotCases("loggingIn"),
  ...slotCases("attaching"),
  ...OTHER_CASES,
};

describe("control queue routes (from its graph)", () => {
  const graph = graphItems(controlQueueMachine);
  const routed = graph.transitions.filter((t) => /^controlQueue\.(submitting|picking|loggingIn|attaching|closed) /.test(t.key));

  it("C-API-07 has a case for every transition out of a slot state and out of closed", () => {
    expect(routed.length).toBeGreaterThan(30);
    expect(routed.map((t) => t.key).filter((k) => CASES[k] === undefined)).toEqual([]);
    for (const k of Object.keys(CASES)) expect(graph.transitions.map((t) => t.key), k).toContain(k);
  });

  for (const [key, run] of Object.entries(CASES)) it(`C-API-07 ${key}`, run);
});
