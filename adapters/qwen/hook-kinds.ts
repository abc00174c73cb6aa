// Qwen Code's hook events that mean one of the common hook kinds (0.24.4: Claude Code's names).

import type { AgentHookKind } from "../../src/contracts/public-types.js";

export const QWEN_HOOK_KINDS: Readonly<Partial<Record<string, AgentHookKind>>> = Object.freeze({
  SessionStart: "session_start",
  SessionEnd: "session_end",
  UserPromptSubmit: "turn_start",
  Stop: "turn_end",
  StopFailure: "turn_failed",
  PreToolUse: "tool_before",
  PostToolUse: "tool_after",
  PostToolUseFailure: "tool_failed",
  PermissionRequest: "permission",
  PreCompact: "compact_before",
  PostCompact: "compact_after",
});
