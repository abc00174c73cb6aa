// E2E (real Codex 0.144.6 / 0.171.0): a hostile paste arrives as text in one turn; interrupt at 50 columns.
import { describe, expect, it } from "vitest";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CODEX_AGENTS)("$label: input edges", (agent) => {
  it(`${agent.label}: a prompt containing ESC[201~ and an Enter byte arrives as sanitized text in one turn (C-API-40, C-API-06)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    await session.sendMessage("breakout-a\x1b[201~\rbreakout-b");
    const prompt = await fx.waitForHook("UserPromptSubmit");
    await fx.waitForHook("Stop");
    await session.waitForStatus((s) => s === "ready", 20_000);
    // The sentinel is gone, the CR stayed paste content (a newline), and nothing became a live keystroke.
    expect(String(prompt.payload["prompt"])).toMatch(/^breakout-a[\r\n]+breakout-b$/);
    expect(fx.hooksNamed("UserPromptSubmit")).toHaveLength(1);
    expect(fx.mainRequests()).toHaveLength(1);
  });

  it(`${agent.label}: interrupt() at 50 columns returns to ready with no Stop hook (C-API-38, C-TURN-02, C-TURN-04)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { initialSize: { cols: 50, rows: 30 } });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    expect(session.terminal.size).toEqual({ cols: 50, rows: 30 });
    await session.sendMessage("HANG please");
    await fx.waitForHook("UserPromptSubmit");
    await session.waitForStatus((s) => s === "running", 10_000);
    await session.interrupt({ timeoutMs: 20_000 });
    expect(session.status).toBe("ready");
    expect(fx.hooksNamed("Stop")).toHaveLength(0);
  });
});
