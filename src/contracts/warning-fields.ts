// The common fields of a session warning that follow from its code: its source, and its content-free `raw` line (spec B §4.2).

import type { AgentWarningCategory, AgentWarningCode, WarningCode, WarningSource } from "./public-types.js";

type CommonWarningCode = Exclude<WarningCode, AgentWarningCode>;

/** An agent's own warning code (`<agent>_<category>`) by its category; the common codes are keyed by themselves. */
const CATEGORIES: readonly AgentWarningCategory[] = ["default_model_persisted"];
function keyOf(code: WarningCode): CommonWarningCode | AgentWarningCategory {
  const category = CATEGORIES.find((c) => code.endsWith(`_${c}`));
  return category ?? (code as CommonWarningCode);
}

/** Each code's source (spec B §4.3; the two codes the spec does not list are placed by where they are observed). */
const SOURCES: Readonly<Record<CommonWarningCode | AgentWarningCategory, WarningSource>> = {
  version_unparseable: "lifecycle",
  resize_restore_failed: "lifecycle",
  startup_prompt_write_failed: "terminal",
  clipboard_restore_failed: "lifecycle",
  default_model_persisted: "lifecycle",
  hook_observer_failed: "lifecycle",
  // Seen on the screen: the dialog did not change.
  dialog_keys_no_effect: "terminal",
  login_expired: "terminal",
  // Elwood's own state directory.
  state_write_failed: "lifecycle",
  transcript_listener_error: "terminal",
  transcript_records_dropped: "terminal",
  transcript_poll_stopped: "terminal",
  transcript_read_error: "terminal",
  reap_failed: "lifecycle",
  mcp_server_not_logged_in: "terminal",
  mcp_startup_incomplete: "terminal",
  agent_update_failed: "lifecycle",
};

/**
 * The detail fields each code's `raw` line may carry: short enumerations, errnos and numbers only. Paths and free
 * text never do (a path can name a user or a project; `transcriptPath` stays in `details`).
 */
const RAW_FIELDS: Readonly<Record<CommonWarningCode | AgentWarningCategory, readonly string[]>> = {
  version_unparseable: [],
  resize_restore_failed: ["requestedCols", "requestedRows", "errorCode"],
  startup_prompt_write_failed: ["label"],
  clipboard_restore_failed: [],
  default_model_persisted: ["reason"],
  hook_observer_failed: ["phase"],
  dialog_keys_no_effect: ["dialog"],
  // Fixed raw: the recovery command is always the adapter's own (in details).
  login_expired: [],
  state_write_failed: ["errno"],
  transcript_listener_error: ["channel"],
  transcript_records_dropped: ["cause"],
  transcript_poll_stopped: ["reason", "phase"],
  transcript_read_error: ["lastErrorCode"],
  reap_failed: ["processGroupId", "errorCode"],
  // A server name is caller config, shown only when it is a short token; lists stay in `details`.
  mcp_server_not_logged_in: ["mcpServerName"],
  mcp_startup_incomplete: [],
  agent_update_failed: ["installedVersion", "errorCode", "exitStatus"],
};

/** A value `raw` may show: a short token (no spaces, quotes or control characters) or a finite number. */
const TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function warningSource(code: WarningCode): WarningSource {
  return SOURCES[keyOf(code)];
}

/** `code key=value …` from the code's allowlisted fields; anything else in `details` never reaches it. */
export function warningRaw(code: WarningCode, details: Readonly<Record<string, unknown>> | undefined): string {
  const parts: string[] = [code];
  for (const key of RAW_FIELDS[keyOf(code)]) {
    const value = details?.[key];
    if ((typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && TOKEN.test(value))) parts.push(`${key}=${value}`);
  }
  return parts.join(" ");
}

/** `hook_observer_failed`'s `phase`: which kind of delivery the throwing listener was on. */
export type ObserverPhase = "hook" | "activity" | "hook_error" | "transcript" | "lifecycle";

/** The phase of a listener of session event `event` (hook events, their activity, hook errors, transcript, the rest). */
export function observerPhase(event: string): ObserverPhase {
  if (event === "hook" || event.startsWith("hook:")) return "hook";
  if (event === "activity") return "activity";
  if (event === "hookError") return "hook_error";
  if (event.endsWith(":transcript")) return "transcript";
  return "lifecycle";
}
