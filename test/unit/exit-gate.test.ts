// Unit test of the exit gate: the steps that must be done before the CLI's exit is announced (the transcript's final
// flush) run once, contained and bounded, whoever passes the gate first (C-API-20).

import { describe, expect, it } from "vitest";
import { ExitGate } from "../../effects/exit-gate.js";

describe("exit gate (C-API-20)", () => {
  it("runs every step once, shared by every pass, and resolves after all of them are done", async () => {
    const gate = new ExitGate();
    const calls: string[] = [];
    gate.add(async () => void calls.push("a"));
    gate.add(() => new Promise((resolve) => setTimeout(() => (calls.push("b"), resolve()), 10)));
    const first = gate.pass();
    const second = gate.pass();
    expect(second).toBe(first);
    await first;
    expect(calls.sort()).toEqual(["a", "b"]);
    await gate.pass();
    expect(calls).toHaveLength(2);
  });

  it("a removed step, and a step added after the pass began, never run", async () => {
    const gate = new ExitGate();
    const calls: string[] = [];
    const off = gate.add(async () => void calls.push("removed"));
    off();
    const passing = gate.pass();
    gate.add(async () => void calls.push("late"));
    await passing;
    await gate.pass();
    expect(calls).toEqual([]);
  });

  it("a step that throws or rejects never keeps the gate shut nor rejects the pass", async () => {
    const gate = new ExitGate();
    const calls: string[] = [];
    gate.add(() => {
      throw new Error("sync");
    });
    gate.add(() => Promise.reject(new Error("async")));
    gate.add(async () => void calls.push("ok"));
    await expect(gate.pass()).resolves.toBeUndefined();
    expect(calls).toEqual(["ok"]);
  });

  it("a step that never settles is left behind when the budget runs out: the pass still resolves", async () => {
    const gate = new ExitGate(20);
    const calls: string[] = [];
    gate.add(() => new Promise<void>(() => {}));
    gate.add(async () => void calls.push("done"));
    // (Were the pass to wait for the hung step, this would time out.)
    await expect(gate.pass()).resolves.toBeUndefined();
    expect(calls).toEqual(["done"]);
  });
});
