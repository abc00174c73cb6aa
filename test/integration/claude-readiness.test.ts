// Claude initial readiness on the simulated CLI: which evidence made the session ready (InstructionsLoaded hook,
// a settled native composer, or the bounded deadline), recorded in statusDecisions.

import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { StatusDecision } from "../../src/contracts/public-types.js";
import { simRecords } from "../sim/sim-control.js";
import { envelope, eventually, fireHook, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

async function start(opts: Parameters<typeof startClaudeSim>[0] = {}): Promise<ClaudeSim> {
  const sim = await startClaudeSim(opts);
  live.push(sim);
  return sim;
}

/** The one decision that made the session ready for the first time. */
function initialReadiness(sim: ClaudeSim): StatusDecision {
  const d = sim.session.statusDecisions().find((x) => x.to === "ready");
  if (!d) throw new Error("no readiness decision");
  return d;
}

describe("Claude initial readiness (C-API-28)", () => {
  it("C-API-28: InstructionsLoaded makes the session ready before any composer is drawn", async () => {
    // The sim never paints its composer in this test, so only the hook can be the evidence.
    const sim = await start({ script: { startupMs: 60_000, instructionsLoadedDelayMs: -1 } });
    await eventually(() => sim.argv().length > 0 && Object.keys(sim.agentEnv()).length > 0, 10_000, "launch");
    await sim.session.waitForStatus((s) => s === "running", 10_000);
    // The hook must carry the CLI's own session id (as a real one does): calls naming another session are dropped.
    await eventually(() => sim.session.claudeSessionId !== undefined, 10_000, "SessionStart");
    const run = await fireHook(sim, "InstructionsLoaded", envelope(sim, "InstructionsLoaded", { file_path: `${sim.dir}/CLAUDE.md`, memory_type: "Project", load_reason: "session_start" }));
    expect(run).toMatchObject({ code: 0, stdout: "" });
    await sim.session.waitForStatus((s) => s === "ready", 5_000);
    expect(initialReadiness(sim)).toMatchObject({ evidence: { kind: "hook.InstructionsLoaded" }, from: "running", to: "ready" });
    expect(simRecords(sim.log(), "composer")).toEqual([]);
  });

  it("C-API-28: without InstructionsLoaded a settled native composer with no dialog makes it ready", async () => {
    const sim = await start({ script: { instructionsLoadedDelayMs: -1 } });
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const d = initialReadiness(sim);
    expect(d.evidence.kind).toBe("timer");
    expect(d.reason).toMatch(/composer settled/);
    expect(sim.log().some((r) => r.kind === "hook" && r.event === "InstructionsLoaded")).toBe(false);
  });

  it(`C-API-28: a startup that never draws a composer is made ready by the bounded deadline (${claudeAdapter.readiness.deadlineMs} ms)`, async () => {
    const sim = await start({ script: { startupMs: 120_000, instructionsLoadedDelayMs: -1 } });
    await sim.session.waitForStatus((s) => s === "running", 10_000);
    await sim.session.waitForStatus((s) => s === "ready", claudeAdapter.readiness.deadlineMs + 15_000);
    const d = initialReadiness(sim);
    expect(d.evidence.kind).toBe("timer");
    expect(d.reason).toMatch(/deadline/);
    expect(simRecords(sim.log(), "composer")).toEqual([]);
  }, 60_000);

  it("C-API-28: readiness fires exactly once; later InstructionsLoaded hooks are not readiness evidence", async () => {
    const sim = await start();
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await eventually(() => sim.log().some((r) => r.kind === "hook" && r.event === "InstructionsLoaded"), 10_000, "InstructionsLoaded");
    await fireHook(sim, "InstructionsLoaded", envelope(sim, "InstructionsLoaded", { file_path: `${sim.dir}/CLAUDE.md` }));
    const readies = sim.session.statusDecisions().filter((d) => d.to === "ready");
    expect(readies).toHaveLength(1);
    expect(sim.session.status).toBe("ready");
  });

  it("C-API-28: a visible blocking dialog defers readiness; the trust prompt with autotrust off blocks instead", async () => {
    const sim = await start({ trust: "cursor" });
    await sim.session.waitForStatus((s) => s === "blocked", 10_000);
    expect(sim.session.statusDecisions().some((d) => d.to === "ready")).toBe(false);
  });
});
