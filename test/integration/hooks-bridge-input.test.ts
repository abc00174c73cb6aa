// Every Claude hook event of the installed version, fired through the generated settings' commands exactly as Claude
// runs them, reaches its typed handler; answers map onto Claude's JSON; bad bridge input fails open without a crash.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLAUDE_HOOK_EVENTS_2_1_332, type ClaudeHookEventName } from "../../adapters/claude/hook-events.js";
import { REQUIRED_INPUT, type Kind } from "../../adapters/claude/hook-schema.js";
import type { ClaudeHookHandlers } from "../../adapters/claude/hook-types.js";
import { bridgeCommand } from "../../effects/hook-bridge/bridge-command.js";
import type { HookErrorEvent, HookEventRecord } from "../../src/agent-session.js";
import type { ActivityEvent } from "../../src/contracts/public-types.js";
import { bridgeConfigPath, envelope, eventually, fireHook, runHookCommand, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

interface Observed {
  readonly sim: ClaudeSim;
  readonly calls: Array<{ event: string; payload: unknown }>;
  readonly hooks: HookEventRecord[];
  readonly named: Array<{ event: string; payload: unknown }>;
  readonly hookErrors: HookErrorEvent[];
  readonly activities: ActivityEvent[];
}

/** Answers a few events with real decisions so the wire mapping is visible; the rest observe only. */
const ANSWERS: Partial<Record<ClaudeHookEventName, unknown>> = {
  PreToolUse: { permissionDecision: "allow", additionalContext: "checked by the parent" },
  PermissionRequest: { behavior: "allow" },
  Notification: {},
  WorktreeCreate: { worktreePath: "/tmp/elwood-worktree" },
  Elicitation: { action: "decline" },
  TeammateIdle: { continue: false, stopReason: "done for today" },
};

async function start(opts: Parameters<typeof startClaudeSim>[0] = {}): Promise<Observed> {
  const calls: Observed["calls"] = [];
  const handlers: Record<string, (p: unknown) => unknown> = {};
  for (const event of CLAUDE_HOOK_EVENTS_2_1_332) {
    handlers[event] = (payload) => {
      calls.push({ event, payload });
      return ANSWERS[event];
    };
  }
  const sim = await startClaudeSim({ ...opts, hooks: handlers as ClaudeHookHandlers });
  live.push(sim);
  const o: Observed = { sim, calls, hooks: [], named: [], hookErrors: [], activities: [] };
  sim.session.on("hook", (h) => o.hooks.push(h));
  for (const event of CLAUDE_HOOK_EVENTS_2_1_332) sim.session.on(`hook:${event}`, (payload) => o.named.push({ event, payload }));
  sim.session.on("hookError", (e) => o.hookErrors.push(e));
  sim.session.on("activity", (a) => o.activities.push(a));
  await sim.session.waitForStatus((s) => s === "ready", 10_000);
  await eventually(() => o.hooks.some((h) => h.name === "InstructionsLoaded"), 10_000, "the sim's startup hooks");
  o.calls.length = 0;
  o.hooks.length = 0;
  o.named.length = 0;
  o.activities.length = 0;
  return o;
}

function sample(kind: Kind): unknown {
  if (Array.isArray(kind)) return kind[0];
  switch (kind) {
    case "string":
      return "x";
    case "boolean":
      return false;
    case "number":
      return 1;
    case "record":
      return {};
    case "array":
    case "stringArray":
      return [];
    case "stringOrNull":
      return null;
    default:
      return {};
  }
}

/** A minimal valid input for `event`: the common envelope plus every required field. */
function minimalPayload(sim: ClaudeSim, event: ClaudeHookEventName): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(REQUIRED_INPUT[event])) fields[key] = sample(kind);
  if ("tool_name" in fields) {
    fields["tool_name"] = "Bash";
    fields["tool_input"] = { command: "ls" };
  }
  return envelope(sim, event, fields);
}

