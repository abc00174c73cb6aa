// compact() through startClaude with the simulated CLI and the real hook bridge: /compact goes through the readiness queue,
// resolves on PostCompact, does not consume the ready transition, and times out as compact_failed (C-API-22).

import { afterEach, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords, type SimLogRecord } from "../sim/sim-control.js";
import { hookCalls, inputTrace, pause, recordSession, startSimClaude, waitForLog, type SimClaude } from "../support/sim-probe.js";

const live: SimClaude[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});
async function start(opts: Parameters<typeof startSimClaude>[0]): Promise<SimClaude> {
  const sim = await startSimClaude(opts);
  live.push(sim);
  return sim;
}

const submits = (records: readonly SimLogRecord[]) => simRecords(records, "submit").map((r) => r.text);
const TYPED_COMPACT = [..."/compact"].map((c) => `key:${c}`);

describe("compact() (sim + real hook bridge)", () => {
  it("C-API-22: types /compact, resolves on PostCompact, and a message queued after it still goes at the next ready", async () => {
    const sim = await start({ script: { turnMs: 300 } });
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    let postCompactAt = 0;
    sim.session.on("hook:PostCompact", () => (postCompactAt = Date.now()));
    const compacted = sim.session.compact({ timeoutMs: 15_000 }).then(() => Date.now());
    const message = sim.session.sendMessage("after compact");
    const resolvedAt = await compacted;
    expect(postCompactAt).toBeGreaterThan(0);
    expect(resolvedAt).toBeGreaterThanOrEqual(postCompactAt);
    await message;
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the message turn", 15_000);
    expect(submits(records)).toEqual(["/compact", "after compact"]);
    expect(inputTrace(records)).toEqual([...TYPED_COMPACT, "key:enter", "paste:after compact", "key:enter"]);
    // The message went only after compaction ended (its paste follows PostCompact).
    expect(simRecords(records, "paste")[0]!.t).toBeGreaterThanOrEqual(postCompactAt - 50);
    expect(hookCalls(records, "PostCompact")).toBe(1);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(rec.activities.some((a) => a.source === "hook" && a.label === "PostCompact")).toBe(true);
  });

  it("C-API-22: a compact requested mid-turn runs after the active turn completes", async () => {
    const sim = await start({ script: { turnMs: 100, slowMs: 1200 } });
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    await sim.session.sendMessage("SLOW first");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    await sim.session.compact({ timeoutMs: 15_000 });
    const records = sim.log();
    // The unblocked Stop hook is the turn's completion signal: /compact is typed only after it, and its
    // Enter reaches an agent that has left the turn (the agent never had to queue it).
    const stop = records.find((r) => r.kind === "hook" && r.event === "Stop");
    const slashAt = records.findIndex((r) => r.kind === "key" && r.key === "/");
    const enter = records.slice(slashAt).find((r) => r.kind === "key" && r.key === "enter");
    const turn = simRecords(records, "turn")[0];
    expect(stop && slashAt >= 0 && enter && turn).toBeTruthy();
    expect(records[slashAt]!.t).toBeGreaterThanOrEqual(stop!.t);
    expect(enter!.t).toBeGreaterThanOrEqual(turn!.t);
    expect(simRecords(records, "queued")).toEqual([]);
    expect(submits(records)).toEqual(["SLOW first", "/compact"]);
  });

  it("C-API-22: compact_failed when PostCompact does not arrive within timeoutMs (compaction outlasts the deadline)", async () => {
    // The sim compacts for turnMs (4 s) before PostCompact, so a 500 ms deadline cannot be met, however loaded the machine.
    const sim = await start({ script: { turnMs: 4000 } });
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    const error = await sim.session.compact({ timeoutMs: 500 }).then(() => undefined, (e: unknown) => e);
    expect(isElwoodError(error, "compact_failed")).toBe(true);
    expect(hookCalls(sim.log(), "PostCompact")).toBe(0);
    // The session is still usable afterwards.
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    await sim.session.sendMessage("still alive");
    await waitForLog(sim.log, (r) => submits(r).includes("still alive"), "the later message", 15_000);
  });

  it("C-API-22: a compact that times out while queued behind a turn is dropped and never typed later", async () => {
    const sim = await start({ script: { turnMs: 100 } });
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    await sim.session.sendMessage("HANG here");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    const error = await sim.session.compact({ timeoutMs: 400 }).then(() => undefined, (e: unknown) => e);
    expect(isElwoodError(error, "compact_failed")).toBe(true);
    await sim.session.interrupt();
    await pause(800);
    const records = sim.log();
    expect(inputTrace(records)).toEqual(["paste:HANG here", "key:enter", "key:escape"]);
    expect(submits(records)).toEqual(["HANG here"]);
  });
});
