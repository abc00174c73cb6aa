// E2E scenario 3: messages sent while a slow turn runs wait for readiness and go out one per ready transition, in order.
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

const QUEUED = ["queued message one", "queued message two", "queued message three"];

describe.each(E2E_AGENTS)("$label: queued messages", (agent) => {
  it(`${agent.label}: three sendMessage calls during a slow turn become three later turns in order, one per ready transition (C-API-19, C-API-07, C-API-13, C-TURN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);

    server.enqueue({ kind: "slow", text: "A deliberately slow reply that keeps the turn busy.", totalMs: 3_000 });
    await session.sendMessage("start the slow turn");
    await server.waitForRequest((r) => r.kind === "main" && r.userText.includes("start the slow turn"), 30_000);
    expect(session.status).toBe("running");

    const sent = QUEUED.map((m) => session.sendMessage(m));
    // Initial ready + slow turn + three queued turns.
    await fx.untilTransitions("ready", 5, 60_000);
    await Promise.all(sent);

    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["start the slow turn", ...QUEUED]);
    const prompts = fx.hooksNamed(agent.promptHook);
    expect(prompts.map((h) => h.payload["prompt"])).toEqual(["start the slow turn", ...QUEUED]);
    // Each queued prompt was submitted after its own ready transition and before the next one.
    const readyAt = fx.statuses.filter((s) => s.to === "ready").map((s) => s.at);
    QUEUED.forEach((_, i) => {
      const at = prompts[i + 1]!.at;
      expect(at).toBeGreaterThanOrEqual(readyAt[i + 1]!);
      expect(at).toBeLessThanOrEqual(readyAt[i + 2]!);
    });
    expect(fx.hooksNamed(agent.stopHook)).toHaveLength(4);
    expect(session.status).toBe("ready");
  });
});
