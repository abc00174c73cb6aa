// Issue 16 item 1: `hookEvents: "essential"` registers the hooks Elwood follows a session by plus the handled ones, never fewer.
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { CLAUDE_HOOK_EVENTS_2_1_215, CLAUDE_HOOK_EVENTS_2_1_332 } from "../../adapters/claude/hook-events.js";
import { CLAUDE_ANSWER_NEEDED_HOOKS } from "../../adapters/claude/hook-transport.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { CODEX_HOOK_EVENTS_0_144, CODEX_HOOK_EVENTS_0_171 } from "../../adapters/codex/hook-events.js";
import { handledHookEvents, hookAnswerAwaited, selectHookEvents } from "../../adapters/hook-selection.js";
import type { AgentAdapter } from "../../src/contracts/agent-adapter.js";

/** Every hook an adapter names anywhere else in its contract: what the session's own machines and readers wait on. */
function namedElsewhere(adapter: AgentAdapter): string[] {
  return [
    "SessionStart",
    adapter.promptHook,
    adapter.stopHook,
    adapter.compactDoneHook,
    ...adapter.readiness.hookEvents,
    ...(adapter.statusHooks ?? []),
    ...adapter.hookReply.deliveredAfterAnswer,
    ...(adapter.readSubagentTranscript === undefined ? [] : ["SubagentStop"]),
  ];
}

describe("hook event selection (issue 16 item 1)", () => {
  it("issue 16 item 1: each adapter's essential hooks hold every hook its contract names, and each is a hook its CLI has", () => {
    for (const [adapter, events] of [
      [claudeAdapter, CLAUDE_HOOK_EVENTS_2_1_332],
      [codexAdapter, CODEX_HOOK_EVENTS_0_171],
    ] as const) {
      for (const hook of namedElsewhere(adapter)) expect(adapter.essentialHooks).toContain(hook);
      for (const hook of adapter.essentialHooks) expect(events as readonly string[]).toContain(hook);
    }
    // Claude's answer-bearing hooks (those that go over HTTP first) are all essential.
    for (const hook of CLAUDE_ANSWER_NEEDED_HOOKS) expect(claudeAdapter.essentialHooks).toContain(hook);
  });

  it("issue 16 item 1: 'all' keeps the version's list but the hooks that replace the CLI's own behaviour; 'essential' keeps its order and drops the tool and other events", () => {
    expect(selectHookEvents(CLAUDE_HOOK_EVENTS_2_1_332, "all", claudeAdapter, undefined)).toEqual(CLAUDE_HOOK_EVENTS_2_1_332.filter((e) => e !== "WorktreeCreate" && e !== "WorktreeRemove"));
    expect(selectHookEvents(CODEX_HOOK_EVENTS_0_171, "all", codexAdapter, undefined)).toEqual(CODEX_HOOK_EVENTS_0_171);
    const claude = selectHookEvents(CLAUDE_HOOK_EVENTS_2_1_215, "essential", claudeAdapter, undefined);
    expect(claude).toEqual(CLAUDE_HOOK_EVENTS_2_1_215.filter((e) => claudeAdapter.essentialHooks.includes(e)));
    expect(claude).not.toContain("PreToolUse");
    expect(claude).not.toContain("PostToolBatch");
    expect(new Set(claude)).toEqual(new Set(claudeAdapter.essentialHooks));
    const codex = selectHookEvents(CODEX_HOOK_EVENTS_0_144, "essential", codexAdapter, {});
    expect(codex).toEqual(["PermissionRequest", "PostCompact", "SessionStart", "UserPromptSubmit", "Stop"]);
  });

  it("issue 16 item 1: a handled event is always registered, a tool-keyed handler by its event; a non-function entry is not a handler; an event the version lacks is never added", () => {
    const handlers = { PreToolUse: () => undefined, "PostToolUse.Bash": () => undefined, Notification: undefined, PreModelSwitch: () => undefined };
    const picked = selectHookEvents(CLAUDE_HOOK_EVENTS_2_1_215, "essential", claudeAdapter, handlers);
    expect(picked).toContain("PreToolUse");
    expect(picked).toContain("PostToolUse");
    expect(picked).not.toContain("Notification");
    expect(picked).not.toContain("PreModelSwitch");
  });

  it("issue 16 item 1: WorktreeCreate / WorktreeRemove are registered only with a handler, in both modes (registered, they take over Claude's worktrees)", () => {
    expect(claudeAdapter.handlerOnlyHooks).toEqual(["WorktreeCreate", "WorktreeRemove"]);
    for (const mode of ["all", "essential"] as const) {
      expect(selectHookEvents(CLAUDE_HOOK_EVENTS_2_1_332, mode, claudeAdapter, {})).not.toContain("WorktreeCreate");
      const handled = selectHookEvents(CLAUDE_HOOK_EVENTS_2_1_332, mode, claudeAdapter, { WorktreeCreate: () => "/tmp/wt" });
      expect(handled).toContain("WorktreeCreate");
      expect(handled).not.toContain("WorktreeRemove");
    }
  });

  it("issue 16 item 1: a Codex command awaits its answer only for a handled or essential event; the tool events are observed only", () => {
    const none = handledHookEvents({});
    const observed = CODEX_HOOK_EVENTS_0_171.filter((event) => !hookAnswerAwaited(event, codexAdapter, none));
    expect(observed).toContain("PreToolUse");
    expect(observed).toContain("PostToolUse");
    for (const event of codexAdapter.essentialHooks) expect(hookAnswerAwaited(event, codexAdapter, none)).toBe(true);
    // A handler (tool-keyed too) makes its event awaited again: the caller's answer must reach the CLI.
    const handled = handledHookEvents({ "PreToolUse.Bash": () => ({ decision: "block" }), PostToolUse: "not a handler" });
    expect(hookAnswerAwaited("PreToolUse", codexAdapter, handled)).toBe(true);
    expect(hookAnswerAwaited("PostToolUse", codexAdapter, handled)).toBe(false);
  });
});
