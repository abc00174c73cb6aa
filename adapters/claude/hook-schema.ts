// Runtime shapes of Claude hook inputs (required fields per event, built-in tool inputs) and of handler responses per event.
import type { ClaudeHookEventName } from "./hook-events.js";

export type Kind = "string" | "boolean" | "number" | "record" | "array" | "stringArray" | "json" | "stringOrNull" | readonly string[];

export function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function hasKind(v: unknown, kind: Kind): boolean {
  if (Array.isArray(kind)) return typeof v === "string" && kind.includes(v);
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "record":
      return isRecord(v);
    case "array":
      return Array.isArray(v);
    case "stringArray":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    case "stringOrNull":
      return v === null || typeof v === "string";
    case "json":
      return v !== undefined;
  }
  return false;
}

/** First field of `rec` not matching `fields` (required when `required`), as a message; undefined when all match. */
export function checkFields(rec: Readonly<Record<string, unknown>>, fields: Readonly<Record<string, Kind>>, required: boolean): string | undefined {
  for (const [key, kind] of Object.entries(fields)) {
    const v = rec[key];
    if (v === undefined) {
      if (required) return `missing ${key}`;
      continue;
    }
    if (!hasKind(v, kind)) return `${key} has the wrong type`;
  }
  return undefined;
}

const TOOL: Record<string, Kind> = { tool_name: "string", tool_input: "record" };

/** Required input fields per event, from Claude's own hook input schemas (optional fields are type-checked elsewhere only by TS). */
export const REQUIRED_INPUT: { readonly [E in ClaudeHookEventName]: Readonly<Record<string, Kind>> } = {
  PreToolUse: { ...TOOL, tool_use_id: "string" },
  PermissionRequest: TOOL,
  PostToolUse: { ...TOOL, tool_use_id: "string" },
  PostToolUseFailure: { ...TOOL, tool_use_id: "string", error: "string" },
  PostToolBatch: { tool_calls: "array" },
  PermissionDenied: { ...TOOL, tool_use_id: "string", reason: "string" },
  Notification: { message: "string", notification_type: "string" },
  UserPromptSubmit: { prompt: "string" },
  UserPromptExpansion: { prompt: "string", command_name: "string" },
  SessionStart: { source: "string" },
  SessionEnd: { reason: "string" },
  Setup: { trigger: "string" },
  Stop: { stop_hook_active: "boolean" },
  StopFailure: {},
  SubagentStart: { agent_id: "string" },
  SubagentStop: { agent_id: "string", agent_transcript_path: "string" },
  PreCompact: { trigger: "string", custom_instructions: "stringOrNull" },
  PostCompact: { compact_summary: "string" },
  PreModelSwitch: { from_model: "string", to_model: "string" },
  PostModelSwitch: { from_model: "string", to_model: "string" },
  TeammateIdle: { teammate_name: "string" },
  TaskCreated: { task_id: "string", task_subject: "string" },
  TaskCompleted: { task_id: "string", task_subject: "string" },
  Elicitation: { mcp_server_name: "string", message: "string" },
  ElicitationResult: { mcp_server_name: "string" },
  ConfigChange: { source: "string" },
  InstructionsLoaded: { file_path: "string" },
  WorktreeCreate: { name: "string" },
  WorktreeRemove: { worktree_path: "string" },
  CwdChanged: { new_cwd: "string" },
  FileChanged: { file_path: "string" },
  DirectoryAdded: { directory: "string" },
  MessageDisplay: { delta: "string", final: "boolean" },
  PreSkillShellCommand: { tool_name: "string", tool_input: "record", command_name: "string" },
};

/** Field types of known built-in tool inputs: required ones for ingress, and the same table checks rewrites field by field. */
export const TOOL_INPUT_FIELDS: Readonly<Record<string, { readonly required: Readonly<Record<string, Kind>>; readonly optional: Readonly<Record<string, Kind>> }>> = {
  Bash: { required: { command: "string" }, optional: { description: "string", timeout: "number", run_in_background: "boolean" } },
  Read: { required: { file_path: "string" }, optional: { offset: "number", limit: "number" } },
  Write: { required: { file_path: "string", content: "string" }, optional: {} },
  Edit: { required: { file_path: "string", old_string: "string", new_string: "string" }, optional: { replace_all: "boolean" } },
  Glob: { required: { pattern: "string" }, optional: { path: "string" } },
  Grep: { required: { pattern: "string" }, optional: { path: "string", glob: "string", output_mode: "string" } },
  WebFetch: { required: { url: "string", prompt: "string" }, optional: {} },
  WebSearch: { required: { query: "string" }, optional: { allowed_domains: "stringArray", blocked_domains: "stringArray" } },
  AskUserQuestion: { required: { questions: "array" }, optional: { answers: "record" } },
  TaskGet: { required: { taskId: "string" }, optional: {} },
  TaskOutput: { required: { task_id: "string" }, optional: { block: "boolean", timeout: "number" } },
  TaskStop: { required: {}, optional: { task_id: "string", shell_id: "string" } },
  CronDelete: { required: { id: "string" }, optional: {} },
  ExitPlanMode: { required: {}, optional: { allowedPrompts: "array" } },
};

