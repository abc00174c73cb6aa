// E2E scenario 7: the real workspace-trust dialog is answered under autotrust (numbered and cursor layouts) and blocks without it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(E2E_AGENTS)("$label: workspace trust", (agent) => {
  it(`${agent.label}: untrusted project + autotrust → the ${agent.trustLayout} trust dialog is answered, startup_prompt workspace_trust, ready and never blocked (C-CLAUDE-10, C-CLAUDE-16, C-E2E-09, C-API-18)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { projectTrusted: false, autotrust: true });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);

    const prompt = fx.activities.find((a) => a.kind === "startup_prompt");
    expect(prompt?.label).toBe("workspace_trust");
    expect(fx.statuses.map((s) => s.to)).not.toContain("blocked");
    expect(fx.screen()).not.toContain("Yes, I trust this folder");
    if (agent.kind === "claude") {
      // The CLI itself recorded the acceptance (so the answer was "trust", not "exit").
      const config = JSON.parse(await readFile(path.join(fx.home.env["CLAUDE_CONFIG_DIR"]!, ".claude.json"), "utf8")) as {
        projects?: Record<string, { hasTrustDialogAccepted?: boolean }>;
      };
      expect(config.projects?.[fx.home.project]?.hasTrustDialogAccepted).toBe(true);
    }
    // The session is usable afterwards.
    await session.sendMessage("hello after trust");
    await fx.waitForHook(agent.stopHook);
  });

  it(`${agent.label}: untrusted project with the default autotrust (off) → blocked on the trust dialog, nothing answered (C-CLAUDE-10, C-ATTN-03, C-API-18)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { projectTrusted: false });
    const { session } = fx;
    await session.waitForStatus((s) => s === "blocked", 30_000);
    await fx.waitForScreen("trust dialog", (t) => t.includes("Yes, I trust this folder"), 5_000);
    expect(fx.activities.some((a) => a.kind === "startup_prompt")).toBe(false);
    expect(fx.activities.some((a) => a.kind === "attention")).toBe(true);
    expect(fx.statuses.map((s) => s.to)).not.toContain("ready");
  });
});
