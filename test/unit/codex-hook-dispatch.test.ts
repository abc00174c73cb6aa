// Unit tests for Codex hook dispatch: input validation, tool-name narrowing, Codex wire shapes, `{}` invalid, own-property lookup.
import { describe, expect, it, vi } from "vitest";

const NO = { stdout: "", exitCode: 0 };
import { codexToWire, createCodexHookDispatcher, normalizeCodexToolName, type CodexHookError } from "../../adapters/codex/hook-dispatch.js";
import type { CodexHookHandlers } from "../../adapters/codex/hook-types.js";

const COMMON = { session_id: "s1", transcript_path: "/t.jsonl", cwd: "/repo", model: "m", permission_mode: "default" };
const pre = (tool = "Bash") => ({ ...COMMON, hook_event_name: "PreToolUse", turn_id: "t1", tool_name: tool, tool_input: { command: "ls" }, tool_use_id: "u1" });

function dispatcher(handlers: CodexHookHandlers, timeoutMs = 500) {
  const errors: CodexHookError[] = [];
  const events: Array<{ name: string; payload: unknown }> = [];
  const dispatch = createCodexHookDispatcher({
    handlers,
    timeoutMs,
    onHookError: (e) => errors.push(e),
    onHookResult: () => {},
    onEvent: (name, payload) => events.push({ name, payload }),
  });
  return { dispatch, errors, events };
}

describe("Codex hook dispatch", () => {
  it("C-CODEX-HOOK-01 tool names: Bash/apply_patch/mcp__* kept, others unknown:<raw>, before dispatch", async () => {
    expect(normalizeCodexToolName("Bash")).toBe("Bash");
    expect(normalizeCodexToolName("apply_patch")).toBe("apply_patch");
    expect(normalizeCodexToolName("mcp__srv__tool")).toBe("mcp__srv__tool");
    expect(normalizeCodexToolName("web_search")).toBe("unknown:web_search");
    const seen: string[] = [];
    const d = dispatcher({ PreToolUse: (p) => void seen.push(p.tool_name) });
    await d.dispatch({ event: "PreToolUse", payload: pre("view_image") });
    expect(seen).toEqual(["unknown:view_image"]);
    expect(Object.isFrozen(d.events[0]?.payload)).toBe(true);
  });

  it("C-CODEX-HOOK-02 PreToolUse allow/deny goes beside hookEventName; PermissionRequest nests {behavior,message} under decision", () => {
    const deny = codexToWire("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no" }, false);
    expect(deny.ok && JSON.parse(deny.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
    });
    const perm = codexToWire("PermissionRequest", { behavior: "deny", message: "not now" }, false);
    expect(perm.ok && JSON.parse(perm.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "not now" } } });
    expect(codexToWire("PermissionRequest", { behavior: "allow", updatedInput: {} }, false).ok).toBe(false);
    expect(codexToWire("PermissionRequest", { behavior: "allow", message: "x" }, false).ok).toBe(false);
  });

  it("C-CODEX-HOOK-03 `{}` is invalid on Codex (fails open with a hookError); undefined is no decision", async () => {
    expect(codexToWire("Stop", {}, false).ok).toBe(false);
    expect(codexToWire("Stop", undefined, false)).toEqual({ ok: true, stdout: "" });
    const d = dispatcher({ Stop: () => ({}) as never });
    const reply = await d.dispatch({ event: "Stop", payload: { ...COMMON, hook_event_name: "Stop", stop_hook_active: false } });
    expect(reply).toEqual({ stdout: "", exitCode: 0 });
    expect(d.errors.map((e) => e.category)).toEqual(["invalid_response"]);
  });

  it("C-CODEX-HOOK-04 observe-only events reject any response; Stop blocks with a reason or stops with continue:false", () => {
    for (const ev of ["PostToolUse", "UserPromptSubmit", "SubagentStart", "PreCompact", "PostCompact", "SessionEnd", "Interrupt"] as const) {
      expect(codexToWire(ev, { additionalContext: "x" }, false).ok).toBe(false);
    }
    const block = codexToWire("Stop", { decision: "block", reason: "keep going" }, false);
    expect(block.ok && JSON.parse(block.stdout)).toEqual({ decision: "block", reason: "keep going" });
    const halt = codexToWire("SubagentStop", { continue: false, stopReason: "done" }, false);
    expect(halt.ok && JSON.parse(halt.stdout)).toEqual({ continue: false, stopReason: "done" });
    expect(codexToWire("Stop", { decision: "block" }, false).ok).toBe(false);
  });

  it("C-CODEX-HOOK-05 updatedInput only through tool-keyed handlers (PreToolUse.Bash), which win over the event handler", async () => {
    expect(codexToWire("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "ls -a" } }, false).ok).toBe(false);
    const d = dispatcher({
      PreToolUse: () => ({ permissionDecision: "deny" }),
      "PreToolUse.Bash": () => ({ permissionDecision: "allow", updatedInput: { command: "ls -a" } }),
    });
    const reply = await d.dispatch({ event: "PreToolUse", payload: pre() });
    expect(JSON.parse(reply.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls -a" } } });
  });

  it("C-CODEX-HOOK-06 handler lookup uses own properties only (inherited names resolve to no handler)", async () => {
    const handlers = Object.create({ PreToolUse: () => ({ permissionDecision: "deny" }) }) as CodexHookHandlers;
    const d = dispatcher(handlers);
    expect(await d.dispatch({ event: "PreToolUse", payload: pre("constructor") })).toEqual({ stdout: "", exitCode: 0 });
    expect(d.errors).toEqual([]);
  });

  it("C-CODEX-HOOK-07 invalid input, unknown events, throwing and slow handlers all fail open with typed hookErrors", async () => {
    const d = dispatcher({ Stop: () => new Promise(() => {}), UserPromptSubmit: () => { throw new Error("boom"); } }, 50);
    await d.dispatch({ event: "Nope", payload: {} });
    await d.dispatch({ event: "PreToolUse", payload: { ...pre(), hook_event_name: "Stop" } });
    await d.dispatch({ event: "UserPromptSubmit", payload: { ...COMMON, hook_event_name: "UserPromptSubmit", prompt: "hi" } });
    await d.dispatch({ event: "Stop", payload: { ...COMMON, hook_event_name: "Stop", stop_hook_active: false } });
    expect(d.errors.map((e) => e.category)).toEqual(["invalid_input", "invalid_input", "handler_error", "timeout"]);
  });

  it("issue 14 item 9: SessionEnd and Interrupt get a handler deadline inside Codex's own 3 s; other events keep the configured one", async () => {
    vi.useFakeTimers();
    try {
      const d = dispatcher({ SessionEnd: () => new Promise(() => {}), Interrupt: () => new Promise(() => {}), Stop: () => new Promise(() => {}) }, 30_000);
      const answers = [
        d.dispatch({ event: "SessionEnd", payload: { ...COMMON, hook_event_name: "SessionEnd", reason: "exit" } }),
        d.dispatch({ event: "Interrupt", payload: { ...COMMON, hook_event_name: "Interrupt", turn_id: "t1" } }),
        d.dispatch({ event: "Stop", payload: { ...COMMON, hook_event_name: "Stop", stop_hook_active: false } }),
      ];
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await Promise.all(answers)).toEqual([NO, NO, NO]);
      expect(d.errors.map((e) => [e.category, e.event, e.timeoutMs])).toEqual([
        ["timeout", "SessionEnd", 2500],
        ["timeout", "Interrupt", 2500],
        ["timeout", "Stop", 30_000],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
