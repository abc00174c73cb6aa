// E2E (real Codex 0.144.6 / 0.171.0): interrupt → ready; approval → blocked → sendKeys → ready; trust with autotrust; clean teardown.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { allowOnce } from "../support/allow-once.js";
import { openSession } from "../support/session-fixture.js";

/** Command lines of every live process that mentions `needle` (the per-test sandbox path). */
function processesMentioning(needle: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.includes(needle) && !line.includes("ps -eo"));
}

describe.each(CODEX_AGENTS)("$label: control", (agent) => {
  it(`${agent.label}: interrupt during a running turn writes Escape and the session returns to ready (C-API-38, C-TURN-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    await session.sendMessage("HANG please");
    await fx.waitForHook("UserPromptSubmit");
    await session.waitForStatus((s) => s === "running", 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(session.status).toBe("running");
    await session.interrupt({ timeoutMs: 20_000 });
    expect(session.status).toBe("ready");
    expect(fx.hooksNamed("Stop")).toHaveLength(0);
    // 0.171 closes the streaming request on Escape (0.144.6 keeps it open until exit).
    if (agent.version !== "0.144.6") await fx.waitForScreen("request aborted", () => fx.mainRequests().some((r) => r.aborted), 10_000);
  });

  it(`${agent.label}: an approval dialog blocks; "y" via sendKeys runs the tool; back to ready (C-ATTN-01, C-ATTN-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const marker = path.join(fx.home.project, "made-by-tool.txt");
    await session.sendMessage(`RUNBASH:touch ${marker}`);
    await fx.nextStatus("blocked", 30_000);
    const attention = await fx.waitForActivity("attention", (a) => a.kind === "attention", 5_000);
    expect(attention.label).toContain("codex-approval-dialog");
    expect(existsSync(marker)).toBe(false);
    const readyBefore = fx.transitionsTo("ready");
    await allowOnce(fx, readyBefore);
    expect(existsSync(marker)).toBe(true);
    expect(fx.hooksNamed("PreToolUse")[0]?.payload["tool_name"]).toBe("Bash");
    expect(fx.hooksNamed("PostToolUse")).toHaveLength(1);
  });

  it(`${agent.label}: with autotrust the folder-trust prompt is answered by label and the session becomes ready (C-CODEX-11, C-CODEX-15)`, async (ctx) => {
    const fx = await openSession(ctx, agent, { projectTrusted: false, autotrust: true });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const prompt = fx.activities.find((a) => a.kind === "startup_prompt");
    expect(prompt?.label).toBe("workspace_trust");
    expect(fx.statuses.map((s) => s.to)).not.toContain("blocked");
    await session.sendMessage("hello after trust");
    await fx.waitForHook("Stop", undefined, 30_000);
  });

  it(`${agent.label}: teardown leaves no process behind and config.toml/hooks.json byte-identical (C-CODEX-01, C-CODEX-02, C-LIFE-10)`, async () => {
    assertLoopbackOnly();
    const server = await startModelServer();
    const home = await agent.createHome(server, {});
    try {
      const before = await home.userFiles();
      expect([...before.keys()].some((f) => f.endsWith("config.toml"))).toBe(true);
      const session = await agent.start(home, {});
      await session.waitForStatus((s) => s === "ready", 30_000);
      await session.sendMessage("one turn before teardown");
      await session.waitForActivity((a) => a.hookEventName === "Stop", 30_000);
      await session.waitForStatus((s) => s === "ready", 30_000);
      expect(processesMentioning(home.project).length).toBeGreaterThan(0);
      await session.teardown();
      expect(session.status).toBe("torn_down");
      expect(processesMentioning(home.project)).toEqual([]);
      expect(existsSync(path.join(home.project, ".elwood", "sessions", session.elwoodSessionId))).toBe(false);
      expect(await home.userFiles()).toEqual(before);
    } finally {
      await server.close();
      await home.cleanup();
    }
  });
});
