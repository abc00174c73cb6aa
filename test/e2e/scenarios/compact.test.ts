// E2E scenario 6: compact() types /compact behind readiness and resolves on the PostCompact hook.
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(E2E_AGENTS)("$label: compact", (agent) => {
  it(`${agent.label}: compact() after two turns resolves on PostCompact and the session is ready again (C-API-22, C-E2E-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    // Something to compact: two finished turns (2.1.215 answers "Not enough messages to compact." after only one).
    for (const [i, text] of ["a turn worth compacting", "another turn worth compacting"].entries()) {
      await session.sendMessage(text);
      await fx.untilTransitions("ready", i + 2);
    }

    await session.compact({ timeoutMs: 30_000 });
    expect(fx.hooksNamed("PostCompact")).toHaveLength(1);
    expect(server.requests.some((r) => r.kind === "compaction")).toBe(true);
    // /compact is a command, not a user turn.
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["a turn worth compacting", "another turn worth compacting"]);
    await session.waitForStatus((s) => s === "ready", 30_000);
  });
});
