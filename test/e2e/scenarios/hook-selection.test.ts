// E2E (real Claude and Codex, offline): with hookEvents "essential" no tool hook runs, yet a tool turn still blocks on its permission, resumes and ends.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { allowOnce } from "../support/allow-once.js";
import { openSession } from "../support/session-fixture.js";

describe.each([...CLAUDE_AGENTS, ...CODEX_AGENTS])("$label: essential hooks", (agent) => {
  it(`${agent.label}: hookEvents "essential" — the permission still blocks, "Yes" resumes, the turn ends in ready with its tool call in activity; no PreToolUse/PostToolUse hook ran (issue 16 item 1, C-ATTN-01, C-TURN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { hookEvents: "essential" });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);

    const marker = path.join(fx.home.project, "made-by-tool.txt");
    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage(`RUNBASH:touch ${marker}`);
    await fx.nextStatus("blocked", 30_000);
    await allowOnce(fx, readyBefore);
    await fx.waitForHook(agent.stopHook);

    expect(existsSync(marker)).toBe(true);
    await fx.waitForActivity("tool call from the transcript", (a) => a.kind === "tool_call", 10_000);
    expect(fx.hooksNamed("PreToolUse")).toEqual([]);
    expect(fx.hooksNamed("PostToolUse")).toEqual([]);
    expect(fx.hooksNamed(agent.promptHook)).toHaveLength(1);
    expect(session.status).toBe("ready");
  });
});
