// What every hook bench sends and answers: a small, realistic shell PreToolUse call, denied by an in-process handler.

import { createClaudeHookDispatcher } from "../../adapters/claude/hook-dispatch.js";
import { createQwenHookDispatcher } from "../../adapters/qwen/hook-dispatch.js";
import type { HookBridgeHandler } from "../../effects/hook-bridge/server.js";

export const BENCH_HOOK_PAYLOAD = JSON.stringify({
  session_id: "bench",
  transcript_path: "/tmp/bench.jsonl",
  cwd: "/tmp",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  tool_use_id: "tu-bench",
});

/** The same call as Qwen Code 0.24.4 sends it (its keys as measured: `run_shell_command`, timestamp, permission mode). */
export const QWEN_BENCH_HOOK_PAYLOAD = JSON.stringify({
  session_id: "bench",
  transcript_path: "/tmp/bench.jsonl",
  cwd: "/tmp",
  hook_event_name: "PreToolUse",
  timestamp: "2026-12-07T12:00:00.000Z",
  permission_mode: "default",
  prompt_id: "bench########0",
  tool_name: "run_shell_command",
  tool_input: { command: "ls", description: "List files" },
  tool_use_id: "call-bench",
  tool_call_id: "call-bench",
});

const deny = () => ({ permissionDecision: "deny" as const, permissionDecisionReason: "bench" });
const sinks = { timeoutMs: 10_000, onHookError: () => undefined, onHookResult: () => undefined, onEvent: () => undefined };

/** A Claude dispatcher whose PreToolUse handler denies at once (the answer a benchmarked round trip carries). */
export function denyingBenchHandler(): HookBridgeHandler {
  return createClaudeHookDispatcher({ handlers: { PreToolUse: deny }, ...sinks });
}

/** The Qwen dispatcher a Qwen session installs, with the same denying PreToolUse handler. */
export function denyingQwenBenchHandler(): HookBridgeHandler {
  return createQwenHookDispatcher({ handlers: { PreToolUse: deny }, ...sinks });
}
