// Typed Claude Code hook inputs and responses per event (fields as found in the 2.1.215/2.1.332 binaries' hook schemas).
import type { ClaudeHookEventName } from "./hook-events.js";

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** Keys every hook input carries. `prompt_id` is absent before the first prompt. */
export type ClaudeHookCommon = {
  readonly session_id: string;
  readonly transcript_path: string;
  readonly cwd: string;
  readonly prompt_id?: string;
  readonly permission_mode?: string;
  readonly agent_id?: string;
  readonly agent_type?: string;
  readonly effort?: { readonly level: string };
};

type P<E extends ClaudeHookEventName, Extra> = ClaudeHookCommon & { readonly hook_event_name: E } & Readonly<Extra>;

/** Built-in tool inputs Elwood types; anything else (incl. `mcp__server__tool`) stays `Record<string, unknown>`. */
export type ClaudeToolInputs = {
  Bash: { command: string; description?: string; timeout?: number; run_in_background?: boolean };
  Read: { file_path: string; offset?: number; limit?: number };
  Write: { file_path: string; content: string };
  Edit: { file_path: string; old_string: string; new_string: string; replace_all?: boolean };
  Glob: { pattern: string; path?: string };
  Grep: { pattern: string; path?: string; glob?: string; output_mode?: string };
  WebFetch: { url: string; prompt: string };
  WebSearch: { query: string; allowed_domains?: string[]; blocked_domains?: string[] };
  AskUserQuestion: {
    questions: Array<{ question: string; header: string; options: Array<{ label: string; description: string }>; multiSelect: boolean }>;
    answers?: Record<string, string>;
  };
  TaskGet: { taskId: string };
  TaskOutput: { task_id: string; block: boolean; timeout: number };
  TaskStop: { task_id?: string; /** @deprecated */ shell_id?: string };
  CronDelete: { id: string };
  ExitPlanMode: { allowedPrompts?: Array<{ tool: "Bash"; prompt: string }> };
};
export type ClaudeToolName = keyof ClaudeToolInputs;

type ToolFields = { tool_name: string; tool_input: Record<string, unknown> };

/** Narrow a tool event's `tool_input` by its tool name (the safe path for built-ins; unknown names keep the record type). */
export function isClaudeTool<T extends ClaudeToolName, X extends { readonly tool_name: string; readonly tool_input: unknown }>(
  payload: X,
  tool: T,
): payload is X & { readonly tool_name: T; readonly tool_input: Readonly<ClaudeToolInputs[T]> } {
  return payload.tool_name === tool;
}

export type ClaudeBackgroundTask = { id: string; type: string; status: string; description: string; command?: string };
export type ClaudeSessionCron = { id: string; schedule: string; recurring: boolean; prompt: string };
type ModelSwitch = {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  source: string;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: string;
  estimated_cache_write_usd: number;
  pricing: string;
};

/** Hook input per event; `hook_event_name` is the discriminant. */
export type ClaudeHookPayloads = {
  PreToolUse: P<"PreToolUse", ToolFields & { tool_use_id: string }>;
  PermissionRequest: P<"PermissionRequest", ToolFields & { permission_suggestions?: readonly unknown[] }>;
  PostToolUse: P<"PostToolUse", ToolFields & { tool_use_id: string; tool_response: unknown; duration_ms?: number }>;
  PostToolUseFailure: P<"PostToolUseFailure", ToolFields & { tool_use_id: string; error: string; is_interrupt?: boolean; duration_ms?: number }>;
  PostToolBatch: P<"PostToolBatch", { tool_calls: ReadonlyArray<ToolFields & { tool_use_id: string; tool_response?: unknown }> }>;
  PermissionDenied: P<"PermissionDenied", ToolFields & { tool_use_id: string; reason: string }>;
  Notification: P<"Notification", { message: string; title?: string; notification_type: string }>;
  UserPromptSubmit: P<"UserPromptSubmit", { prompt: string; source?: string; session_title?: string }>;
  UserPromptExpansion: P<"UserPromptExpansion", { expansion_type: string; command_name: string; command_args: string; command_source?: string; prompt: string }>;
  SessionStart: P<"SessionStart", { source: "startup" | "resume" | "clear" | "compact" | "fork"; model?: string; session_title?: string }>;
  SessionEnd: P<"SessionEnd", { reason: string }>;
  Setup: P<"Setup", { trigger: "init" | "maintenance" }>;
  Stop: P<"Stop", { stop_hook_active: boolean; last_assistant_message?: string; background_tasks?: readonly ClaudeBackgroundTask[]; session_crons?: readonly ClaudeSessionCron[] }>;
  /** Deliberately loose: Claude's rejection details vary, so these fields are admitted in any shape and consumers narrow. */
  StopFailure: P<"StopFailure", { error?: unknown; error_details?: unknown; last_assistant_message?: unknown }>;
  SubagentStart: P<"SubagentStart", { agent_id: string; agent_type: string }>;
  SubagentStop: P<"SubagentStop", { stop_hook_active: boolean; agent_id: string; agent_transcript_path: string; agent_type: string; last_assistant_message?: string }>;
  PreCompact: P<"PreCompact", { trigger: "manual" | "auto"; custom_instructions: string | null }>;
  PostCompact: P<"PostCompact", { trigger: "manual" | "auto"; compact_summary: string }>;
  PreModelSwitch: P<"PreModelSwitch", ModelSwitch>;
  PostModelSwitch: P<"PostModelSwitch", ModelSwitch>;
  TeammateIdle: P<"TeammateIdle", { teammate_name: string; team_name: string }>;
  TaskCreated: P<"TaskCreated", { task_id: string; task_subject: string; task_description?: string; teammate_name?: string; team_name?: string }>;
  TaskCompleted: P<"TaskCompleted", { task_id: string; task_subject: string; task_description?: string; teammate_name?: string; team_name?: string }>;
  Elicitation: P<"Elicitation", { mcp_server_name: string; message: string; mode?: "form" | "url"; url?: string; elicitation_id?: string; requested_schema?: Record<string, unknown> }>;
  ElicitationResult: P<"ElicitationResult", { mcp_server_name: string; elicitation_id?: string; mode?: "form" | "url"; action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }>;
  ConfigChange: P<"ConfigChange", { source: string; file_path?: string }>;
  InstructionsLoaded: P<"InstructionsLoaded", { file_path: string; memory_type: string; load_reason: string; globs?: readonly string[]; trigger_file_path?: string; parent_file_path?: string }>;
  WorktreeCreate: P<"WorktreeCreate", { name: string }>;
  WorktreeRemove: P<"WorktreeRemove", { worktree_path: string }>;
  CwdChanged: P<"CwdChanged", { old_cwd: string; new_cwd: string }>;
  FileChanged: P<"FileChanged", { file_path: string; event: "change" | "add" | "unlink" }>;
  DirectoryAdded: P<"DirectoryAdded", { directory: string; source: string }>;
  MessageDisplay: P<"MessageDisplay", { turn_id: string; message_id: string; index: number; final: boolean; delta: string }>;
  PreSkillShellCommand: P<"PreSkillShellCommand", { tool_name: string; tool_input: { command: string }; tool_use_id: string; command_name: string; command_source?: string; invoked_by: "user" | "claude" | "other" }>;
};

