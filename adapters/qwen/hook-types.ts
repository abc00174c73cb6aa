// Typed Qwen Code hook inputs (keys as observed in real 0.24.4 payloads) and the handler responses Elwood relays per event.
import type { QwenHookEventName } from "./hook-events.js";

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** Keys every Qwen hook input carries (0.24.4); `prompt_id` is present on turn-scoped events. */
export type QwenHookCommon = {
  readonly session_id: string;
  readonly transcript_path: string;
  readonly cwd: string;
  readonly timestamp?: string;
  readonly permission_mode?: string;
  readonly prompt_id?: string;
};

type ToolFields = { tool_name: string; tool_input: Readonly<Record<string, unknown>>; tool_use_id?: string; tool_call_id?: string };
type P<E extends QwenHookEventName, Extra> = QwenHookCommon & { readonly hook_event_name: E } & Readonly<Extra>;

export type QwenHookPayloads = {
  SessionStart: P<"SessionStart", { source: string; model?: string }>;
  SessionEnd: P<"SessionEnd", { reason: string }>;
  SessionDelete: P<"SessionDelete", Record<string, unknown>>;
  /** `prompt` is "" when the CLI sends a tool's result back to the model (the same turn going on). */
  UserPromptSubmit: P<"UserPromptSubmit", { prompt: string; submitted_prompt?: string }>;
  UserPromptExpansion: P<"UserPromptExpansion", Record<string, unknown>>;
  /** Fired at execution time, after a permission dialog was answered (it cannot pre-empt the dialog: PermissionRequest can). */
  PreToolUse: P<"PreToolUse", ToolFields>;
  PostToolUse: P<"PostToolUse", ToolFields & { tool_response: unknown; duration_ms?: number }>;
  PostToolUseFailure: P<"PostToolUseFailure", ToolFields & Record<string, unknown>>;
  PostToolBatch: P<"PostToolBatch", { tool_calls?: unknown }>;
  PermissionRequest: P<"PermissionRequest", ToolFields>;
  PermissionDenied: P<"PermissionDenied", ToolFields>;
  Notification: P<"Notification", { notification_type?: string; message?: string; title?: string }>;
  Stop: P<"Stop", { stop_hook_active: boolean; last_assistant_message?: string }>;
  StopFailure: P<"StopFailure", Record<string, unknown>>;
  MessageDisplay: P<"MessageDisplay", { displayed_text?: string; is_final?: boolean; message_id?: string }>;
  PreCompact: P<"PreCompact", { trigger?: string }>;
  PostCompact: P<"PostCompact", { trigger?: string }>;
  SubagentStart: P<"SubagentStart", Record<string, unknown>>;
  SubagentStop: P<"SubagentStop", Record<string, unknown>>;
  TodoCreated: P<"TodoCreated", Record<string, unknown>>;
  TodoCompleted: P<"TodoCompleted", Record<string, unknown>>;
  InstructionsLoaded: P<"InstructionsLoaded", { load_reason?: string; file_path?: string }>;
};

export type QwenHookPayload = QwenHookPayloads[QwenHookEventName];

type Context = { readonly additionalContext?: string };
type Block = { readonly decision: "block"; readonly reason: string } & Context;

/** What a handler may return; observe-only events return nothing (`void`). */
export type QwenHookResponses = {
  PreToolUse:
    | ({ readonly permissionDecision: "allow" | "deny" | "ask"; readonly permissionDecisionReason?: string; readonly updatedInput?: Readonly<Record<string, Json>> } & Context)
    | { readonly additionalContext: string };
  PermissionRequest: { readonly behavior: "allow"; readonly updatedInput?: Readonly<Record<string, Json>> } | { readonly behavior: "deny"; readonly message?: string };
  UserPromptSubmit: Block | { readonly additionalContext: string };
  Stop: Block;
  SubagentStop: Block;
  SessionStart: { readonly additionalContext: string };
};

type Answered = keyof QwenHookResponses;

export type QwenHookHandler<E extends QwenHookEventName> = (
  payload: QwenHookPayloads[E],
) => (E extends Answered ? QwenHookResponses[E] : never) | void | Promise<(E extends Answered ? QwenHookResponses[E] : never) | void>;

/** Handlers keyed by event name. */
export type QwenHookHandlers = { readonly [E in QwenHookEventName]?: QwenHookHandler<E> };
