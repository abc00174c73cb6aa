// Unit test of the ending effect actor the root's `over.closing` state invokes: how each close ends the processes and
// releases, and that the root settles the close from the actor's done or error (the actor swapped with `provide`).

import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, toPromise, waitFor } from "xstate";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { endProcessesLogic, type EndProcessesRuntime } from "../../effects/end-processes.js";
import { createSessionMachine, type SessionPublicEvent } from "../../machines/session.js";
import type { ClosingAs } from "../../src/contracts/readiness.js";

function fakeRuntime(calls: string[], release: () => Promise<void> = async () => {}, reaped = true): EndProcessesRuntime {
  return {
    // The PTY is the unit's edge: its own stop/kill are tested against a real PTY in test/integration.
    pty: {
      pgid: 4242,
      stop: async (opts) => {
        calls.push(`stop ${opts?.graceMs}`);
        return reaped;
      },
      kill: async () => {
        calls.push("kill");
        return reaped;
      },
    },
    elwoodSessionId: `end-test-${process.pid}-${Date.now()}`,
    stopGraceMs: 3_000,
    teardownGraceMs: 1_000,
    release: async (how) => {
      calls.push(`release ${how}`);
      await release();
    },
  };
}

async function runEnd(runtime: EndProcessesRuntime, as: ClosingAs): Promise<void> {
  await toPromise(createActor(endProcessesLogic, { input: { runtime, as } }).start());
}

describe("end-processes effect actor (issue 12: process ending runs in the actor tree; C-API-04 stop, kill, teardown)", () => {
  it("stop asks the CLI to exit with the stop grace, kill kills, teardown uses the shorter grace; each releases its own way", async () => {
    const calls: string[] = [];
    await runEnd(fakeRuntime(calls), "stopped");
    await runEnd(fakeRuntime(calls), "killed");
    await runEnd(fakeRuntime(calls), "torn_down");
    expect(calls).toEqual(["stop 3000", "release stop", "kill", "release kill", "stop 1000", "release teardown"]);
  });

  it("C-STATE-13: only a stop runs beforeStop, before it signals the CLI; a failing beforeStop never blocks the stop", async () => {
    const calls: string[] = [];
    const withSettle = (as: ClosingAs, settle: () => Promise<void>): Promise<void> => runEnd({ ...fakeRuntime(calls), beforeStop: settle }, as);
    const settle = async (): Promise<void> => void calls.push("settle");
    await withSettle("stopped", settle);
    await withSettle("killed", settle);
    await withSettle("torn_down", settle);
    await withSettle("stopped", () => Promise.reject(new Error("stat failed")));
    expect(calls).toEqual(["settle", "stop 3000", "release stop", "kill", "release kill", "stop 1000", "release teardown", "stop 3000", "release stop"]);
  });

  it.each(["stopped", "killed", "torn_down"] as const)(
    "C-API-20: a %s is done only once the exit gate passed (the transcript's final flush precedes the close's terminal status), a failed release too",
    async (as) => {
      const calls: string[] = [];
      const gate = { pass: () => new Promise<void>((resolve) => setTimeout(() => (calls.push("gate passed"), resolve()), 20)) };
      await runEnd({ ...fakeRuntime(calls), exitGate: gate }, as);
      expect(calls.at(-1)).toBe("gate passed");
      const failing = { ...fakeRuntime([], () => Promise.reject(new Error("rm failed"))), exitGate: gate };
      calls.length = 0;
      await expect(runEnd(failing, as)).rejects.toThrow("rm failed");
      expect(calls).toEqual(["gate passed"]);
    },
  );

  it("a failing release fails the actor with that error", async () => {
    const failure = new Error("rm failed");
    await expect(runEnd(fakeRuntime([], () => Promise.reject(failure)), "torn_down")).rejects.toBe(failure);
  });

  it.each(["stopped", "killed", "torn_down"] as const)(
    "C-LIFE-10: a %s whose process group outlived the reap still releases, then rejects termination_failed naming the group",
    async (as) => {
      const calls: string[] = [];
      const error = await runEnd(fakeRuntime(calls, async () => {}, false), as).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ElwoodError);
      expect(error).toMatchObject({ code: "termination_failed", details: { processGroupId: 4242 } });
      expect(calls.at(-1)).toBe(`release ${as === "stopped" ? "stop" : as === "killed" ? "kill" : "teardown"}`);
    },
  );

  const idle = fromCallback(() => undefined);
  const input = { elwoodSessionId: "s1", adapter: claudeAdapter, autotrust: false, resumed: false, ioInput: {}, effectsInput: {}, hooksInput: {}, endInput: {} };

  it.each([
    ["done", fromPromise<void>(async () => {}), undefined],
    ["failed", fromPromise<void>(async () => Promise.reject(new Error("reap failed"))), new Error("reap failed")],
  ])("the root's closing state invokes it, announces public.closed and ends when it is %s", async (_label, end, error) => {
    const machine = createSessionMachine({ io: idle, listen: idle, effects: idle, hooks: idle, end: idle }).provide({ actors: { end } });
    const actor = createActor(machine, { input });
    const closed: SessionPublicEvent[] = [];
    actor.on("public.closed", (event) => void closed.push(event));
    actor.start();
    actor.send({ type: "cmd.closing", as: "killed" });
    expect(actor.getSnapshot().value).toEqual({ over: "closing" });
    await waitFor(actor, (snap) => snap.matches({ over: "ended" }));
    expect(closed).toEqual([{ type: "public.closed", as: "killed", ...(error === undefined ? {} : { error }) }]);
    // A later close runs the actor again.
    actor.send({ type: "cmd.closing", as: "stopped" });
    await waitFor(actor, (snap) => snap.matches({ over: "ended" }));
    expect(closed.map((e) => (e.type === "public.closed" ? e.as : ""))).toEqual(["killed", "stopped"]);
    actor.stop();
  });
});