export type ClaudeHookPayload = ClaudeHookPayloads[ClaudeHookEventName];

/** Fields every hook may return (Claude's universal JSON output). */
export type ClaudeCommonResponse = {
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly suppressOutput?: boolean;
  readonly systemMessage?: string;
};

type R<Extra> = ClaudeCommonResponse & Readonly<Extra>;
type Context = { additionalContext?: string };
type Block = { decision?: "block"; reason?: string };

/** What a parent handler may return per event. Observe-only events get only the common fields or context. */
export type ClaudeHookResponses = {
  PreToolUse: R<{ permissionDecision?: "allow" | "deny" | "ask" | "defer"; permissionDecisionReason?: string; updatedInput?: Record<string, Json>; additionalContext?: string }>;
  PermissionRequest: R<
    | { behavior: "allow"; updatedInput?: Record<string, Json>; updatedPermissions?: readonly Json[] }
    | { behavior: "deny"; message?: string; interrupt?: boolean }
  >;
  PostToolUse: R<Block & Context & { updatedToolOutput?: Json; updatedMCPToolOutput?: Json }>;
  PostToolUseFailure: R<Context>;
  PostToolBatch: R<Context>;
  PermissionDenied: R<{ retry?: boolean }>;
  Notification: R<Context>;
  UserPromptSubmit: R<Block & Context & { sessionTitle?: string }>;
  UserPromptExpansion: R<Block & Context>;
  SessionStart: R<Context & { initialUserMessage?: string; sessionTitle?: string; watchPaths?: readonly string[] }>;
  SessionEnd: ClaudeCommonResponse;
  Setup: R<Context>;
  Stop: R<{ decision: "block"; reason: string } | Context>;
  StopFailure: ClaudeCommonResponse;
  SubagentStart: R<Context>;
  SubagentStop: R<{ decision: "block"; reason: string } | Context>;
  PreCompact: ClaudeCommonResponse;
  PostCompact: ClaudeCommonResponse;
  PreModelSwitch: R<{ permissionDecision?: "allow" | "deny" | "ask"; permissionDecisionReason?: string }>;
  PostModelSwitch: R<Context>;
  TeammateIdle: ClaudeCommonResponse;
  TaskCreated: ClaudeCommonResponse;
  TaskCompleted: ClaudeCommonResponse;
  Elicitation: R<{ action?: "accept" | "decline" | "cancel"; content?: Record<string, Json> }>;
  ElicitationResult: R<{ action?: "accept" | "decline" | "cancel"; content?: Record<string, Json> }>;
  ConfigChange: ClaudeCommonResponse;
  InstructionsLoaded: ClaudeCommonResponse;
  WorktreeCreate: { readonly worktreePath: string };
  WorktreeRemove: ClaudeCommonResponse;
  CwdChanged: R<{ watchPaths?: readonly string[] }>;
  FileChanged: R<{ watchPaths?: readonly string[] }>;
  DirectoryAdded: ClaudeCommonResponse;
  MessageDisplay: R<{ displayContent?: string }>;
  PreSkillShellCommand: R<{ permissionDecision?: "allow" | "deny" | "ask" | "defer"; permissionDecisionReason?: string }>;
};

export type ClaudeHookHandler<E extends ClaudeHookEventName> = (
  payload: ClaudeHookPayloads[E],
) => ClaudeHookResponses[E] | void | Promise<ClaudeHookResponses[E] | void>;

/** Parent handlers keyed by event; a missing handler means "no decision", exactly as if no hook were installed. */
export type ClaudeHookHandlers = { readonly [E in ClaudeHookEventName]?: ClaudeHookHandler<E> };
