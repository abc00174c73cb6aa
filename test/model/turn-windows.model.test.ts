// Model-based test of a turn's time windows: paths from the machine's graph, replayed on a simulated clock against
// plain named timers (arm keeps a running timer, evidence clears quiet and accept, the outcome clears all), the way
// the conversation layer kept them before they became `after` delays: every window runs out exactly when they would.

import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from "xstate";
import { turnWindowsMachine, type TurnWindow, type TurnWindowsEvent, type TurnWindowsInput } from "../../machines/turn-windows.js";
import { edgePaths } from "../support/edge-paths.js";
import { advanceClock, afterDelayName, afterEvents } from "../support/machine-host.js";
import { coverageInspect, recordModelCoverage } from "../support/model-coverage.js";

recordModelCoverage(import.meta.url);

type Snap = SnapshotFrom<typeof turnWindowsMachine>;
type ArmableWindow = Exclude<TurnWindow, "release">;
/** Distinct lengths, so which window runs out first is never a tie of the same length. */
const INPUT: TurnWindowsInput = { ceilingMs: 70, acceptMs: 30, quietMs: 15, catchUpMs: 50, drainMs: 10 };
const LENGTH: Readonly<Record<TurnWindow, number>> = {
  ceiling: INPUT.ceilingMs,
  accept: INPUT.acceptMs,
  quiet: INPUT.quietMs,
  catchUp: INPUT.catchUpMs,
  drainFailed: INPUT.drainMs,
  drainInterrupted: INPUT.drainMs,
  release: INPUT.drainMs,
};
const ARMABLE: readonly ArmableWindow[] = ["ceiling", "accept", "quiet", "catchUp", "drainFailed", "drainInterrupted"];
/** The windows an `after` delay of the graph counts down. */
const BY_DELAY: Readonly<Record<string, readonly TurnWindow[]>> = {
  ceilingMs: ["ceiling"],
  acceptMs: ["accept"],
  quietMs: ["quiet"],
  catchUpMs: ["catchUp"],
  drainMs: ["drainFailed", "drainInterrupted", "release"],
};

/** One timer per name, as turn-run.ts armed them: both drains share one name (the first one armed wins). */
const timerName = (window: TurnWindow): string => (window === "drainFailed" || window === "drainInterrupted" ? "drain" : window);

/** The reference: named timers with plain deadlines, and the release drain once the turn has its outcome. */
class NamedTimers {
  readonly timers = new Map<string, { readonly window: TurnWindow; readonly at: number }>();
  readonly fired: [number, TurnWindow][] = [];
  over = false;
  released = false;
  private releaseArmed = false;

  send(event: TurnWindowsEvent, now: number): void {
    if (event.type === "arm" && !this.over) this.arm(event.window, now);
    if (event.type === "evidence" && !this.over) for (const name of ["quiet", "accept"]) this.timers.delete(name);
    if (event.type === "agent.busy" && !this.over) this.timers.delete("catchUp");
    if (event.type === "turn.over" && !this.over) {
      this.over = true;
      this.timers.clear();
    }
    if (event.type === "release.arm" && this.over && !this.releaseArmed) {
      this.releaseArmed = true;
      this.arm("release", now);
    }
  }

  private arm(window: TurnWindow, now: number): void {
    const name = timerName(window);
    if (!this.timers.has(name)) this.timers.set(name, { window, at: now + LENGTH[window] });
  }

  /** Fires every timer due by `until`, in deadline order. */
  runUntil(until: number): void {
    const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at);
    for (const [name, { window, at }] of due) {
      this.timers.delete(name);
      this.fired.push([at, window]);
      if (window === "release") this.released = true;
    }
  }

  /** The next deadline of any of these windows, if one is running. */
  next(windows: readonly TurnWindow[]): number | undefined {
    const ats = [...this.timers.values()].filter((t) => windows.includes(t.window)).map((t) => t.at);
    return ats.length === 0 ? undefined : Math.min(...ats);
  }

  /** The state value the machine must be in for these timers. */
  value(): unknown {
    if (this.over) return { over: this.released ? "released" : this.timers.has("release") ? "releasing" : "holding" };
    const open = (name: string): string => (this.timers.has(name) ? "open" : "closed");
    const drain = this.timers.get("drain")?.window;
    return {
      running: {
        ceiling: open("ceiling"),
        accept: open("accept"),
        quiet: open("quiet"),
        catchUp: open("catchUp"),
        drain: drain === "drainFailed" ? "failed" : drain === "drainInterrupted" ? "interrupted" : "closed",
      },
    };
  }
}

/** A step of a replay: an event for the machine, or the clock running on until a window of this `after` delay ran out. */
type Step = TurnWindowsEvent | { readonly type: "runOut"; readonly delay: string } | { readonly type: "wait"; readonly ms: number };

