// startCodex against the simulated Codex printing 0.144.6's MCP startup rows in its welcome region: one warning per
// server and code, as live warnings and `warning` activity, never again on the repaints of later turns.
import { afterEach, describe, expect, it } from "vitest";
import type { WarningEvent } from "../../src/contracts/public-types.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";

let sim: CodexSim | undefined;
afterEach(async () => {
  await sim?.cleanup();
  sim = undefined;
});

describe("Codex MCP startup warnings through the session (spec B §4.3, spec C §4.2 MCP rows)", () => {
  it("B-4.3-mcp: rows printed after readiness warn mcp_server_not_logged_in and mcp_startup_incomplete once, with names and login commands", async () => {
    sim = await startCodexSim({ script: { mcpWarnings: { notLoggedIn: ["locked"], failed: ["broken", "locked"], delayMs: 400 } } });
    const { session } = sim;
    const warnings: WarningEvent[] = [];
    session.on("warning", (w) => warnings.push(w));
    await session.waitForStatus((s) => s === "ready", 20_000);
    await until("two MCP warnings", () => warnings.length >= 2, 20_000);
    // Two turns repaint the welcome rows many times: no second warning.
    await session.sendMessage("first");
    await until("first Stop", () => sim!.hooks.filter((h) => h.name === "Stop").length === 1);
    await session.sendMessage("second");
    await until("second Stop", () => sim!.hooks.filter((h) => h.name === "Stop").length === 2);
    await session.waitForStatus((s) => s === "ready", 20_000);
    expect(warnings).toEqual([
      {
        elwoodSessionId: session.elwoodSessionId,
        agent: "codex",
        source: "terminal",
        code: "mcp_server_not_logged_in",
        severity: "warning",
        message: "the locked MCP server is not logged in; run `codex mcp login locked`",
        raw: "mcp_server_not_logged_in mcpServerName=locked",
        details: { mcpServerName: "locked", recoveryCommand: "codex mcp login locked" },
      },
      {
        elwoodSessionId: session.elwoodSessionId,
        agent: "codex",
        source: "terminal",
        code: "mcp_startup_incomplete",
        severity: "warning",
        message: "MCP startup incomplete (failed: broken, locked)",
        raw: "mcp_startup_incomplete",
        details: { failedServers: ["broken", "locked"], recoveryCommands: ["codex mcp login broken", "codex mcp login locked"] },
      },
    ]);
    expect(sim.activities.filter((a) => a.kind === "warning").map((a) => a.label)).toEqual(["mcp_server_not_logged_in", "mcp_startup_incomplete"]);
  });

  it("B-4.3-mcp: without MCP rows no MCP warning arrives", async () => {
    sim = await startCodexSim();
    const warnings: WarningEvent[] = [];
    sim.session.on("warning", (w) => warnings.push(w));
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    await sim.session.sendMessage("hello");
    await until("Stop", () => sim!.hooks.some((h) => h.name === "Stop"));
    expect(warnings.filter((w) => w.code.startsWith("mcp_"))).toEqual([]);
  });
});
