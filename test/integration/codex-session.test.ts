// startCodex against the simulated Codex TUI: readiness, swallowed-paste replay, interrupt, approval, hook bridge, trust gates.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearCodexProbeCache } from "../../adapters/codex/version-probe.js";
import { isElwoodError, type ElwoodError } from "../../src/contracts/errors.js";
import { startCodex } from "../../src/start-codex.js";
import { readSimLog, simAgentPath, simRecords } from "../sim/sim-control.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";

let sim: CodexSim | undefined;
afterEach(async () => {
  // Elwood never sends Ctrl+C to Codex: on an idle composer it exits the CLI at once.
  if (sim) expect(sim.keys()).not.toContain("ctrl+c");
  await sim?.cleanup();
  sim = undefined;
});

describe("startCodex with the simulated Codex 0.171 TUI", () => {
  it("C-CODEX-02/C-API-28 initial readiness comes from OSC 7501 state=idle (SessionStart is lazy), hooks come through -c overrides", async () => {
    sim = await startCodexSim();
    const { session } = sim;
    expect(session.agent).toBe("codex");
    await session.waitForStatus((s) => s === "ready", 20_000);
    expect(session.statusDecisions().some((d) => d.to === "ready" && /OSC 7501/.test(d.reason))).toBe(true);
    // Nothing fired at boot: SessionStart waits for the first prompt.
    expect(sim.hooks).toEqual([]);
    await session.sendMessage("hello codex");
    await until("Stop hook", () => sim!.hooks.some((h) => h.name === "Stop"));
    expect(sim.hooks.map((h) => h.name)).toEqual(["SessionStart", "UserPromptSubmit", "Stop"]);
    expect(sim.hooks[0]?.payload["source"]).toBe("startup");
    expect(session.codexSessionId).toBe(sim.hooks[0]?.payload["session_id"]);
    await session.waitForStatus((s) => s === "ready", 20_000);
  });

  it("C-CODEX-PASTE-04 a swallowed first paste is replayed and submitted exactly once (positive acceptance)", async () => {
    sim = await startCodexSim({ script: { swallowFirstPaste: true, swallowWindowMs: 1500 } });
    const { session } = sim;
    const sent = session.sendMessage("first message after boot");
    await sent;
    await until("UserPromptSubmit", () => sim!.hooks.some((h) => h.name === "UserPromptSubmit"), 20_000);
    const log = sim.log();
    expect(simRecords(log, "paste-swallowed")).toHaveLength(1);
    expect(simRecords(log, "paste").map((p) => p.text)).toEqual(["first message after boot", "first message after boot"]);
    expect(simRecords(log, "submit").map((s) => s.text)).toEqual(["first message after boot"]);
    await session.waitForStatus((s) => s === "ready", 20_000);
  });

  it("C-CODEX-QUEUE-01 queued messages go out one per ready transition, in order", async () => {
    sim = await startCodexSim();
    const { session } = sim;
    await Promise.all([session.sendMessage("one"), session.sendMessage("two"), session.sendMessage("three")]);
    await until("three Stop hooks", () => sim!.hooks.filter((h) => h.name === "Stop").length === 3, 30_000);
    expect(simRecords(sim.log(), "submit").map((s) => s.text)).toEqual(["one", "two", "three"]);
    expect(sim.hooks.filter((h) => h.name === "UserPromptSubmit").map((h) => h.payload["prompt"])).toEqual(["one", "two", "three"]);
  });

  it("C-API-38/C-TURN-02 interrupt writes one Escape (never Ctrl+C) and resolves at the next ready; Interrupt hook fires", async () => {
    sim = await startCodexSim();
    const { session } = sim;
    await session.waitForStatus((s) => s === "ready", 20_000);
    await session.sendMessage("HANG until interrupted");
    await until("turn running", () => sim!.hooks.some((h) => h.name === "UserPromptSubmit"));
    expect(session.status).toBe("running");
    await session.interrupt({ timeoutMs: 10_000 });
    expect(session.status).toBe("ready");
    expect(sim.keys().filter((k) => k === "escape")).toHaveLength(1);
    await until("Interrupt hook", () => sim!.hooks.some((h) => h.name === "Interrupt"));
    expect(sim.hooks.some((h) => h.name === "Stop")).toBe(false);
    expect(simRecords(sim.log(), "turn").map((t) => t.outcome)).toEqual(["interrupted"]);
  });

  it("C-ATTN-01/C-ATTN-02 an approval dialog blocks; sendKeys answers it; the turn finishes back at ready", async () => {
    sim = await startCodexSim();
    const { session } = sim;
    await session.waitForStatus((s) => s === "ready", 20_000);
    await session.sendMessage("RUNBASH: touch made-by-tool");
    await session.waitForStatus((s) => s === "blocked", 20_000);
    const attention = sim.activities.find((a) => a.kind === "attention");
    expect(attention?.label).toContain("codex-approval-dialog");
    expect(sim.hooks.map((h) => h.name)).toContain("PermissionRequest");
    await session.sendKeys("y");
    await until("PostToolUse", () => sim!.hooks.some((h) => h.name === "PostToolUse"));
    await until("Stop", () => sim!.hooks.some((h) => h.name === "Stop"));
    await session.waitForStatus((s) => s === "ready", 20_000);
  });

  it("C-CODEX-06/C-HOOK typed handlers decide through the bridge: PreToolUse allow skips the dialog, Stop sees the reply", async () => {
    const seen: string[] = [];
    sim = await startCodexSim({
      hooks: {
        "PreToolUse.Bash": (p) => {
          seen.push(`${p.tool_name}:${p.tool_input.command}`);
          return { permissionDecision: "allow" };
        },
        Stop: (p) => {
          seen.push(`stop:${String(p.last_assistant_message)}`);
        },
      },
    });
    const { session } = sim;
    await session.sendMessage("RUNBASH: echo hi");
    await until("Stop", () => sim!.hooks.some((h) => h.name === "Stop"));
    expect(seen).toEqual(["Bash:echo hi", "stop:Tool finished."]);
    expect(sim.hooks.map((h) => h.name)).not.toContain("PermissionRequest");
    expect(session.statusDecisions().some((d) => d.to === "blocked")).toBe(false);
  });

  it("C-CODEX-11/C-CODEX-15 autotrust answers `Trust this folder?` by label and emits startup_prompt workspace_trust", async () => {
    sim = await startCodexSim({ trustPrompt: true, autotrust: true });
    const { session } = sim;
    await session.waitForStatus((s) => s === "ready", 15_000);
    expect(sim.activities.some((a) => a.kind === "startup_prompt" && a.label === "workspace_trust")).toBe(true);
    expect(sim.keys()).toContain("trust:yes");
    expect(session.statusDecisions().some((d) => d.to === "blocked")).toBe(false);
  });

  it("C-CODEX-15 without autotrust the folder-trust prompt blocks for a human", async () => {
    sim = await startCodexSim({ trustPrompt: true });
    const { session } = sim;
    await session.waitForStatus((s) => s === "blocked", 20_000);
    expect(sim.keys()).not.toContain("trust:yes");
  });

  it("C-CODEX-06 `Hooks need review` is answered with Trust all and continue even with autotrust off; hooks then run", async () => {
    sim = await startCodexSim({ hooksReview: true });
    const { session } = sim;
    await session.waitForStatus((s) => s === "ready", 15_000);
    expect(sim.keys()).toContain("hooks-review:trust");
    expect(sim.activities.some((a) => a.kind === "startup_prompt" && a.label === "hook_trust")).toBe(true);
    await session.sendMessage("after hook trust");
    await until("Stop", () => sim!.hooks.some((h) => h.name === "Stop"));
  });
});

