// Claude hooks through the real bridge into a live session on the simulated CLI: typed handlers and their answers,
// fail-open handler failures, and what hooks mean for status (running, ready, blocked, exit) and identity.

import { afterEach, describe, expect, it } from "vitest";
import type { HookErrorEvent, HookEventRecord } from "../../src/agent-session.js";
import type { ActivityEvent, SessionStatus } from "../../src/contracts/public-types.js";
import { simRecords } from "../sim/sim-control.js";
import { envelope, eventually, fireHook, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

interface Observed {
  readonly sim: ClaudeSim;
  readonly hooks: HookEventRecord[];
  readonly hookErrors: HookErrorEvent[];
  readonly activities: ActivityEvent[];
  /** Status changes and hook names in arrival order, e.g. `status:ready`, `hook:Stop`. */
  readonly timeline: string[];
}

async function start(opts: Parameters<typeof startClaudeSim>[0] = {}): Promise<Observed> {
  const sim = await startClaudeSim(opts);
  live.push(sim);
  const o: Observed = { sim, hooks: [], hookErrors: [], activities: [], timeline: [] };
  sim.session.on("hook", (h) => {
    o.hooks.push(h);
    o.timeline.push(`hook:${h.name}`);
  });
  sim.session.on("hookError", (e) => o.hookErrors.push(e));
  sim.session.on("activity", (a) => o.activities.push(a));
  sim.session.on("status", (e) => o.timeline.push(`status:${e.status}`));
  await sim.session.waitForStatus((s) => s === "ready", 10_000);
  return o;
}

const turnOutcomes = (sim: ClaudeSim): string[] => simRecords(sim.log(), "turn").map((t) => t.outcome);
/** The sim logs a turn's outcome just after its Stop hook returns, so wait for both. */
async function waitTurnEnd(o: Observed, turns = 1): Promise<void> {
  await o.sim.session.waitForActivity((a) => a.kind === "assistant_message", 15_000);
  await eventually(() => turnOutcomes(o.sim).length >= turns, 10_000, "the sim's turn record");
}
const hookLogged = (sim: ClaudeSim, event: string): number => sim.log().filter((r) => r.kind === "hook" && r.event === event).length;

describe("typed handlers and answers", () => {
  it("C-HRESP-01 C-HOOK-09: a PreToolUse deny makes Claude skip the tool; the handler gets the typed Bash input", async () => {
    const seen: Array<{ tool: string; command: unknown }> = [];
    const o = await start({
      hooks: {
        PreToolUse: (p) => {
          seen.push({ tool: p.tool_name, command: p.tool_input["command"] });
          return { permissionDecision: "deny", permissionDecisionReason: "not in tests" };
        },
      },
    });
    await o.sim.session.sendMessage("RUNBASH: rm -rf build");
    await waitTurnEnd(o);
    expect(seen).toEqual([{ tool: "Bash", command: "rm -rf build" }]);
    expect(turnOutcomes(o.sim)).toEqual(["denied"]);
    expect(hookLogged(o.sim, "PermissionRequest")).toBe(0);
    expect(hookLogged(o.sim, "PostToolUse")).toBe(0);
    expect(o.sim.session.terminal.snapshot().text).toContain("not in tests");
    const result = o.activities.find((a) => a.kind === "hook_result" && a.hookEventName === "PreToolUse");
    expect(result).toMatchObject({ failedOpen: false, raw: { permissionDecision: "deny" } });
  });

  it("C-HOOK-03: an event without a handler returns no decision: the tool asks a human (blocked) as with no hook", async () => {
    const o = await start();
    await o.sim.session.sendMessage("RUNBASH: ls");
    await o.sim.session.waitForStatus((s) => s === "blocked", 10_000);
    // Issue 13 item 1: keys sent before the dialog is painted are lost, so only the painted dialog blocks; the
    // undecided PermissionRequest hook is recorded but moves nothing.
    const decisions = o.sim.session.statusDecisions();
    const painted = decisions.findIndex((d) => d.evidence.kind === "frame" && d.evidence.ruleIds?.includes("claude-permission-dialog") === true);
    const block = decisions.findIndex((d) => d.to === "blocked");
    expect(painted).toBeGreaterThanOrEqual(0);
    expect(block).toBeGreaterThan(painted);
    expect(o.sim.session.statusDecisions().find((d) => d.evidence.kind === "hook.PermissionRequest")).toMatchObject({ to: undefined });
    expect(o.activities.filter((a) => a.kind === "attention")).toHaveLength(1);
    expect(o.sim.session.terminal.snapshot().text).toContain("Do you want to proceed?");
    await o.sim.session.sendKeys("1");
    await waitTurnEnd(o);
    expect(turnOutcomes(o.sim)).toEqual(["stop"]);
    expect(hookLogged(o.sim, "PostToolUse")).toBe(1);
  });

  it("C-HRESP-06: a PermissionRequest allow answers the dialog for Claude: no blocked status, the tool runs", async () => {
    const statuses: SessionStatus[] = [];
    const o = await start({ hooks: { PermissionRequest: () => ({ behavior: "allow" }) } });
    o.sim.session.on("status", (e) => statuses.push(e.status));
    await o.sim.session.sendMessage("RUNBASH: make");
    await waitTurnEnd(o);
    expect(statuses).not.toContain("blocked");
    expect(hookLogged(o.sim, "PostToolUse")).toBe(1);
    const decision = o.sim.session.statusDecisions().find((d) => d.evidence.kind === "hook.PermissionRequest");
    expect(decision).toMatchObject({ to: undefined });
    expect(decision?.reason).toMatch(/answered by the parent handler/);
  });

  it("C-HOOK-11 C-HRESP-03: a Stop handler that blocks keeps the session running; only the unblocked Stop makes it ready", async () => {
    let stops = 0;
    const o = await start({
      hooks: {
        Stop: (p) => {
          stops += 1;
          return p.stop_hook_active ? undefined : { decision: "block", reason: "one more pass" };
        },
      },
    });
    o.timeline.length = 0;
    await o.sim.session.sendMessage("first");
    await o.sim.session.waitForStatus((s) => s === "running", 10_000);
    await o.sim.session.waitForStatus((s) => s === "ready", 15_000);
    expect(stops).toBe(2);
    // Ready comes after the second (unblocked) Stop, never between the two.
    const relevant = o.timeline.filter((e) => e === "hook:Stop" || e.startsWith("status:"));
    expect(relevant).toEqual(["status:running", "hook:Stop", "hook:Stop", "status:ready"]);
    // The Stop hook travels over IPC and can overtake the reply's last PTY bytes, so the screen may still be drawing it.
    await eventually(() => o.sim.session.terminal.snapshot().text.includes("FAKE-REPLY: one more pass"), 10_000, "the second pass on screen");
  });

  it("C-HOOK-03: hook and hook:<Name> carry the typed payloads; SessionStart records Claude's session id", async () => {
    const prompts: unknown[] = [];
    const o = await start();
    o.sim.session.on("hook:UserPromptSubmit", (p) => prompts.push(p["prompt"]));
    const start0 = o.hooks.find((h) => h.name === "SessionStart");
    expect(start0?.payload).toMatchObject({ hook_event_name: "SessionStart", source: "startup" });
    expect(o.sim.session.claudeSessionId).toBe(start0?.payload["session_id"]);
    await o.sim.session.sendMessage("typed payloads");
    await waitTurnEnd(o);
    expect(prompts).toEqual(["typed payloads"]);
    const ups = o.hooks.find((h) => h.name === "UserPromptSubmit");
    expect(ups?.payload["session_id"]).toBe(o.sim.session.claudeSessionId);
    expect(Object.isFrozen(ups?.payload)).toBe(true);
  });
});

describe("handler failures fail open (hookError + hook_error activity)", () => {
  it("C-HOOK-04: a handler slower than hookTimeoutMs never blocks the turn; a timeout hookError arrives", async () => {
    const o = await start({ hookTimeoutMs: 300, hooks: { UserPromptSubmit: () => new Promise<never>(() => {}) } });
    await o.sim.session.sendMessage("slow handler");
    await waitTurnEnd(o);
    expect(turnOutcomes(o.sim)).toEqual(["stop"]);
    expect(o.hookErrors).toEqual([{ category: "timeout", hookEventName: "UserPromptSubmit", message: expect.any(String), timeoutMs: 300 }]);
    expect(o.activities.filter((a) => a.kind === "hook_error")).toEqual([
      expect.objectContaining({ source: "hook", label: "timeout", hookEventName: "UserPromptSubmit", failedOpen: true }),
    ]);
  });

  it("C-HOOK-05: a throwing and a rejecting handler fail open with handler_error", async () => {
    const o = await start({
      hooks: {
        UserPromptSubmit: () => {
          throw new Error("boom");
        },
        Stop: () => Promise.reject(new Error("nope")),
      },
    });
    await o.sim.session.sendMessage("failing handlers");
    await waitTurnEnd(o);
    await o.sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(turnOutcomes(o.sim)).toEqual(["stop"]);
    expect(o.hookErrors.map((e) => [e.category, e.hookEventName])).toEqual([
      ["handler_error", "UserPromptSubmit"],
      ["handler_error", "Stop"],
    ]);
    expect(o.hookErrors.every((e) => e.timeoutMs === undefined)).toBe(true);
  });

  it("C-HOOK-06: an invalid response fails open with invalid_response (a block-shaped field on UserPromptSubmit is not sent)", async () => {
    const o = await start({
      // A permission decision is not a UserPromptSubmit field: it must never reach Claude.
      hooks: { UserPromptSubmit: () => ({ permissionDecision: "deny" }) as never },
    });
    await o.sim.session.sendMessage("invalid response");
    await waitTurnEnd(o);
    expect(turnOutcomes(o.sim)).toEqual(["stop"]);
    expect(o.hookErrors).toEqual([expect.objectContaining({ category: "invalid_response", hookEventName: "UserPromptSubmit" })]);
  });
});

describe("hooks as status evidence", () => {
  it("C-TURN-01: UserPromptSubmit moves an idle session to running and an unblocked Stop back to ready", async () => {
    const o = await start();
    const turn = { prompt_id: "p1" };
    await fireHook(o.sim, "UserPromptSubmit", envelope(o.sim, "UserPromptSubmit", { ...turn, prompt: "typed by a person" }));
    await o.sim.session.waitForStatus((s) => s === "running", 5_000);
    const started = o.sim.session.statusDecisions().filter((d) => d.evidence.kind === "turn.started");
    expect(started.at(-1)).toMatchObject({ evidence: { source: "hook" }, to: "running" });
    await fireHook(o.sim, "Stop", envelope(o.sim, "Stop", { ...turn, stop_hook_active: false }));
    await o.sim.session.waitForStatus((s) => s === "ready", 5_000);
    const ended = o.sim.session.statusDecisions().filter((d) => d.evidence.kind === "turn.ended");
    expect(ended.at(-1)).toMatchObject({ evidence: { source: "hook" }, to: "ready" });
  });

  it("C-HOOK-11: a blocked Stop delivered by the bridge does not end the turn", async () => {
    const o = await start({ hooks: { Stop: () => ({ decision: "block", reason: "keep going" }) } });
    await fireHook(o.sim, "UserPromptSubmit", envelope(o.sim, "UserPromptSubmit", { prompt: "x" }));
    await o.sim.session.waitForStatus((s) => s === "running", 5_000);
    const run = await fireHook(o.sim, "Stop", envelope(o.sim, "Stop", { stop_hook_active: false }));
    expect(JSON.parse(run.stdout)).toEqual({ decision: "block", reason: "keep going" });
    expect(o.hooks.filter((h) => h.name === "Stop")).toHaveLength(1);
    expect(o.sim.session.status).toBe("running");
    expect(o.sim.session.statusDecisions().some((d) => d.evidence.kind === "turn.ended")).toBe(false);
  });

  it("SessionEnd is recorded as exit evidence; the process exit then decides `exited`", async () => {
    const o = await start();
    await o.sim.session.sendMessage("/exit");
    await o.sim.session.waitForStatus((s) => s === "exited", 10_000);
    const decisions = o.sim.session.statusDecisions();
    const end = decisions.findIndex((d) => d.evidence.kind === "hook.SessionEnd");
    const exit = decisions.findIndex((d) => d.evidence.kind === "pty.exit");
    expect(end).toBeGreaterThanOrEqual(0);
    expect(decisions[end]).toMatchObject({ to: undefined });
    expect(exit).toBeGreaterThan(end);
    expect(o.hooks.find((h) => h.name === "SessionEnd")?.payload["reason"]).toBe("prompt_input_exit");
  });
});
