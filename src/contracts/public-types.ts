// Public, adapter-neutral value types shared by every session: status, size, decisions, activity, warnings.

import type { AgentKind, AgentKindRegistry } from "./agent-kinds.js";

export type SessionStatus =
  | "starting"
  | "running"
  | "ready"
  | "blocked"
  | "stopped"
  | "exited"
  | "killed"
  | "torn_down";

export const TERMINAL_STATUSES: ReadonlySet<SessionStatus> = new Set([
  "stopped",
  "exited",
  "killed",
  "torn_down",
]);

export function isTerminalStatus(status: SessionStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

export type { AgentKind };

/**
 * What a hook event means, in one vocabulary for every agent (each adapter maps its own event names onto it): the
 * session started or ended, a turn started (the prompt was submitted) or ended (with `turn_failed` for an API error),
 * a tool is about to run, ran, or failed, a permission is asked, a compaction starts or ended.
 */
export type AgentHookKind =
  | "session_start"
  | "session_end"
  | "turn_start"
  | "turn_end"
  | "turn_failed"
  | "tool_before"
  | "tool_after"
  | "tool_failed"
  | "permission"
  | "compact_before"
  | "compact_after";

export interface TerminalSize {
  readonly cols: number;
  readonly rows: number;
}

export const DEFAULT_TERMINAL_SIZE: TerminalSize = { cols: 189, rows: 48 };

/** Content-free description of the evidence a status decision was made on. */
export interface StatusEvidence {
  /** Event kind, e.g. `frame`, `hook.Stop`, `turn.ended`, `pty.exit`. */
  readonly kind: string;
  /** Screen-fact rule ids that matched (frames only). */
  readonly ruleIds?: readonly string[];
  /** Where the evidence came from, e.g. `hook`, `footer`, `title`, `banner`, `deadline`. */
  readonly source?: string;
}

export interface StatusDecision {
  readonly at: number;
  readonly evidence: StatusEvidence;
  readonly from: SessionStatus;
  /** Undefined when the evidence was ignored. */
  readonly to: SessionStatus | undefined;
  readonly reason: string;
}

export type ActivitySource = "hook" | "transcript" | "terminal" | "lifecycle";

/** Every kind of activity a session emits: from hooks, the terminal's turn edges and prompts, and the lifecycle. */
export type ActivityKind =
  /** A prompt the CLI accepted (UserPromptSubmit). */
  | "user_message"
  /** A tool call the agent committed to its transcript; `toolName`, `toolUseId`, `toolInput` (never from PreToolUse). */
  | "tool_call"
  /** The CLI asks for a tool permission (PermissionRequest). */
  | "permission_request"
  /** A tool's outcome as the transcript records it; `toolUseId`, `toolOutput` (never from PostToolUse). */
  | "tool_result"
  /** One committed assistant text block from the transcript; `text` (never Stop's `last_assistant_message`). */
  | "assistant_message"
  | "subagent_message"
  | "notification"
  | "session_start"
  | "session_end"
  /** PreCompact / PostCompact. */
  | "compact"
  /** Any other hook the CLI sent (incl. Stop, PreToolUse, PostToolUse); `label` and `hookEventName` name it. */
  | "hook"
  /** A caller's hook handler answered; `failedOpen` when its answer could not be used. */
  | "hook_result"
  /** A hook call failed (the CLI went on as if no hook ran). */
  | "hook_error"
  /** A status change; `status` is the new one. */
  | "status"
  | "turn_started"
  | "turn_ended"
  /** A start-up dialog the session answered or saw (`label` names it, e.g. `workspace_trust`). */
  | "startup_prompt"
  /** The agent waits on a human decision (a blocking dialog). */
  | "attention"
  /** A committed reasoning/thinking block from the transcript; `text`. */
  | "reasoning"
  /** Any other Codex transcript observation (status phases and the like; `label` names the record type). */
  | "transcript"
  /** A session warning, projected from the `warning` event; `label` is its code, `text` its message. */
  | "warning";

/** One new item of an agent's own transcript, as its `<agent>:transcript` event delivers it (live only, never persisted). */
export interface TranscriptSummary {
  readonly kind: "message" | "tool_call" | "tool_result" | "reasoning" | "web_search" | "other";
  /** What the item is: the message's role, the tool's name, or the record's own type. */
  readonly label: string;
  readonly text?: string;
  /** The parsed JSONL record, for in-memory rendering only. */
  readonly raw: unknown;
}

export interface ActivityEvent {
  readonly elwoodSessionId: string;
  readonly agent: AgentKind;
  readonly source: ActivitySource;
  readonly kind: ActivityKind;
  readonly label: string;
  readonly text?: string;
  readonly hookEventName?: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  readonly toolInput?: string;
  readonly toolOutput?: string;
  /** On a `tool_result`: true when the tool failed (the CLI recorded the result as an error); absent otherwise. */
  readonly toolIsError?: boolean;
  readonly status?: SessionStatus;
  readonly exitCode?: number;
  readonly failedOpen?: boolean;
  readonly transcriptPath?: string;
  /** The id `sendMessage`/`sendPrompt` returned for the turn this activity belongs to (the latest entered submission). */
  readonly turnId?: string;
  /** Live-only, not redacted. */
  readonly raw?: unknown;
}

/**
 * What an agent's own warning codes say, the same word for every agent: `<agent>_<category>`, as each agent's
 * registry entry declares them (`warningCode`). `default_model_persisted`: the picker's choice stayed in the CLI's
 * own config file (a takeover, another edit, a failed restore; `details.reason`).
 */
export type AgentWarningCategory = "default_model_persisted";

/** The warning codes the agents declare in their registry entries (`codex_default_model_persisted` …). */
export type AgentWarningCode = {
  readonly [K in AgentKind]: AgentKindRegistry[K] extends { readonly warningCode: infer W extends `${K}_${AgentWarningCategory}` } ? W : never;
}[AgentKind];

export type WarningCode =
  | AgentWarningCode
  | "version_unparseable"
  | "resize_restore_failed"
  | "startup_prompt_write_failed"
  | "clipboard_restore_failed"
  | "hook_observer_failed"
  /** Keys written while a blocking dialog was on screen left that dialog unchanged (see DIALOG_KEY_EFFECT_MS in machines/dialog-key-watch.ts). */
  | "dialog_keys_no_effect"
  /**
   * Claude shows a missing or lapsed login once the session is usable (`Not logged in · Please run /login`, or the
   * same status by its composer): `details.recoveryCommand` is `/login` (`session.login()` runs it). At most once per
   * session; the session stays alive.
   */
  | "login_expired"
  /** The session record could not be updated with the CLI's new conversation id (`details.errno`); resume may miss it. */
  | "state_write_failed"
  /**
   * A listener of transcript-derived events threw (`details.channel`: "codex:transcript" or "activity"); at most one
   * per channel per session, content-free, delivered in a microtask after the scan. Delivery and polling go on.
   */
  | "transcript_listener_error"
  /** Transcript records were dropped unread (TranscriptRecordsDroppedDetails); no count, no content. */
  | "transcript_records_dropped"
  /** A failure escaped the transcript watcher's poll or final flush: the watcher stopped (TranscriptPollStoppedDetails). */
  | "transcript_poll_stopped"
  /** A contained file-system error reading the transcript (TranscriptReadErrorDetails); the watcher retries. */
  | "transcript_read_error"
  /** After the agent exited on its own, processes of its group could not be ended (ReapFailedDetails). */
  | "reap_failed"
  /** Codex said an MCP server needs a login (McpServerNotLoggedInDetails); once per server per session. */
  | "mcp_server_not_logged_in"
  /** Codex said MCP startup finished with servers failed (McpStartupIncompleteDetails); each server once per session. */
  | "mcp_startup_incomplete"
  /**
   * `autoupdate`'s CLI update did not run or did not succeed, and the installed CLI still meets the minimum, so the
   * session started with it (AgentUpdateFailedDetails). Delivered once, after the start resolves.
   */
  | "agent_update_failed";

/** `reap_failed` details: the CLI's process group and why the reap failed (`EPERM`, or `ETIMEDOUT` when members outlived its bound). */
export type ReapFailedDetails = {
  readonly processGroupId: number;
  readonly errorCode: "EPERM" | "ETIMEDOUT";
};

/** `mcp_server_not_logged_in` details: the server's configured name and the command that logs it in. */
export type McpServerNotLoggedInDetails = {
  readonly mcpServerName: string;
  /** `codex mcp login <name>`, as the CLI printed it. */
  readonly recoveryCommand: string;
};

/** `mcp_startup_incomplete` details: the failed servers not reported before, with one login command each. */
export type McpStartupIncompleteDetails = {
  readonly failedServers: readonly string[];
  /** `codex mcp login <server>` for each of `failedServers`, in the same order. */
  readonly recoveryCommands: readonly string[];
};

/**
 * Why an `autoupdate` update failed: `exit_nonzero` (exit status in `exitStatus`), `signaled` (ended by a signal
 * it was not sent by Elwood), `ETIMEDOUT` (killed at the probe time bound), `E2BIG` (killed at the output cap), an
 * errno the login shell failed to spawn with, `spawn_failed` (any other spawn error), or `update_active` (another
 * process held the update lease for the whole wait: no update ran here).
 */
export type AgentUpdateErrorCode =
  | "exit_nonzero"
  | "signaled"
  | "ETIMEDOUT"
  | "E2BIG"
  | "ENOENT"
  | "EACCES"
  | "EPERM"
  | "EAGAIN"
  | "ENOMEM"
  | "spawn_failed"
  | "update_active";

/** `agent_update_failed` details: no environment, no paths; `stderr` is the update's own, its last 2000 characters at most. */
export type AgentUpdateFailedDetails = {
  /** The version the session runs, as `--version` reported it after the attempt ("unknown" when unparseable). */
  readonly installedVersion: string;
  readonly errorCode: AgentUpdateErrorCode;
  /** The update's exit status, with `exit_nonzero`. */
  readonly exitStatus?: number;
  /** Absent with `update_active`. */
  readonly stderr?: string;
};

/** `transcript_records_dropped` details: at most one per transcript file and cause per scan pass. */
export type TranscriptRecordsDroppedDetails = {
  readonly cause: "unparseable" | "oversized" | "unread_backlog";
  readonly transcriptPath: string;
};

/** `transcript_poll_stopped` details: `reason` is an allowlisted error name (an errno or a standard error name, else "UnknownError"). */
export type TranscriptPollStoppedDetails = {
  readonly reason: string;
  readonly phase: "poll" | "final_flush";
};

/** `transcript_read_error` details: `lastErrorCode` is an allowlisted Node errno. */
export type TranscriptReadErrorDetails = {
  readonly lastErrorCode: string;
  readonly transcriptPath: string;
};

/** Where a warning was observed: the session's own lifecycle, or what the CLI showed (its screen or transcript). */
export type WarningSource = "lifecycle" | "terminal";

/** Every warning is non-fatal: the session goes on. */
export type WarningSeverity = "warning";

/**
 * A session warning (spec B §4): live only, emitted once, never persisted; content-free — `message` and `raw` are
 * short environment diagnostics, never prompts, transcripts, hook payloads, clipboard content or secrets.
 */
export interface WarningEvent {
  readonly elwoodSessionId: string;
  readonly agent: AgentKind;
  /** Fixed per code (`warningSource`). */
  readonly source: WarningSource;
  readonly code: WarningCode;
  readonly severity: WarningSeverity;
  readonly message: string;
  /** A short content-free diagnostic line: the code, then its allowlisted short detail fields (`code key=value …`). */
  readonly raw: string;
  /** The code's extra fields (e.g. TranscriptRecordsDroppedDetails). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * One write Elwood made to the agent's PTY (session `input` event / `input$`): the exact bytes after framing —
 * bracketed-paste markers, Enter, key encodings, and xterm's automatic answers to the CLI's terminal queries.
 */
export interface InputEvent {
  /** Wall-clock time of the write (ms since the epoch). */
  readonly at: number;
  /** The bytes handed to the PTY, exactly (a string write is its UTF-8 encoding). */
  readonly bytes: Uint8Array;
}

export interface TerminalExitEvent {
  /** The exit status, as the OS reports it: null when a signal ended the process. */
  readonly exitCode: number | null;
  /** The signal that ended the process (e.g. 9 for SIGKILL); absent after a normal exit. */
  readonly signal?: number;
}

export type Unsubscribe = () => void;

export interface HookErrorEvent {
  readonly category: "timeout" | "handler_error" | "invalid_input" | "invalid_response" | "bridge_error";
  readonly hookEventName?: string;
  readonly message: string;
  /** The handler deadline; set only on genuine timeouts. */
  readonly timeoutMs?: number;
}

/** One row of a CLI's own model picker (`listModels`, `listClaudeModels`, `listCodexModels`). */
export interface AgentModelOption {
  /** Stable lowercase selector: the Claude option label (`haiku`) or the Codex slug (`gpt-5.4`). */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** The model this session uses now. */
  readonly isCurrent: boolean;
  /** The CLI's configured default. */
  readonly isDefault: boolean;
  /** The row as rendered. */
  readonly raw: string;
}

/** Which hook events a session registers: every event the CLI version has, or only those Elwood follows the session by plus the handled ones. */
export type HookEventSelection = "all" | "essential";
