// Maps a hook event onto the adapter-neutral activity stream (metadata only where the hook carries it).
// Stop, PreToolUse, PostToolUse(Failure) are plain `hook` activity: the assistant's words, tool calls and results come
// only from the transcript (Stop's `last_assistant_message` may be an unsubmitted draft; projecting both would duplicate).

import type { ActivityEvent, ActivityKind } from "./contracts/public-types.js";

type ActivityDraft = Omit<ActivityEvent, "elwoodSessionId" | "agent">;

const KIND_BY_HOOK: Readonly<Record<string, ActivityKind>> = {
  UserPromptSubmit: "user_message",
  PermissionRequest: "permission_request",
  SubagentStop: "subagent_message",
  Notification: "notification",
  SessionStart: "session_start",
  SessionEnd: "session_end",
  PreCompact: "compact",
  PostCompact: "compact",
};

export function activityForHook(name: string, payload: Readonly<Record<string, unknown>>): ActivityDraft {
  const kind: ActivityKind = KIND_BY_HOOK[name] ?? "hook";
  const draft: Record<string, unknown> = { source: "hook", kind, label: name, hookEventName: name, raw: payload };
  if (typeof payload["tool_name"] === "string") draft["toolName"] = payload["tool_name"];
  if (typeof payload["tool_use_id"] === "string") draft["toolUseId"] = payload["tool_use_id"];
  if (typeof payload["transcript_path"] === "string") draft["transcriptPath"] = payload["transcript_path"];
  if (name === "UserPromptSubmit" && typeof payload["prompt"] === "string") draft["text"] = payload["prompt"];
  if (name === "Notification" && typeof payload["message"] === "string") draft["text"] = payload["message"];
  return draft as unknown as ActivityDraft;
}
