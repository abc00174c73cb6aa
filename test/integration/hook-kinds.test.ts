// The common hook vocabulary (issue 33 §3): each CLI's hook events arrive on `hook` with the kind they mean, the same
// word on Claude and Codex, while the CLI's own name and its typed `hook:<Name>` channel stay as they are.

import { afterEach, describe, expect, it } from "vitest";
import { CLAUDE_HOOK_KINDS } from "../../adapters/claude/hook-kinds.js";
import { CODEX_HOOK_KINDS } from "../../adapters/codex/hook-kinds.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";
import { startCodexSim, type CodexSim, until } from "./codex-sim-support.js";

const live: Array<ClaudeSim | CodexSim> = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

const TURN_KINDS = ["session_start", "turn_start", "turn_end"] as const;

describe("common hook kinds (issue 33 §3)", () => {
  it("issue 33 §3: both adapters map the issue's set (session start/end, turn start/end, tool before/after, permission, compact)", () => {
    for (const map of [CLAUDE_HOOK_KINDS, CODEX_HOOK_KINDS]) {
      for (const kind of ["session_start", "session_end", "turn_start", "turn_end", "tool_before", "tool_after", "permission", "compact_before", "compact_after"]) {
        expect(Object.values(map), kind).toContain(kind);
      }
    }
  });

  it("issue 33 §3: a Claude turn's hooks carry session_start, turn_start and turn_end; hook:<Name> still gets the raw payload", async () => {
    const sim = await startClaudeSim();
    live.push(sim);
    const kinds: Array<[string, string | undefined]> = [];
    sim.session.on("hook", (h) => kinds.push([h.name, h.kind]));
    const stops: unknown[] = [];
    sim.session.on("hook:Stop", (p) => stops.push(p["hook_event_name"]));
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sim.session.sendMessage("hello");
    await sim.session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 15_000);
    for (const kind of TURN_KINDS) expect(kinds.map(([, k]) => k)).toContain(kind);
    expect(kinds.find(([name]) => name === "Stop")).toEqual(["Stop", "turn_end"]);
    expect(kinds.find(([name]) => name === "UserPromptSubmit")).toEqual(["UserPromptSubmit", "turn_start"]);
    expect(stops).toEqual(["Stop"]);
  }, 60_000);

  it("issue 33 §3: a Codex turn's hooks carry the same kinds", async () => {
    const sim = await startCodexSim();
    live.push(sim);
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    await sim.session.sendMessage("hello");
    await until("the Stop hook", () => sim.hooks.some((h) => h.name === "Stop"));
    expect(sim.hooks.find((h) => h.name === "Stop")?.kind).toBe("turn_end");
    expect(sim.hooks.find((h) => h.name === "UserPromptSubmit")?.kind).toBe("turn_start");
    expect(sim.hooks.find((h) => h.name === "SessionStart")?.kind).toBe("session_start");
  }, 60_000);
});