/** Replays steps on the production machine and on named timers, `gapMs` of clock after each event; returns what ran out. */
function replay(steps: readonly Step[], gapMs: number): [number, TurnWindow][] {
  const clock = new SimulatedClock();
  const actor = createActor(turnWindowsMachine, { input: INPUT, clock, inspect: coverageInspect });
  const fired: [number, TurnWindow][] = [];
  actor.on("window.expired", (e) => fired.push([clock.now(), e.window]));
  actor.start();
  const timers = new NamedTimers();
  const runTo = (until: number): void => {
    timers.runUntil(until);
    advanceClock(clock, until - clock.now());
  };
  for (const [index, step] of steps.entries()) {
    if (step.type === "runOut") {
      const at = timers.next(BY_DELAY[step.delay] ?? []);
      if (at !== undefined) runTo(at);
    } else if (step.type === "wait") {
      runTo(clock.now() + step.ms);
    } else {
      // The turn sends nothing once the slot is released (the actor is done).
      if (actor.getSnapshot().status === "done") continue;
      actor.send(step);
      timers.send(step, clock.now());
      runTo(clock.now() + gapMs);
    }
    expect(actor.getSnapshot().value, `step ${index} ${step.type}`).toEqual(timers.value());
  }
  // Well past every window: whatever still runs, runs out once, on time.
  runTo(clock.now() + 2 * INPUT.ceilingMs);
  expect(actor.getSnapshot().value).toEqual(timers.value());
  const order = (list: [number, TurnWindow][]): [number, TurnWindow][] => [...list].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  expect(order(fired)).toEqual(order(timers.fired));
  actor.stop();
  return fired;
}

/** The model's alphabet: open any window, evidence, the outcome, the release, and the delays running in this state. */
function events(snap: Snap): EventObject[] {
  return [
    ...ARMABLE.map((window) => ({ type: "arm" as const, window })),
    { type: "evidence" },
    { type: "agent.busy" },
    { type: "turn.over" },
    { type: "release.arm" },
    ...afterEvents(snap as never),
  ];
}

const toStep = (event: EventObject): Step | undefined => {
  if (event.type === "xstate.init") return undefined;
  const delay = afterDelayName(event.type);
  return delay === undefined ? (event as TurnWindowsEvent) : { type: "runOut", delay };
};

describe("turn windows machine (model-based, xstate/graph): the time windows of one send/stream turn", () => {
  it("each edge's path: every window runs out exactly when a plain named timer would, and never after the outcome", () => {
    const paths = edgePaths(turnWindowsMachine, { events, input: INPUT, serializeState: (snap: Snap) => JSON.stringify(snap.value) } as never);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const steps = path.steps.map((s) => toStep(s.event)).filter((s): s is Step => s !== undefined);
      for (const gapMs of [0, 7, 20]) replay(steps, gapMs);
    }
  });

  it("new evidence restarts the quiet and acceptance windows but a second arm never lengthens them", () => {
    const arm = (window: ArmableWindow): TurnWindowsEvent => ({ type: "arm", window });
    // Re-armed 10 ms in: still runs out at 15 (its first deadline), not at 25.
    expect(replay([arm("quiet"), { type: "wait", ms: 10 }, arm("quiet")], 0)).toEqual([[15, "quiet"]]);
    // Evidence at 10 closes it; the re-arm then counts a full window from 10.
    expect(replay([arm("quiet"), { type: "wait", ms: 10 }, { type: "evidence" }, arm("quiet")], 0)).toEqual([[25, "quiet"]]);
    expect(replay([arm("accept"), { type: "wait", ms: 20 }, { type: "evidence" }, arm("accept")], 0)).toEqual([[50, "accept"]]);
    // The agent going busy again closes catch-up: re-armed at the next ready it counts a full window from there.
    expect(replay([arm("catchUp"), { type: "wait", ms: 40 }, { type: "agent.busy" }, { type: "wait", ms: 30 }, arm("catchUp")], 0)).toEqual([[120, "catchUp"]]);
    expect(replay([arm("quiet"), arm("ceiling"), { type: "wait", ms: 5 }, { type: "agent.busy" }], 0)).toEqual([
      [15, "quiet"],
      [70, "ceiling"],
    ]);
    // Evidence does not touch catch-up or the ceiling.
    expect(replay([arm("catchUp"), arm("ceiling"), { type: "wait", ms: 20 }, { type: "evidence" }], 0)).toEqual([
      [50, "catchUp"],
      [70, "ceiling"],
    ]);
  });

  it("the first drain opened wins; the outcome closes every window; a failed turn's slot is released one drain after release.arm", () => {
    const arm = (window: ArmableWindow): TurnWindowsEvent => ({ type: "arm", window });
    expect(replay([arm("drainInterrupted"), { type: "wait", ms: 5 }, arm("drainFailed")], 0)).toEqual([[10, "drainInterrupted"]]);
    expect(replay([arm("ceiling"), arm("quiet"), { type: "wait", ms: 5 }, { type: "turn.over" }], 0)).toEqual([]);
    expect(replay([{ type: "turn.over" }, { type: "wait", ms: 40 }, { type: "release.arm" }, { type: "release.arm" }], 0)).toEqual([[50, "release"]]);
    // Before the outcome there is no slot to release.
    expect(replay([{ type: "release.arm" }], 0)).toEqual([]);
  });
});
