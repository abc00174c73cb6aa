// E2E (real Codex 0.144.6 / 0.171.0): compact() types /compact through the readiness queue and resolves on PostCompact.
import { describe, expect, it } from "vitest";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CODEX_AGENTS)("$label: compact", (agent) => {
  it(`${agent.label}: compact() resolves on the PostCompact hook and the session stays usable (C-API-22, C-CODEX-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    // A conversation to compact.
    await session.sendMessage("something to remember before compacting");
    await fx.waitForHook("Stop");
    await session.waitForStatus((s) => s === "ready", 20_000);

    await session.compact({ timeoutMs: 60_000 });
    expect(fx.hooksNamed("PreCompact").length).toBeGreaterThanOrEqual(1);
    expect(fx.hooksNamed("PostCompact").length).toBeGreaterThanOrEqual(1);

    // compact() did not consume the ready transition: the next message still goes out as its own turn.
    await session.sendMessage("after compaction");
    await fx.waitForHook("UserPromptSubmit", (h) => String(h.payload["prompt"]).includes("after compaction"), 30_000);
    await fx.waitForHook("Stop", () => fx.hooksNamed("Stop").length >= 2, 30_000);
    expect(fx.mainRequests().map((r) => r.userText)).toContain("after compaction");
  });
});
