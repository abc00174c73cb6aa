// E2E (real Claude and Codex, offline): `autoupdate: true` runs the real `claude update` / `codex update`, which cannot reach its servers in the netns; the session still starts and warns once.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WarningEvent } from "../../../src/index.js";
import { clearClaudeVersionCache } from "../../../adapters/claude/version-probe.js";
import { clearCodexProbeCache } from "../../../adapters/codex/version-probe.js";
import { forgetUpdateAttempts } from "../../../adapters/update-coordinator.js";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS];

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

// A private lease root: other e2e workers on this machine must not make this file wait (update_active).
let leaseRoot: string;
const savedLeaseDir = process.env["ELWOOD_UPDATE_LEASE_DIR"];
beforeAll(() => {
  leaseRoot = mkdtempSync(path.join(tmpdir(), "elwood-e2e-leases-"));
  process.env["ELWOOD_UPDATE_LEASE_DIR"] = leaseRoot;
});
afterAll(() => {
  if (savedLeaseDir === undefined) delete process.env["ELWOOD_UPDATE_LEASE_DIR"];
  else process.env["ELWOOD_UPDATE_LEASE_DIR"] = savedLeaseDir;
  rmSync(leaseRoot, { recursive: true, force: true });
});
// Each pinned version stands for a fresh parent process: the once-per-process update state and version caches start empty.
beforeEach(() => {
  forgetUpdateAttempts();
  clearClaudeVersionCache();
  clearCodexProbeCache();
});

describe.each(AGENTS)("$label: autoupdate offline", (agent) => {
  it(`${agent.label}: autoupdate runs the CLI's own update, which fails offline; the session reaches ready with exactly one agent_update_failed naming the pinned version, and the pinned binary is unchanged (C-CLAUDE-07, C-CODEX-08, C-CODEX-10, C-LIFE-11 (a), C-PERF-03)`, async (ctx) => {
    const before = sha256(agent.executable);
    const fx = await openSession(ctx, agent, { autoupdate: true });
    // The start warning is delivered after the start resolved, so a listener added now still receives it.
    const warnings: WarningEvent[] = [];
    fx.session.on("warning", (w) => warnings.push(w));
    await fx.session.waitForStatus((s) => s === "ready", 60_000);

    const updateWarnings = warnings.filter((w) => w.code === "agent_update_failed");
    console.log(`${agent.label} update warning: ${JSON.stringify(updateWarnings)}`);
    expect(updateWarnings).toHaveLength(1);
    expect(updateWarnings[0]?.details?.["installedVersion"]).toBe(agent.version);
    expect(updateWarnings[0]?.details?.["errorCode"]).not.toBe("update_active");
    // Every warning is an activity too, exactly once.
    expect(fx.activities.filter((a) => a.kind === "warning" && a.label === "agent_update_failed")).toHaveLength(1);
    expect(sha256(agent.executable)).toBe(before);
  });
});
