// Typed Codex hook inputs (keys as observed in real 0.144.6/0.171.0 payloads) and handler responses per event.
import type { CodexHookEventName } from "./hook-events.js";

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** Keys every Codex hook input carries; `turn_id` is present on turn-scoped events. */
export type CodexHookCommon = {
  readonly session_id: string;
  readonly transcript_path: string | null;
  readonly cwd: string;
  readonly model?: string;
  readonly permission_mode?: string;
  readonly turn_id?: string;
};

/** Tool names as Elwood dispatches them: known ones, MCP tools verbatim, anything else `unknown:<raw>`. */
export type CodexToolName = "Bash" | "apply_patch" | `mcp__${string}` | `unknown:${string}`;

export type CodexToolInputs = {
  Bash: { command: string; description?: string };
  apply_patch: { command?: string; input?: string } & Record<string, unknown>;
};

type ToolFields = { tool_name: CodexToolName; tool_input: Readonly<Record<string, unknown>> };
type P<E extends CodexHookEventName, Extra> = CodexHookCommon & { readonly hook_event_name: E } & Readonly<Extra>;

export type CodexHookPayloads = {
  PreToolUse: P<"PreToolUse", ToolFields & { tool_use_id: string }>;
  PermissionRequest: P<"PermissionRequest", ToolFields>;
  PostToolUse: P<"PostToolUse", ToolFields & { tool_use_id: string; tool_response: unknown }>;
  PreCompact: P<"PreCompact", { trigger: "manual" | "auto" }>;
  PostCompact: P<"PostCompact", { trigger: "manual" | "auto" }>;
  SessionStart: P<"SessionStart", { source: "startup" | "resume" | "clear" | "compact" }>;
  SessionEnd: P<"SessionEnd", { reason: string }>;
  UserPromptSubmit: P<"UserPromptSubmit", { prompt: string }>;
  SubagentStart: P<"SubagentStart", Record<string, unknown>>;
  SubagentStop: P<"SubagentStop", { agent_transcript_path?: string; last_assistant_message?: string | null; stop_hook_active?: boolean }>;
  Stop: P<"Stop", { stop_hook_active: boolean; last_assistant_message?: string | null }>;
  Interrupt: P<"Interrupt", Record<string, unknown>>;
};

export type CodexHookPayload = CodexHookPayloads[CodexHookEventName];

type Context = { readonly additionalContext?: string };
type StopDecision =
  | ({ readonly decision: "block"; readonly reason: string } & Context)
  | ({ readonly continue: false; readonly stopReason: string } & Context);

/**
 * What a handler may return. Observe-only events have no response at all (`void`): `{}` is invalid on Codex
 * and fails open with a hookError. `updatedInput` is only for tool-keyed PreToolUse handlers.
 */
export type CodexHookResponses = {
  PreToolUse:
    | ({ readonly permissionDecision: "allow" | "deny"; readonly permissionDecisionReason?: string } & Context)
    | ({ readonly additionalContext: string });
  PermissionRequest: { readonly behavior: "allow" } | { readonly behavior: "deny"; readonly message?: string };
  PostToolUse: never;
  PreCompact: never;
  PostCompact: never;
  SessionStart: { readonly additionalContext: string };
  SessionEnd: never;
  UserPromptSubmit: never;
  SubagentStart: never;
  SubagentStop: StopDecision;
  Stop: StopDecision;
  Interrupt: never;
};

export type CodexPreToolRewrite = {
  readonly permissionDecision: "allow";
  readonly permissionDecisionReason?: string;
  readonly updatedInput: Readonly<Record<string, Json>>;
};

export type CodexHookHandler<E extends CodexHookEventName> = (
  payload: CodexHookPayloads[E],
) => CodexHookResponses[E] | void | Promise<CodexHookResponses[E] | void>;

type ToolKeyed<T extends "Bash" | "apply_patch"> = (
  payload: CodexHookPayloads["PreToolUse"] & { readonly tool_name: T; readonly tool_input: Readonly<CodexToolInputs[T]> },
) => CodexHookResponses["PreToolUse"] | CodexPreToolRewrite | void | Promise<CodexHookResponses["PreToolUse"] | CodexPreToolRewrite | void>;

/** Handlers keyed by event, plus tool-keyed PreToolUse handlers (the only place `updatedInput` is allowed). */
export type CodexHookHandlers = { readonly [E in CodexHookEventName]?: CodexHookHandler<E> } & {
  readonly "PreToolUse.Bash"?: ToolKeyed<"Bash">;
  readonly "PreToolUse.apply_patch"?: ToolKeyed<"apply_patch">;
};
