// The activity stream's committed messages and tools on the simulated CLI: read from its transcript, never from the hooks that carry them too.

import { afterEach, describe, expect, it } from "vitest";
import type { ActivityEvent } from "../../src/contracts/public-types.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

describe("transcript is the single source of committed activity (C-CLAUDE-15, C-CODEX-16)", () => {
  it("C-CLAUDE-15: tool call, tool result and reply come from the transcript once each, with the turn id; Stop/PreToolUse/PostToolUse are plain hook activity", async () => {
    const sim = await startClaudeSim({ hooks: { PreToolUse: () => ({ permissionDecision: "allow" }) } });
    live.push(sim);
    const activities: ActivityEvent[] = [];
    sim.session.on("activity", (a) => activities.push(a));
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    const turnId = await sim.session.sendMessage("RUNBASH: true");
    await sim.session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 15_000);

    const committed = activities.filter((a) => a.kind === "assistant_message" || a.kind === "tool_call" || a.kind === "tool_result");
    expect(committed.map((a) => [a.source, a.kind, a.turnId])).toEqual([
      ["transcript", "tool_call", turnId],
      ["transcript", "tool_result", turnId],
      ["transcript", "assistant_message", turnId],
    ]);
    expect(committed[0]).toMatchObject({ toolName: "Bash", toolInput: expect.stringContaining('"command":"true"') });
    expect(committed[2]?.text).toBe("Tool finished.");
    const hooks = activities.filter((a) => a.kind !== "hook_result" && ["Stop", "PreToolUse", "PostToolUse"].includes(a.hookEventName ?? ""));
    expect(hooks.map((a) => a.hookEventName)).toEqual(expect.arrayContaining(["PreToolUse", "Stop"]));
    expect(hooks.every((a) => a.kind === "hook")).toBe(true);
    expect(hooks.every((a) => a.text === undefined && a.toolInput === undefined && a.toolOutput === undefined)).toBe(true);
  });
});