/** Ingress: a known tool's input must carry its required fields with the right types. */
export function checkToolInput(toolName: string, input: Readonly<Record<string, unknown>>): string | undefined {
  const t = TOOL_INPUT_FIELDS[toolName];
  if (t === undefined) return undefined;
  return checkFields(input, t.required, true) ?? checkFields(input, t.optional, false);
}

/** Rewrites: every field a known tool defines must keep its type when present. */
export function checkToolRewrite(toolName: string, input: Readonly<Record<string, unknown>>): string | undefined {
  const t = TOOL_INPUT_FIELDS[toolName];
  if (t === undefined) return undefined;
  return checkFields(input, { ...t.required, ...t.optional }, false);
}

const COMMON: Readonly<Record<string, Kind>> = { continue: "boolean", stopReason: "string", suppressOutput: "boolean", systemMessage: "string" };
const BLOCK: Readonly<Record<string, Kind>> = { decision: ["block"], reason: "string" };
const CONTEXT: Readonly<Record<string, Kind>> = { additionalContext: "string" };

/**
 * Where each response field goes on the wire: `top` fields sit beside the common ones, `specific` fields go into
 * `hookSpecificOutput`. `special` events have their own mapping in hook-wire.ts.
 */
export type ResponseSpec = {
  readonly top: Readonly<Record<string, Kind>>;
  readonly specific: Readonly<Record<string, Kind>>;
  readonly special?: "PermissionRequest" | "WorktreeCreate";
};

const spec = (top: Readonly<Record<string, Kind>>, specific: Readonly<Record<string, Kind>>): ResponseSpec => ({ top, specific });
const COMMON_ONLY = spec({}, {});
const CONTEXT_ONLY = spec({}, CONTEXT);

export const RESPONSE_SPECS: { readonly [E in ClaudeHookEventName]: ResponseSpec } = {
  PreToolUse: spec({}, { permissionDecision: ["allow", "deny", "ask", "defer"], permissionDecisionReason: "string", updatedInput: "record", ...CONTEXT }),
  PermissionRequest: { top: {}, specific: {}, special: "PermissionRequest" },
  PostToolUse: spec(BLOCK, { ...CONTEXT, updatedToolOutput: "json", updatedMCPToolOutput: "json" }),
  PostToolUseFailure: CONTEXT_ONLY,
  PostToolBatch: CONTEXT_ONLY,
  PermissionDenied: spec({}, { retry: "boolean" }),
  Notification: CONTEXT_ONLY,
  UserPromptSubmit: spec(BLOCK, { ...CONTEXT, sessionTitle: "string" }),
  UserPromptExpansion: spec(BLOCK, CONTEXT),
  SessionStart: spec({}, { ...CONTEXT, initialUserMessage: "string", sessionTitle: "string", watchPaths: "stringArray" }),
  SessionEnd: COMMON_ONLY,
  Setup: CONTEXT_ONLY,
  Stop: spec(BLOCK, CONTEXT),
  StopFailure: COMMON_ONLY,
  SubagentStart: CONTEXT_ONLY,
  SubagentStop: spec(BLOCK, CONTEXT),
  PreCompact: COMMON_ONLY,
  PostCompact: COMMON_ONLY,
  PreModelSwitch: spec({}, { permissionDecision: ["allow", "deny", "ask"], permissionDecisionReason: "string" }),
  PostModelSwitch: CONTEXT_ONLY,
  TeammateIdle: COMMON_ONLY,
  TaskCreated: COMMON_ONLY,
  TaskCompleted: COMMON_ONLY,
  Elicitation: spec({}, { action: ["accept", "decline", "cancel"], content: "record" }),
  ElicitationResult: spec({}, { action: ["accept", "decline", "cancel"], content: "record" }),
  ConfigChange: COMMON_ONLY,
  InstructionsLoaded: COMMON_ONLY,
  WorktreeCreate: { top: {}, specific: {}, special: "WorktreeCreate" },
  WorktreeRemove: COMMON_ONLY,
  CwdChanged: spec({}, { watchPaths: "stringArray" }),
  FileChanged: spec({}, { watchPaths: "stringArray" }),
  DirectoryAdded: COMMON_ONLY,
  MessageDisplay: spec({}, { displayContent: "string" }),
  PreSkillShellCommand: spec({}, { permissionDecision: ["allow", "deny", "ask", "defer"], permissionDecisionReason: "string" }),
};

export const COMMON_RESPONSE_FIELDS = COMMON;
