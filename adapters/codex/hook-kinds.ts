// Codex's hook events that mean one of the common hook kinds (0.144.6 has no SessionEnd; 0.171.0 adds it). Codex
// reports a failed turn in its rollout, not by a hook, and a failed tool through PostToolUse.

import type { AgentHookKind } from "../../src/contracts/public-types.js";

export const CODEX_HOOK_KINDS: Readonly<Partial<Record<string, AgentHookKind>>> = Object.freeze({
  SessionStart: "session_start",
  SessionEnd: "session_end",
  UserPromptSubmit: "turn_start",
  Stop: "turn_end",
  PreToolUse: "tool_before",
  PostToolUse: "tool_after",
  PermissionRequest: "permission",
  PreCompact: "compact_before",
  PostCompact: "compact_after",
});
