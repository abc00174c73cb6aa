// Readiness queue through a real PTY into the simulated Claude: what the agent RECEIVED proves FIFO, one message per ready,
// the dialog guard and overtaking (C-API-07, C-API-13, C-API-19, C-API-37, C-API-56, C-ATTN-01, C-ATTN-02).

import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { simRecords, type SimLogRecord } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { inputTrace, recordSession, waitForLog } from "../support/sim-probe.js";

const live: SimSession[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});
function start(opts: Parameters<typeof startSimSession>[0] = {}): SimSession {
  const sim = startSimSession(opts);
  live.push(sim);
  return sim;
}

const turns = (records: readonly SimLogRecord[]) => simRecords(records, "turn");
const submits = (records: readonly SimLogRecord[]) => simRecords(records, "submit").map((r) => r.text);

describe("sendMessage readiness queue (sim through a real PTY)", () => {
  it("C-API-13/C-API-19: a message sent before readiness is queued and submitted at the first ready", async () => {
    const sim = start();
    const rec = recordSession(sim.session);
    expect(sim.session.status).toBe("starting");
    const sent = sim.session.sendMessage("early bird");
    await sent;
    const readyAt = rec.statuses.find((s) => s.status === "ready")?.t;
    expect(readyAt).toBeDefined();
    const records = await waitForLog(sim.log, (r) => turns(r).length === 1, "the first turn");
    const composer = simRecords(records, "composer")[0];
    const paste = simRecords(records, "paste")[0];
    expect(composer && paste).toBeTruthy();
    // Nothing reached the agent before its composer existed and before Elwood declared readiness.
    expect(paste!.t).toBeGreaterThanOrEqual(composer!.t);
    expect(paste!.t).toBeGreaterThanOrEqual(readyAt!);
    expect(inputTrace(records)).toEqual(["paste:early bird", "key:enter"]);
    expect(submits(records)).toEqual(["early bird"]);
  });

  it("C-API-19: three back-to-back messages during a slow turn become three later turns, in order, one per ready", async () => {
    const sim = start({ script: { slowMs: 1500, turnMs: 60 } });
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("SLOW first");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    const all = Promise.all(["second", "third", "fourth"].map((m) => sim.session.sendMessage(m)));
    await all;
    const records = await waitForLog(sim.log, (r) => turns(r).length === 4, "four turns", 30_000);
    expect(submits(records)).toEqual(["SLOW first", "second", "third", "fourth"]);
    // The agent never saw an Enter while busy (that would stage a second message into a running turn).
    expect(simRecords(records, "queued")).toEqual([]);
    expect(inputTrace(records)).toEqual([
      "paste:SLOW first", "key:enter", "paste:second", "key:enter", "paste:third", "key:enter", "paste:fourth", "key:enter",
    ]);
    // Each later paste arrived only after the previous turn ended: one paste per ready transition.
    const pastes = simRecords(records, "paste");
    const ends = turns(records);
    for (let i = 1; i < 4; i += 1) expect(pastes[i]!.t).toBeGreaterThanOrEqual(ends[i - 1]!.t);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(rec.readyCount()).toBe(5);
  });
});

describe("dialog guard (sim through a real PTY)", () => {
  it("C-API-56/C-ATTN-01/C-ATTN-02: queued message and guidance are never pasted into a permission dialog; each runs as its own turn after approval", async () => {
    const sim = start({ script: { turnMs: 100 } });
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("RUNBASH: touch x");
    await sim.session.waitForStatus((s) => s === "blocked", 10_000);
    const attention = rec.activities.find((a) => a.kind === "attention");
    expect(attention?.source).toBe("terminal");
    expect(attention?.label).toMatch(/claude-/);
    expect(attention?.text).toMatch(/human decision/);

    const queued = sim.session.sendMessage("after the dialog");
    // Guidance submitted while blocked is readiness-waiting for its whole life (C-API-37).
    const guidance = sim.session.sendGuidance("guidance while blocked");
    let settled = false;
    void Promise.race([queued, guidance]).then(() => (settled = true), () => (settled = true));
    // Hold the dialog up long enough for several guard checks and hold retries.
    await new Promise((r) => setTimeout(r, 1200));
    expect(settled).toBe(false);
    expect(sim.session.status).toBe("blocked");
    expect(inputTrace(sim.log())).toEqual(["paste:RUNBASH: touch x", "key:enter"]);

    // 2.1.332 layout: 1 Yes · 2 always allow · 3 auto mode · 4 No.
    await sim.session.sendKeys("1");
    await Promise.all([queued, guidance]);
    const records = await waitForLog(sim.log, (r) => turns(r).length === 3, "three turns", 20_000);
    expect(inputTrace(records)).toEqual([
      "paste:RUNBASH: touch x", "key:enter", "key:1", "paste:after the dialog", "key:enter", "paste:guidance while blocked", "key:enter",
    ]);
    expect(turns(records).map((t) => t.outcome)).toEqual(["stop", "stop", "stop"]);
    expect(submits(records)).toEqual(["RUNBASH: touch x", "after the dialog", "guidance while blocked"]);
    // Each queued paste arrived after the previous turn ended, never while the dialog (or the tool turn) was up.
    const pastes = simRecords(records, "paste");
    expect(pastes[1]!.t).toBeGreaterThanOrEqual(turns(records)[0]!.t);
    expect(pastes[2]!.t).toBeGreaterThanOrEqual(turns(records)[1]!.t);
  });
});