describe("every installed event reaches its typed handler (C-HOOK-01)", () => {
  it("C-HOOK-01 C-HOOK-07 C-HOOK-17 C-HRESP-05 C-HRESP-06: all 34 events of 2.1.332 are dispatched, observed and answered in Claude's JSON", async () => {
    const o = await start();
    const stdout: Record<string, string> = {};
    for (const event of CLAUDE_HOOK_EVENTS_2_1_332) {
      const run = await fireHook(o.sim, event, minimalPayload(o.sim, event));
      expect(run.code, event).toBe(0);
      stdout[event] = run.stdout;
    }
    expect(o.calls.map((c) => c.event)).toEqual([...CLAUDE_HOOK_EVENTS_2_1_332]);
    for (const c of o.calls) expect(c.payload).toMatchObject({ hook_event_name: c.event, cwd: o.sim.dir });
    expect(o.hooks.map((h) => h.name).sort()).toEqual([...CLAUDE_HOOK_EVENTS_2_1_332].sort());
    expect(o.named.map((h) => h.event).sort()).toEqual([...CLAUDE_HOOK_EVENTS_2_1_332].sort());
    expect(o.hookErrors).toEqual([]);

    expect(JSON.parse(stdout["PreToolUse"] ?? "")).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", additionalContext: "checked by the parent" },
    });
    expect(JSON.parse(stdout["PermissionRequest"] ?? "")).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    expect(JSON.parse(stdout["Elicitation"] ?? "")).toEqual({ hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" } });
    expect(JSON.parse(stdout["TeammateIdle"] ?? "")).toEqual({ continue: false, stopReason: "done for today" });
    expect(stdout["WorktreeCreate"]).toBe("/tmp/elwood-worktree\n");
    // `{}` and no answer are both "no decision": no output at all, exactly as with no hook.
    expect(stdout["Notification"]).toBe("");
    expect(stdout["SessionStart"]).toBe("");
    // The sim's own start-up hooks may report their results after this test subscribed (hooks are delivered in
    // order behind the output rendered before them): the last results are the fired events', one each, in order.
    const results = o.activities.filter((a) => a.kind === "hook_result").slice(-CLAUDE_HOOK_EVENTS_2_1_332.length);
    expect(results.map((a) => a.hookEventName)).toEqual([...CLAUDE_HOOK_EVENTS_2_1_332]);
    expect(results.every((a) => a.failedOpen === false)).toBe(true);
  });

  it("C-HOOK-07 C-HOOK-17: input missing a required field fails open with invalid_input and never reaches the handler", async () => {
    const o = await start();
    const bad = envelope(o.sim, "Stop", {});
    const run = await fireHook(o.sim, "Stop", bad);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.calls).toEqual([]);
    expect(o.hookErrors).toEqual([expect.objectContaining({ category: "invalid_input", hookEventName: "Stop" })]);
    expect(o.activities.some((a) => a.kind === "hook_error" && a.label === "invalid_input")).toBe(true);
  });

  it("2.1.215: an event the installed version does not have is rejected as invalid input and fails open", async () => {
    const o = await start({ version: "2.1.215" });
    const command = simCommand(o.sim, "PreModelSwitch");
    const run = await runHookCommand(command, JSON.stringify(minimalPayload(o.sim, "PreModelSwitch")), o.sim.agentEnv(), o.sim.dir);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.calls).toEqual([]);
    expect(o.hookErrors).toEqual([expect.objectContaining({ category: "invalid_input", hookEventName: "PreModelSwitch" })]);
  });
});

/** The command the settings would run for `event` (also for events the settings do not name). */
function simCommand(sim: ClaudeSim, event: string): string {
  return bridgeCommand(event, bridgeConfigPath(sim));
}

/** The same command pointed at a copy of the session's config with a wrong token. */
function forgedTokenCommand(sim: ClaudeSim, event: string): string {
  const real = JSON.parse(readFileSync(bridgeConfigPath(sim), "utf8")) as Record<string, unknown>;
  const forged = join(sim.dir, "forged-bridge.json");
  writeFileSync(forged, JSON.stringify({ ...real, token: "not-the-token" }), { mode: 0o600 });
  return bridgeCommand(event, forged);
}

describe("bad bridge input fails open without crashing (C-HOOK-16)", () => {
  it("C-HOOK-16: an oversized payload (> 8 MiB) fails open with no dispatch and no hookError (noise)", async () => {
    const o = await start();
    const big = JSON.stringify({ ...minimalPayload(o.sim, "Notification"), message: "x".repeat(8 * 1024 * 1024) });
    const run = await fireHook(o.sim, "Notification", JSON.parse(big) as Record<string, unknown>);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.calls).toEqual([]);
    expect(o.hooks).toEqual([]);
    expect(o.hookErrors).toEqual([]);
  });

  it("C-HOOK-02: a wrong token fails open, is never dispatched and is not a hookError (unauthenticated noise)", async () => {
    const o = await start();
    const run = await runHookCommand(forgedTokenCommand(o.sim, "PreToolUse"), JSON.stringify(minimalPayload(o.sim, "PreToolUse")), o.sim.agentEnv(), o.sim.dir);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.calls).toEqual([]);
    expect(o.hookErrors).toEqual([]);
  });

  it("C-HOOK-16: a malformed complete request fails open with a typed invalid_input hookError", async () => {
    const o = await start();
    const run = await runHookCommand(simCommand(o.sim, "Notification"), '{"session_id": "x", ', o.sim.agentEnv(), o.sim.dir);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.calls).toEqual([]);
    expect(o.hookErrors).toEqual([expect.objectContaining({ category: "invalid_input", hookEventName: "Notification" })]);
  });

  it("an unknown event name fails open with an invalid_input hookError named Unknown", async () => {
    const o = await start();
    const run = await runHookCommand(simCommand(o.sim, "FutureEvent"), JSON.stringify(envelope(o.sim, "FutureEvent")), o.sim.agentEnv(), o.sim.dir);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    expect(o.hookErrors).toEqual([expect.objectContaining({ category: "invalid_input", hookEventName: "Unknown" })]);
    expect(o.activities.filter((a) => a.kind === "hook_error")).toEqual([expect.objectContaining({ hookEventName: "Unknown", failedOpen: true })]);
  });

  it("after every kind of bad input the bridge and the session keep working", async () => {
    const o = await start();
    const env = o.sim.agentEnv();
    await runHookCommand(simCommand(o.sim, "Notification"), "not json at all", env, o.sim.dir);
    await runHookCommand(simCommand(o.sim, "Notification"), "[]", env, o.sim.dir);
    await runHookCommand(forgedTokenCommand(o.sim, "Stop"), JSON.stringify({ hook_event_name: "Stop" }), env, o.sim.dir);
    await o.sim.session.sendMessage("still fine");
    // The reply's text comes from the transcript, written before the Stop hook: the turn's end is the Stop hook itself.
    await o.sim.session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 15_000);
    expect(o.calls.map((c) => c.event)).toEqual(expect.arrayContaining(["UserPromptSubmit", "Stop"]));
  });
});
