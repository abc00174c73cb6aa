// E2E (real Codex 0.144.6 / 0.171.0): start → ready → sendMessage accepted → ready; multi-line; queued messages in order.
import { describe, expect, it } from "vitest";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CODEX_AGENTS)("$label: turns", (agent) => {
  it(`${agent.label}: start → ready; sendMessage accepted (UserPromptSubmit) and answered (Stop); back to ready (C-CODEX-02, C-API-13, C-API-28, C-TURN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    // SessionStart is lazy on Codex: nothing has fired before the first prompt.
    expect(fx.hooks).toEqual([]);

    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("hello from elwood codex e2e");
    await fx.waitForHook("UserPromptSubmit", (h) => String(h.payload["prompt"]).includes("hello from elwood codex e2e"));
    const stop = await fx.waitForHook("Stop");
    await fx.untilTransitions("ready", readyBefore + 1);

    expect(fx.hooksNamed("SessionStart")[0]?.payload["source"]).toBe("startup");
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["hello from elwood codex e2e"]);
    expect(String(stop.payload["last_assistant_message"])).toContain(`${FAKE_REPLY_PREFIX}hello from elwood codex e2e`);
    expect(fx.statuses.map((s) => s.to)).toContain("running");
    expect(session.status).toBe("ready");
  });

  it(`${agent.label}: a multi-line message is one prompt with its newlines (C-API-06, C-CODEX-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const text = "first line\nsecond line\nthird line";
    await session.sendMessage(text);
    const prompt = await fx.waitForHook("UserPromptSubmit");
    await fx.waitForHook("Stop");
    expect(prompt.payload["prompt"]).toBe(text);
    expect(fx.mainRequests().map((r) => r.userText)).toEqual([text]);
    await session.waitForStatus((s) => s === "ready", 20_000);
  });

  it(`${agent.label}: messages queued before readiness go out one per ready transition, in order (C-API-19, C-API-13)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    const sent = [session.sendMessage("queued one"), session.sendMessage("queued two"), session.sendMessage("queued three")];
    await Promise.all(sent);
    await fx.untilTransitions("ready", 4, 60_000);
    await fx.waitForHook("Stop", () => fx.hooksNamed("Stop").length === 3, 30_000);
    expect(fx.hooksNamed("UserPromptSubmit").map((h) => h.payload["prompt"])).toEqual(["queued one", "queued two", "queued three"]);
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["queued one", "queued two", "queued three"]);
  });
});
