// Issue 14 item 6: the hook token stays out of what the CLI hands its tools, and a forged call for another session is dropped.

import { afterEach, describe, expect, it } from "vitest";
import type { HookErrorEvent } from "../../src/agent-session.js";
import { envelope, eventually, fireHook, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

describe("hook token isolation (issue 14 item 6)", () => {
  it("issue 14 item 6: the CLI's environment holds no hook socket or token, yet its hooks reach the session", async () => {
    const stops: unknown[] = [];
    const sim = await startClaudeSim({ hooks: { Stop: (p) => void stops.push(p) } });
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const env = sim.agentEnv();
    expect(env["ELWOOD_SESSION_ID"]).toBe(sim.session.elwoodSessionId);
    expect(Object.keys(env).filter((k) => k.startsWith("ELWOOD_HOOK_"))).toEqual([]);
    await sim.session.sendMessage("hello");
    await eventually(() => stops.length === 1, 15_000, "the turn's Stop hook");
  });

  it("issue 14 item 6: a hook call naming another session id is dropped, never dispatched, and counted", async () => {
    const calls: string[] = [];
    const sim = await startClaudeSim({ hooks: { Stop: () => void calls.push("Stop"), UserPromptSubmit: () => void calls.push("UserPromptSubmit") } });
    live.push(sim);
    const errors: HookErrorEvent[] = [];
    const stops: unknown[] = [];
    sim.session.on("hookError", (e) => errors.push(e));
    sim.session.on("hook:Stop", (p) => stops.push(p));
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await eventually(() => sim.session.claudeSessionId !== undefined, 10_000, "the CLI's SessionStart");
    const forged = { ...envelope(sim, "Stop"), session_id: "forged-by-a-tool", stop_hook_active: false, last_assistant_message: "" };
    expect(await fireHook(sim, "Stop", forged)).toMatchObject({ code: 0, stdout: "" });
    expect(await fireHook(sim, "UserPromptSubmit", { ...envelope(sim, "UserPromptSubmit"), session_id: "forged-by-a-tool", prompt: "x" })).toMatchObject({ code: 0, stdout: "" });
    expect(calls).toEqual([]);
    expect(stops).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({ category: "invalid_input", hookEventName: "Stop", message: expect.stringContaining("(1 so far)") }),
      expect.objectContaining({ category: "invalid_input", hookEventName: "UserPromptSubmit", message: expect.stringContaining("(2 so far)") }),
    ]);
    // The CLI's own calls still arrive.
    await sim.session.sendMessage("hello");
    await eventually(() => calls.includes("Stop"), 15_000, "the real Stop hook");
  });
});
