// What every hook bench sends and answers: a small, realistic Bash PreToolUse call, denied by an in-process handler.

import { createClaudeHookDispatcher } from "../../adapters/claude/hook-dispatch.js";
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

/** A Claude dispatcher whose PreToolUse handler denies at once (the answer a benchmarked round trip carries). */
export function denyingBenchHandler(): HookBridgeHandler {
  return createClaudeHookDispatcher({
    handlers: { PreToolUse: () => ({ permissionDecision: "deny", permissionDecisionReason: "bench" }) },
    timeoutMs: 10_000,
    onHookError: () => undefined,
    onHookResult: () => undefined,
    onEvent: () => undefined,
  });
}