describe("overtaking (sim through a real PTY)", () => {
  it("C-API-07: sendPrompt overtakes a readiness-waiting message during a turn", async () => {
    // The slow turn outlasts the prompt's paste + settle + Enter by seconds, even on a loaded machine.
    const sim = start({ script: { slowMs: 3000, turnMs: 60 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("SLOW first");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    const order: string[] = [];
    const message = sim.session.sendMessage("waiting message").then(() => order.push("message"));
    const prompt = sim.session.sendPrompt("overtaking prompt").then(() => order.push("prompt"));
    await Promise.all([message, prompt]);
    expect(order).toEqual(["prompt", "message"]);
    const records = await waitForLog(sim.log, (r) => submits(r).length === 3, "three submits", 30_000);
    // The prompt reached the busy agent (queued by the agent itself); the message waited for a ready transition.
    expect(simRecords(records, "queued").map((r) => r.text)).toEqual(["overtaking prompt"]);
    expect(inputTrace(records)).toEqual([
      "paste:SLOW first", "key:enter", "paste:overtaking prompt", "key:enter", "paste:waiting message", "key:enter",
    ]);
  });

  it("C-API-07: an immediate prompt never interleaves with an in-flight submission's paste and Enter", async () => {
    const sim = start({ script: { turnMs: 60 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const a = sim.session.sendMessage("in flight");
    const b = sim.session.sendPrompt("right behind");
    await Promise.all([a, b]);
    const records = await waitForLog(sim.log, (r) => inputTrace(r).length >= 4, "both submissions");
    expect(inputTrace(records).slice(0, 4)).toEqual(["paste:in flight", "key:enter", "paste:right behind", "key:enter"]);
  });

  it("C-API-37: sendGuidance during a running turn is immediate and resolves after its Enter", async () => {
    const sim = start({ script: { slowMs: 4000, turnMs: 60 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("SLOW first");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    await sim.session.sendGuidance("steer left");
    // Resolved while the turn still runs, and its Enter was already delivered.
    expect(sim.session.status).toBe("running");
    const records = await waitForLog(sim.log, (r) => inputTrace(r).length >= 4, "the guidance Enter", 5000);
    expect(inputTrace(records)).toEqual(["paste:SLOW first", "key:enter", "paste:steer left", "key:enter"]);
    expect(turns(records)).toEqual([]);
  });

  it("C-API-37: sendGuidance before first readiness waits like sendMessage", async () => {
    const sim = start();
    const rec = recordSession(sim.session);
    await sim.session.sendGuidance("early guidance");
    const readyAt = rec.statuses.find((s) => s.status === "ready")?.t;
    expect(readyAt).toBeDefined();
    const records = await waitForLog(sim.log, (r) => turns(r).length === 1, "the guidance turn");
    expect(simRecords(records, "paste")[0]!.t).toBeGreaterThanOrEqual(readyAt!);
    expect(inputTrace(records)).toEqual(["paste:early guidance", "key:enter"]);
  });
});

describe("the same queue rules on the Codex-flavoured sim (codexAdapter)", () => {
  it("C-API-19/C-API-56/C-ATTN-01: FIFO one-per-ready during a slow turn, and nothing pasted into the approval dialog", async () => {
    const sim = start({ flavour: "codex", adapter: codexAdapter, script: { turnMs: 100, slowMs: 1500 } });
    const rec = recordSession(sim.session);
    await sim.session.sendMessage("SLOW first");
    await sim.session.waitForStatus((s) => s === "running", 10_000);
    await Promise.all(["two", "three"].map((m) => sim.session.sendMessage(m)));
    await sim.session.sendMessage("RUNBASH: ls");
    await sim.session.waitForStatus((s) => s === "blocked", 10_000);
    expect(rec.activities.find((a) => a.kind === "attention")?.label).toMatch(/codex-/);
    const queued = sim.session.sendMessage("after the dialog");
    await new Promise((r) => setTimeout(r, 1000));
    const atDialog = ["paste:SLOW first", "key:enter", "paste:two", "key:enter", "paste:three", "key:enter", "paste:RUNBASH: ls", "key:enter"];
    expect(inputTrace(sim.log())).toEqual(atDialog);
    await sim.session.sendKeys("1"); // 1. Yes, proceed (y)
    await queued;
    const records = await waitForLog(sim.log, (r) => turns(r).length === 5, "five turns", 20_000);
    expect(inputTrace(records)).toEqual([...atDialog, "key:1", "paste:after the dialog", "key:enter"]);
    expect(submits(records)).toEqual(["SLOW first", "two", "three", "RUNBASH: ls", "after the dialog"]);
    expect(simRecords(records, "queued")).toEqual([]);
  });
});
