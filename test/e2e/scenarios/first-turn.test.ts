// E2E scenario 1: a real CLI starts to ready, accepts the first message and returns to ready with the reply in the stop hook.
import { describe, expect, it } from "vitest";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(E2E_AGENTS)("$label: first turn", (agent) => {
  it(`${agent.label}: start → ready; first sendMessage accepted and answered, back to ready (C-E2E-02, C-API-01, C-API-13, C-API-19, C-API-28, C-TURN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    expect(session.elwoodSessionId).not.toBe("");
    await session.waitForStatus((s) => s === "ready", 30_000);

    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("hello from elwood e2e");
    await fx.waitForHook(agent.promptHook, (h) => String(h.payload["prompt"] ?? "").includes("hello from elwood e2e"));
    const stop = await fx.waitForHook(agent.stopHook);
    await fx.untilTransitions("ready", readyBefore + 1);

    const turns = fx.mainRequests();
    expect(turns.map((r) => r.userText)).toEqual(["hello from elwood e2e"]);
    expect(String(stop.payload[agent.stopReplyField])).toContain(`${FAKE_REPLY_PREFIX}hello from elwood e2e`);
    expect(fx.statuses.map((s) => s.to)).toContain("running");
    expect(session.status).toBe("ready");
  });
});
