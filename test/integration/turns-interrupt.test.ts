// interrupt() through a real PTY into the simulated Claude: one Escape only for a real turn, ready from the rendered TUI
// alone (no Stop hook) at wide, medium and narrow widths (C-API-38, C-TURN-01, C-TURN-02, C-TURN-04).

import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { simRecords } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { hookCalls, inputTrace, pause, recordSession, waitForLog } from "../support/sim-probe.js";

const live: SimSession[] = [];
afterEach(async () => {
  for (const sim of live.splice(0)) await sim.cleanup();
});
function start(opts: Parameters<typeof startSimSession>[0]): SimSession {
  const sim = startSimSession(opts);
  live.push(sim);
  return sim;
}

const BANNER = "Interrupted · What should Claude do instead?";

describe("interrupt() (sim through a real PTY)", () => {
  for (const cols of [189, 80, 50]) {
    it(`C-API-38/C-TURN-02/C-TURN-04: an Escape during a slow turn reaches ready with no Stop hook at ${cols} columns`, async () => {
      // Below 100 columns the session bootstraps at 100 and restores the requested width at initial readiness.
      const size = { cols, rows: 40 };
      const sim = start({ size, spawnSize: cols < 100 ? { cols: 100, rows: 40 } : size, script: { slowMs: 30_000 } });
      const rec = recordSession(sim.session);
      const frameRules = new Set<string>();
      const sub = sim.session.frames$.subscribe((f) => f.facts.ruleIds.forEach((id) => frameRules.add(id)));
      await sim.session.waitForStatus((s) => s === "ready", 10_000);
      expect(sim.session.terminal.size.cols).toBe(cols);
      await sim.session.sendMessage("SLOW please");
      await sim.session.waitForStatus((s) => s === "running", 5000);
      await waitForLog(sim.log, (r) => simRecords(r, "submit").length === 1, "the submit");
      const readyBefore = rec.readyCount();

      await sim.session.interrupt({ timeoutMs: 10_000 });
      expect(sim.session.status).toBe("ready");
      expect(rec.readyCount()).toBe(readyBefore + 1);
      const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the interrupted turn");
      expect(simRecords(records, "turn").map((t) => t.outcome)).toEqual(["interrupted"]);
      expect(inputTrace(records)).toEqual(["paste:SLOW please", "key:enter", "key:escape"]);
      expect(hookCalls(records, "Stop")).toBe(0);
      // The agent rendered its interrupt banner at this width, and the turn end came from the rendered screen.
      expect(sim.session.terminal.snapshot().text.replace(/\s+/g, " ")).toContain(BANNER);
      const ended = rec.activities.filter((a) => a.kind === "turn_ended");
      expect(ended.map((a) => a.label)).toEqual(["banner"]);
      sub.unsubscribe();
      // Where the footer fits its working token is seen; at 50 columns it is elided and only spinner/title remain.
      expect(frameRules.has("claude-working-footer")).toBe(cols >= 80);
      expect(frameRules.has("claude-interrupt-banner")).toBe(true);
    });
  }

  it("C-API-38: an idle interrupt writes nothing and resolves", async () => {
    const sim = start({ script: { turnMs: 60 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.interrupt();
    expect(sim.session.status).toBe("ready");
    await pause(300); // anything written would have been decoded by now
    expect(inputTrace(sim.log())).toEqual([]);
  });

  it("C-API-38: concurrent interrupt calls send one Escape and all resolve at the next ready", async () => {
    const sim = start({ script: { slowMs: 30_000 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("SLOW please");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    await Promise.all([sim.session.interrupt(), sim.session.interrupt(), sim.session.interrupt()]);
    expect(sim.session.status).toBe("ready");
    await pause(300);
    const records = sim.log();
    expect(inputTrace(records)).toEqual(["paste:SLOW please", "key:enter", "key:escape"]);
    expect(simRecords(records, "turn").map((t) => t.outcome)).toEqual(["interrupted"]);
  });

  it("C-API-38: an interrupt before first readiness writes nothing and resolves", async () => {
    const sim = start({ script: { startupMs: 600 } });
    const early = sim.session.interrupt();
    expect(sim.session.status).not.toBe("ready");
    await early;
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await pause(300);
    expect(inputTrace(sim.log())).toEqual([]);
  });

  it("C-API-38/C-ATTN-02: an interrupt while blocked on a permission dialog sends one Escape that dismisses it, then resolves at ready", async () => {
    const sim = start({ script: { turnMs: 100 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("RUNBASH: rm -rf build");
    await sim.session.waitForStatus((s) => s === "blocked", 10_000);
    await sim.session.interrupt();
    expect(sim.session.status).toBe("ready");
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the rejected turn");
    expect(simRecords(records, "turn").map((t) => t.outcome)).toEqual(["rejected"]);
    expect(inputTrace(records)).toEqual(["paste:RUNBASH: rm -rf build", "key:enter", "key:escape"]);
    expect(hookCalls(records, "Stop")).toBe(0);
  });

  it("C-API-38/C-TURN-01/C-TURN-02: Codex-flavoured sim: an Escape mid-turn reaches ready from the rendered TUI alone", async () => {
    const sim = start({ flavour: "codex", adapter: codexAdapter, script: { slowMs: 30_000 } });
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("SLOW please");
    await waitForLog(sim.log, (r) => simRecords(r, "submit").length === 1, "the submit");
    await sim.session.waitForStatus((s) => s === "running", 5000);
    await sim.session.interrupt();
    expect(sim.session.status).toBe("ready");
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 1, "the interrupted turn");
    expect(simRecords(records, "turn").map((t) => t.outcome)).toEqual(["interrupted"]);
    expect(inputTrace(records)).toEqual(["paste:SLOW please", "key:enter", "key:escape"]);
    expect(hookCalls(records, "Stop")).toBe(0);
    expect(rec.activities.filter((a) => a.kind === "turn_ended")).toHaveLength(1);
  });
});
