// Model-based test of the loop machine: paths generated from its graph (every edge), replayed on XState's simulated
// clock at production delays, against a small reference model of B §6.5-6.6 that says what the machine must emit
// at each step: when it is scheduled and for when, when it falls due, and when it expires.

import { describe, expect, it } from "vitest";
import type { EventObject, SnapshotFrom } from "xstate";
import { LOOP_IDLE_MS } from "../../src/contracts/loop.js";
import { loopMachine, type LoopEvent, type LoopMachineInput } from "../../machines/loop.js";
import { edgePaths } from "../support/edge-paths.js";
import { afterDelayName, afterEvents, hostChild, type AnyEvent } from "../support/machine-host.js";
import { recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof loopMachine>;
type Leaf = "waiting" | "scheduled" | "due" | "submitted" | "expired" | "cancelled";

// Wall-clock ms at the machine's start; every time here is a whole second, so 1 s clock steps hit each delay exactly.
const T0 = 1_800_000_000_000;
const STEP_MS = 1_000;
const FIXED: LoopMachineInput = { loopId: "f1", mode: "fixed", intervalMs: 60_000, jitterMs: 3_000, expiresAt: T0 + 1_000_000, now: T0 };
const IDLE: LoopMachineInput = { loopId: "i1", mode: "idle", jitterMs: 7_000, expiresAt: T0 + 1_000_000, now: T0 };
/** A horizon shorter than one cadence: the loop expires while scheduled (B §6.5: it may expire without firing). */
const shortHorizon = (input: LoopMachineInput): LoopMachineInput => ({ ...input, expiresAt: T0 + 40_000 });

const ALPHABET: LoopEvent[] = [
  { type: "loop.start", at: 0 },
  { type: "loop.activity", at: 0 },
  { type: "loop.submitted", at: 0 },
  { type: "loop.submitFailed", at: 0 },
  { type: "loop.turnEnded", at: 0 },
  { type: "loop.cancel" },
];

// Graph traversal has no parent actor: stub the parent-facing actions; the replays run the production machine.
const graphMachine = loopMachine.provide({ actions: { announceScheduled: () => {}, announceDue: () => {}, announceExpired: () => {} } });
const graphOptions = (input: LoopMachineInput) => ({
  input,
  events: (snap: Snap): AnyEvent[] => [...(ALPHABET as AnyEvent[]), ...afterEvents(snap as never)],
  serializeState: (snap: Snap) => JSON.stringify(snap.value),
});

/** The reference model: what B §6 says the loop is and emits, with its two clocks (cadence, expiry). */
class LoopModel {
  leaf: Leaf = "waiting";
  armedAt: number;
  now: number;
  readonly emitted: EventObject[] = [];

  constructor(private readonly input: LoopMachineInput) {
    this.armedAt = input.now;
    this.now = input.now;
  }

  private get cadence(): number {
    return (this.input.mode === "fixed" ? (this.input.intervalMs ?? 0) : LOOP_IDLE_MS) + this.input.jitterMs;
  }

  private get active(): boolean {
    return this.leaf !== "expired" && this.leaf !== "cancelled";
  }

  private schedule(at: number): void {
    this.leaf = "scheduled";
    this.armedAt = at;
    this.emitted.push({ type: "loop.scheduled", loopId: this.input.loopId, nextDueAt: at + this.cadence } as EventObject);
  }

  /** The next timer to fire: expiry while active, the cadence while scheduled (expiry first on a tie, armed first). */
  nextTimer(): { readonly at: number; readonly kind: "cadence" | "expiry" } | undefined {
    if (!this.active) return undefined;
    const expiry = { at: this.input.expiresAt, kind: "expiry" as const };
    if (this.leaf !== "scheduled") return expiry;
    const due = this.armedAt + this.cadence;
    return due < expiry.at ? { at: due, kind: "cadence" } : expiry;
  }

  /** Lets the wall clock pass to `until`, firing the model's timers on the way. */
  passTo(until: number): void {
    for (let timer = this.nextTimer(); timer && timer.at <= until; timer = this.nextTimer()) {
      this.now = timer.at;
      if (timer.kind === "expiry") {
        this.leaf = "expired";
        this.emitted.push({ type: "loop.expired", loopId: this.input.loopId, at: this.input.expiresAt } as EventObject);
      } else {
        this.leaf = "due";
        this.emitted.push({ type: "loop.due", loopId: this.input.loopId, scheduledDueAt: this.armedAt + this.cadence } as EventObject);
      }
    }
    this.now = until;
  }

  send(event: LoopEvent): void {
    if (!this.active) return;
    const idle = this.input.mode === "idle";
    const at = this.now;
    if (event.type === "loop.cancel") this.leaf = "cancelled";
    else if (event.type === "loop.start" && this.leaf === "waiting") this.schedule(at);
    else if (event.type === "loop.activity" && idle && (this.leaf === "scheduled" || this.leaf === "due")) this.schedule(at);
    else if (event.type === "loop.submitted" && this.leaf === "due") {
      if (idle) this.leaf = "submitted";
      else this.schedule(at);
    } else if (event.type === "loop.submitFailed" && (this.leaf === "due" || this.leaf === "submitted")) this.schedule(at);
    else if (event.type === "loop.turnEnded" && this.leaf === "submitted") this.schedule(at);
  }

  value(): unknown {
    return this.active ? { active: this.leaf } : this.leaf;
  }
}

/** Replays one path on the simulated clock; a delayed step lets time pass until that delay fires (or beyond). */
function replay(input: LoopMachineInput, steps: readonly EventObject[], gapMs: number): void {
  const host = hostChild(loopMachine, input);
  const model = new LoopModel(input);
  let now = input.now;
  const passTo = (until: number): void => {
    model.passTo(until);
    host.advance(0);
    for (; now < until; now += STEP_MS) host.clock.increment(STEP_MS);
  };
  for (const step of steps) {
    const delay = afterDelayName(step.type);
    if (delay) {
      const timer = model.nextTimer();
      if (timer) passTo(Math.max(now, timer.at));
    } else {
      const event = { ...step, ...("at" in step ? { at: now } : {}) } as LoopEvent;
      host.send(event as AnyEvent);
      model.send(event);
    }
    expect(host.value()).toEqual(model.value());
    expect(host.received).toEqual(model.emitted);
    if (gapMs > 0) passTo(now + gapMs);
    expect(host.value()).toEqual(model.value());
    expect(host.received).toEqual(model.emitted);
  }
  host.stop();
}

const INPUTS: [string, LoopMachineInput][] = [
  ["fixed", FIXED],
  ["idle", IDLE],
  ["fixed, short horizon", shortHorizon(FIXED)],
  ["idle, short horizon", shortHorizon(IDLE)],
];

describe("loop machine (model-based, xstate/graph, simulated clock): B §6.5-6.9, C-LOOP-05..09, C-LOOP-13, C-LOOP-17", () => {
  it.each(INPUTS)("%s loop: every edge's path emits scheduled/due/expired at the times B §6.5-6.6 give", (_name, input) => {
    const paths = edgePaths(graphMachine, graphOptions(input) as never);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      for (const gapMs of [0, 1_000, 70_000]) replay(input, path.steps.map((s) => s.event as EventObject), gapMs);
    }
  });

  it("B §6.6, C-LOOP-05, C-LOOP-08, C-LOOP-09: a fixed loop is first due at start + interval + jitter and re-arms from the actual submission, not the phase", () => {
    const host = hostChild(loopMachine, FIXED);
    host.send({ type: "loop.start", at: T0 });
    host.advance(62_999);
    expect(host.value()).toEqual({ active: "scheduled" });
    host.advance(1);
    expect(host.received.at(-1)).toEqual({ type: "loop.due", loopId: "f1", scheduledDueAt: T0 + 63_000 });
    // The session was busy: the prompt went in 20 s late; the next one counts from then, nothing was missed twice.
    host.advance(120_000);
    expect(host.received.filter((e) => e.type === "loop.due")).toHaveLength(1);
    host.send({ type: "loop.submitted", at: T0 + 183_000 });
    expect(host.received.at(-1)).toEqual({ type: "loop.scheduled", loopId: "f1", nextDueAt: T0 + 246_000 });
    host.stop();
  });

  it("B §6.6, C-LOOP-06, C-LOOP-09: idle activity resets the quiet period; the loop's own turn re-arms from the ready that ends it", () => {
    const host = hostChild(loopMachine, IDLE);
    host.send({ type: "loop.start", at: T0 });
    host.advance(200_000);
    host.send({ type: "loop.activity", at: T0 + 200_000 });
    host.advance(306_999);
    expect(host.value()).toEqual({ active: "scheduled" });
    host.advance(1);
    expect(host.received.at(-1)).toEqual({ type: "loop.due", loopId: "i1", scheduledDueAt: T0 + 507_000 });
    host.send({ type: "loop.submitted", at: T0 + 507_000 });
    host.send({ type: "loop.activity", at: T0 + 508_000 });
    expect(host.value()).toEqual({ active: "submitted" });
    host.send({ type: "loop.turnEnded", at: T0 + 530_000 });
    expect(host.received.at(-1)).toEqual({ type: "loop.scheduled", loopId: "i1", nextDueAt: T0 + 837_000 });
    host.stop();
  });

  it("B §6.5/6.8, C-LOOP-13, C-LOOP-17: expiry beats a pending due state, and a cancelled loop never falls due again (B §6.9)", () => {
    const expiring = hostChild(loopMachine, { ...FIXED, expiresAt: T0 + 100_000 });
    expiring.send({ type: "loop.start", at: T0 });
    expiring.advance(100_000);
    expect(expiring.value()).toBe("expired");
    expect(expiring.received.map((e) => e.type)).toEqual(["loop.scheduled", "loop.due", "loop.expired"]);
    expiring.stop();
    const cancelled = hostChild(loopMachine, FIXED);
    cancelled.send({ type: "loop.start", at: T0 });
    cancelled.send({ type: "loop.cancel" });
    cancelled.advance(200_000);
    expect(cancelled.value()).toBe("cancelled");
    expect(cancelled.received.map((e) => e.type)).toEqual(["loop.scheduled"]);
    cancelled.stop();
  });
});