describe("startCodex with the simulated Codex 0.144.6 TUI (no OSC 7501)", () => {
  it("C-API-28 readiness falls back to the bounded deadline; the bridge hooks still fire", async () => {
    sim = await startCodexSim({ version: "0.144.6" });
    const { session } = sim;
    await session.waitForStatus((s) => s === "ready", 20_000);
    expect(session.statusDecisions().some((d) => d.to === "ready" && /deadline/.test(d.reason))).toBe(true);
    await session.sendMessage("legacy hello");
    await until("Stop", () => sim!.hooks.some((h) => h.name === "Stop"));
    const commands = simRecords(sim.log(), "hook").filter((h) => h.event === "Stop");
    expect(commands[0]?.commands).toBe(1);
  });
});

describe("startCodex preflight", () => {
  it("issue 13 item 4: approvalPolicy untrusted rejects invalid_argument on 0.171.0 before anything is spawned; 0.144.6 takes it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-codex-untrusted-"));
    const log = join(dir, "sim.jsonl");
    const env = (version: string) => ({ HOME: dir, ELWOOD_SIM_FLAVOUR: "codex", ELWOOD_SIM_VERSION: version, ELWOOD_SIM_LOG: log });
    try {
      clearCodexProbeCache();
      const error = await startCodex({ cwd: dir, executable: simAgentPath, env: env("0.171.0"), approvalPolicy: "untrusted" }).catch((e: unknown) => e);
      expect(isElwoodError(error, "invalid_argument")).toBe(true);
      expect((error as ElwoodError).details).toEqual({ option: "approvalPolicy", validValues: ["on-request", "never"] });
      // The probe ran the sim with --version/--help only (it logs nothing then): no TUI was started.
      expect(readSimLog(log)).toEqual([]);
      clearCodexProbeCache();
      // Accepted: the session starts (its CLI process exists).
      sim = await startCodexSim({ version: "0.144.6", approvalPolicy: "untrusted" });
      expect(sim.session.pid).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("C-CODEX-05 a missing codex executable rejects codex_not_found with a useful message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-codex-missing-"));
    try {
      const error = await startCodex({ cwd: dir, executable: join(dir, "no-such-codex"), env: { HOME: dir } }).catch((e: unknown) => e);
      expect(isElwoodError(error, "codex_not_found")).toBe(true);
      expect((error as Error).message).toContain("no-such-codex");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
