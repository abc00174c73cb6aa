// Turn watching through a real PTY: startup spinners cannot fabricate turns, and the Stop hook plus the rendered end of
// the same turn yield exactly one ready (C-TURN-01, C-TURN-03, C-TURN-05).

import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { simRecords } from "../sim/sim-control.js";
import { startPainterSession, type PainterSession } from "../support/painter-session.js";
import { hookCalls, pause, recordSession, startSimClaude, waitForLog, type SimClaude } from "../support/sim-probe.js";

const painters: PainterSession[] = [];
const sims: SimClaude[] = [];
afterEach(async () => {
  for (const p of painters.splice(0)) await p.cleanup();
  for (const s of sims.splice(0)) await s.cleanup();
});

const turnEdges = (rec: ReturnType<typeof recordSession>) =>
  rec.activities.filter((a) => a.kind === "turn_started" || a.kind === "turn_ended").map((a) => `${a.kind}:${a.label}`);

describe("turn watching (real PTY)", () => {
  for (const shape of ["claude", "codex"] as const) {
    it(`C-TURN-01/C-TURN-03: ${shape} startup spinners before initial readiness fabricate no turn; a real turn afterwards gives one ready`, async () => {
      const adapter = shape === "claude" ? claudeAdapter : codexAdapter;
      const painter = startPainterSession({ shape, adapter, startupSpinMs: 1200 });
      painters.push(painter);
      const rec = recordSession(painter.session);
      await painter.session.waitForStatus((s) => s === "ready", 20_000);
      await pause(400); // anything a late startup frame could trigger happens now
      expect(turnEdges(rec)).toEqual([]);
      expect(rec.statuses.map((s) => s.status)).toEqual(["running", "ready"]);
      // The startup really animated: working frames were seen while not ready.
      const sawWork = painter.session.statusDecisions().some((d) => d.evidence.kind === "frame" && d.evidence.ruleIds?.some((id) => /working/.test(id)));
      expect(sawWork).toBe(true);

      await painter.session.sendKeys("w");
      await painter.session.waitForStatus((s) => s === "running", 5000);
      await painter.session.sendKeys("w");
      await painter.session.sendKeys("i");
      await painter.session.waitForStatus((s) => s === "ready", 5000);
      await pause(300);
      expect(rec.statuses.map((s) => s.status)).toEqual(["running", "ready", "running", "ready"]);
      expect(turnEdges(rec)).toEqual(["turn_started:footer", "turn_ended:footer"]);
    });
  }

  it("C-TURN-01: the Stop hook and the rendered end of each turn give exactly one ready per turn (sim + hook bridge)", async () => {
    const sim = await startSimClaude({ script: { turnMs: 300 } });
    sims.push(sim);
    const rec = recordSession(sim.session);
    await sim.session.waitForStatus((s) => s === "ready", 15_000);
    for (const text of ["one", "two", "three"]) {
      await sim.session.sendMessage(text);
      await waitForLog(sim.log, (r) => simRecords(r, "submit").some((x) => x.text === text), `submit ${text}`);
    }
    const records = await waitForLog(sim.log, (r) => simRecords(r, "turn").length === 3, "three turns", 20_000);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await pause(600); // the rendered end of the last turn arrives after its Stop hook
    expect(hookCalls(records, "Stop")).toBe(3);
    expect(rec.readyCount()).toBe(4);
    const ended = rec.activities.filter((a) => a.kind === "turn_ended");
    expect(ended).toHaveLength(3);
    expect(ended.every((a) => a.label === "hook")).toBe(true);
  });
});
