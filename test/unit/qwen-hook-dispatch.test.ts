// Qwen Code hook payload checks and reply shapes (issue 34): Claude's JSON protocol as 0.24.4 reads it; bad input fails open.
import { describe, expect, it } from "vitest";
import { qwenToWire, validateQwenInput } from "../../adapters/qwen/hook-dispatch.js";
import { readQwenTurnHook } from "../../adapters/qwen/turn-hooks.js";

const common = { session_id: "s", transcript_path: "/h/projects/-w/chats/s.jsonl", cwd: "/w" };

describe("Qwen Code hook dispatch (issue 34)", () => {
  it("accepts the observed payloads and names what is wrong with a malformed one", () => {
    expect(validateQwenInput("UserPromptSubmit", { ...common, hook_event_name: "UserPromptSubmit", prompt: "hi" })).toBeUndefined();
    expect(validateQwenInput("PreToolUse", { ...common, hook_event_name: "PreToolUse", tool_name: "run_shell_command", tool_input: { command: "ls" } })).toBeUndefined();
    expect(validateQwenInput("Stop", { ...common, hook_event_name: "Stop", stop_hook_active: false })).toBeUndefined();
    expect(validateQwenInput("Stop", { ...common, hook_event_name: "UserPromptSubmit", stop_hook_active: false })).toMatch(/does not match/);
    expect(validateQwenInput("Stop", { hook_event_name: "Stop", stop_hook_active: false })).toMatch(/missing session_id/);
    expect(validateQwenInput("PermissionRequest", { ...common, hook_event_name: "PermissionRequest", tool_name: 3 })).toMatch(/tool_name/);
    expect(validateQwenInput("UserPromptSubmit", { ...common, hook_event_name: "UserPromptSubmit", prompt: 5 })).toMatch(/wrong type for prompt/);
  });

  it("answers in the shapes 0.24.4 obeys: a PermissionRequest decision, a PreToolUse deny with its reason, a Stop block", () => {
    expect(qwenToWire("PermissionRequest", { behavior: "allow" })).toEqual({ ok: true, stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } }) });
    expect(qwenToWire("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "blocked by test hook" })).toEqual({
      ok: true,
      stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "blocked by test hook" } }),
    });
    expect(qwenToWire("Stop", { decision: "block", reason: "keep going" })).toEqual({ ok: true, stdout: JSON.stringify({ decision: "block", reason: "keep going" }) });
    expect(qwenToWire("Stop", undefined)).toEqual({ ok: true, stdout: "" });
  });

  it("refuses a reply the CLI would misread, with a reason (the session fails open)", () => {
    expect(qwenToWire("PermissionRequest", { behavior: "maybe" })).toMatchObject({ ok: false });
    expect(qwenToWire("PermissionRequest", { behavior: "allow", message: "x" })).toMatchObject({ ok: false, reason: expect.stringMatching(/only goes with behavior "deny"/) });
    expect(qwenToWire("PreToolUse", { permissionDecisionReason: "why" })).toMatchObject({ ok: false });
    expect(qwenToWire("Stop", { decision: "block" })).toMatchObject({ ok: false, reason: expect.stringMatching(/non-empty reason/) });
    expect(qwenToWire("Notification", { anything: true })).toMatchObject({ ok: false, reason: expect.stringMatching(/observe-only/) });
    expect(qwenToWire("Stop", "block")).toMatchObject({ ok: false });
  });

  it("turn hooks: a prompt accepts, the empty prompt of a tool's continuation does not, Stop is the boundary", () => {
    expect(readQwenTurnHook("UserPromptSubmit", { prompt: "say hello" })).toEqual({ kind: "accepted", prompt: "say hello" });
    expect(readQwenTurnHook("UserPromptSubmit", { prompt: "" })).toBeUndefined();
    expect(readQwenTurnHook("Stop", { last_assistant_message: "done" })).toEqual({ kind: "boundary", expected: "done" });
    expect(readQwenTurnHook("StopFailure", { error: "rate_limit" })).toEqual({ kind: "failure", reason: "Qwen Code rejected the turn: rate_limit" });
    expect(readQwenTurnHook("Notification", {})).toBeUndefined();
  });
});
