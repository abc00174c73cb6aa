// E2E (real Codex 0.144.6 / 0.171.0): messages sent during a slow turn go one per ready; an untrusted folder blocks by default.
import { describe, expect, it } from "vitest";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CODEX_AGENTS)("$label: queue and trust", (agent) => {
  it(`${agent.label}: three sendMessage calls during a slow turn become three later turns, in order (C-API-19, C-API-13, C-TURN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    await session.sendMessage("SLOW turn first");
    await fx.waitForHook("UserPromptSubmit");
    await session.waitForStatus((s) => s === "running", 10_000);
    const queued = [session.sendMessage("after one"), session.sendMessage("after two"), session.sendMessage("after three")];
    // Nothing queued is written while the slow turn runs.
    expect(fx.hooksNamed("UserPromptSubmit")).toHaveLength(1);
    await Promise.all(queued);
    await fx.waitForHook("Stop", () => fx.hooksNamed("Stop").length === 4, 90_000);
    expect(fx.hooksNamed("UserPromptSubmit").map((h) => h.payload["prompt"])).toEqual(["SLOW turn first", "after one", "after two", "after three"]);
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["SLOW turn first", "after one", "after two", "after three"]);
  }, 150_000);

  it(`${agent.label}: with the default autotrust an untrusted folder reports blocked and nothing is answered (C-CODEX-11, C-ATTN-03)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { projectTrusted: false });
    const { session } = fx;
    await session.waitForStatus((s) => s === "blocked", 30_000);
    const attention = await fx.waitForActivity("attention", (a) => a.kind === "attention", 5_000);
    expect(attention.label.length).toBeGreaterThan(0);
    expect(fx.activities.filter((a) => a.kind === "startup_prompt")).toEqual([]);
    expect(fx.mainRequests()).toEqual([]);
  });
});
