// Maps a hook event onto the adapter-neutral activity stream (metadata only where the hook carries it).

import type { ActivityEvent, ActivityKind } from "./contracts/public-types.js";

type ActivityDraft = Omit<ActivityEvent, "elwoodSessionId" | "agent">;

const KIND_BY_HOOK: Readonly<Record<string, ActivityKind>> = {
  UserPromptSubmit: "user_message",
  PreToolUse: "tool_call",
  PermissionRequest: "permission_request",
  PostToolUse: "tool_result",
  PostToolUseFailure: "tool_result",
  Stop: "assistant_message",
  SubagentStop: "subagent_message",
  Notification: "notification",
  SessionStart: "session_start",
  SessionEnd: "session_end",
  PreCompact: "compact",
  PostCompact: "compact",
};

function stringify(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

export function activityForHook(name: string, payload: Readonly<Record<string, unknown>>): ActivityDraft {
  const kind: ActivityKind = KIND_BY_HOOK[name] ?? "hook";
  const draft: Record<string, unknown> = { source: "hook", kind, label: name, hookEventName: name, raw: payload };
  if (typeof payload["tool_name"] === "string") draft["toolName"] = payload["tool_name"];
  if (typeof payload["tool_use_id"] === "string") draft["toolUseId"] = payload["tool_use_id"];
  if (typeof payload["transcript_path"] === "string") draft["transcriptPath"] = payload["transcript_path"];
  if (kind === "tool_call") {
    const input = stringify(payload["tool_input"]);
    if (input !== undefined) draft["toolInput"] = input;
  }
  if (kind === "tool_result") {
    const output = stringify(payload["tool_response"]);
    if (output !== undefined) draft["toolOutput"] = output;
  }
  if (name === "UserPromptSubmit" && typeof payload["prompt"] === "string") draft["text"] = payload["prompt"];
  if (name === "Stop" && typeof payload["last_assistant_message"] === "string") draft["text"] = payload["last_assistant_message"];
  if (name === "Notification" && typeof payload["message"] === "string") draft["text"] = payload["message"];
  return draft as unknown as ActivityDraft;
}
