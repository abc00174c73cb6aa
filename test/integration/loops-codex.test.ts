// Loops on the simulated Codex: the same root wiring delivers a due loop's prompt through Codex's readiness queue.

import { afterEach, describe, expect, it } from "vitest";
import { overrideLoopCadenceForTests } from "../../src/loop-test-timing.js";
import { LoopEvents } from "../support/loop-events.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";

let sim: CodexSim | undefined;
afterEach(async () => {
  overrideLoopCadenceForTests(undefined);
  await sim?.cleanup();
  sim = undefined;
});

describe("loops on Codex (B §6, issue 18)", () => {
  it("C-LOOP-01, C-LOOP-05, C-LOOP-08: a due loop's prompt reaches Codex as its own turn, and the loop is listed and cancelled like Claude's", async () => {
    overrideLoopCadenceForTests(300);
    sim = await startCodexSim();
    const { session } = sim;
    const events = new LoopEvents(session);
    await session.waitForStatus((s) => s === "ready", 30_000);
    const loop = await session.createLoop({ mode: "fixed", intervalMs: 120_000, message: "loop codex ping" });
    expect((await session.listLoops()).map((l) => l.id)).toEqual([loop.id]);
    await events.next("fired", loop.id);
    const prompts = () => sim?.hooks.filter((h) => h.name === "UserPromptSubmit").map((h) => h.payload["prompt"]) ?? [];
    await until("the loop's prompt hook", () => prompts().includes("loop codex ping"), 60_000);
    await session.cancelLoop(loop.id);
    expect(await session.listLoops()).toEqual([]);
    expect((await events.next("cancelled", loop.id)).reason).toBe("caller");
  }, 120_000);
});
