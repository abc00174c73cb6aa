// Type tests of the public surface (issue 15 §3), checked by `npm run typecheck` (tsconfig.json includes test/): each
// `@ts-expect-error` line must stay an error, each expectTypeOf must hold.

import { expectTypeOf } from "vitest";
import {
  ElwoodError,
  isElwoodError,
  isAgentError,
  type ActivityEvent,
  type ActivityKind,
  type AgentSession,
  type ClaudeAgentSession,
  type ClaudeHookHandlers,
  type ClaudePermissionMode,
  type ClaudeReasoningEffort,
  type CodexAgentSession,
  type ElwoodErrorCode,
  type ImageAttachFailure,
  type TurnEvent,
  type WarningCode,
  type ReapFailedDetails,
  type ElwoodErrorDetails,
  type WarningEvent,
  type WarningSource,
} from "../../src/index.js";
import { inspect } from "../../src/inspect.js";
import type * as Elwood from "../../src/index.js";

declare const claude: ClaudeAgentSession;
declare const codex: CodexAgentSession;
declare const any: AgentSession;
declare const caught: unknown;

// ElwoodError: a union on its code; the guard with a code narrows `details`; `code` mirrors `name`.
if (isElwoodError(caught, "image_attach_failed")) {
  expectTypeOf(caught.details.reason).toEqualTypeOf<ImageAttachFailure>();
  expectTypeOf(caught.code).toEqualTypeOf<"image_attach_failed">();
  expectTypeOf(caught.name).toEqualTypeOf<"image_attach_failed">();
}
if (isElwoodError(caught)) {
  expectTypeOf(caught.code).toEqualTypeOf<ElwoodErrorCode>();
  if (caught.code === "input_too_large") expectTypeOf(caught.details.limit).toEqualTypeOf<number>();
  // @ts-expect-error details of an un-narrowed error have no code-specific field
  void caught.details.reason;
}
expectTypeOf(new ElwoodError("wait_timeout", "x")).toMatchTypeOf<ElwoodError<"wait_timeout">>();
// @ts-expect-error not a code
void new ElwoodError("no_such_code", "x");
// @ts-expect-error image_attach_failed requires its reason
void new ElwoodError("image_attach_failed", "x");
// @ts-expect-error a reason outside the union
void new ElwoodError("image_attach_failed", "x", { reason: "cosmic_rays" });
expectTypeOf(new ElwoodError("session_not_running", "x")).toMatchTypeOf<Error>();

// Activity kinds and warning codes are literal unions.
declare const activity: ActivityEvent;
expectTypeOf(activity.kind).toEqualTypeOf<ActivityKind>();
if (activity.kind === "assistant_message") expectTypeOf(activity.kind).toEqualTypeOf<"assistant_message">();
// @ts-expect-error a misspelt kind never matches
void (activity.kind === "asistant_message");
expectTypeOf<"dialog_keys_no_effect">().toMatchTypeOf<WarningCode>();
expectTypeOf<"state_write_failed">().toMatchTypeOf<WarningCode>();
expectTypeOf<"reap_failed">().toMatchTypeOf<WarningCode>();
expectTypeOf<ReapFailedDetails>().toEqualTypeOf<{ readonly processGroupId: number; readonly errorCode: "EPERM" | "ETIMEDOUT" }>();
expectTypeOf<ElwoodErrorDetails<"termination_failed">>().toEqualTypeOf<{ readonly processGroupId?: number; readonly cause?: string; readonly killCause?: string }>();
expectTypeOf<"state_not_found" | "adapter_mismatch" | "resume_unavailable" | "session_in_use">().toMatchTypeOf<ElwoodErrorCode>();
// @ts-expect-error not a warning code
expectTypeOf<"dialog_keys_no_efect">().toMatchTypeOf<WarningCode>();

// Warnings carry the common fields of spec B §4.2 with their literal types; a stream's warning event carries them too.
declare const warning: WarningEvent;
expectTypeOf(warning.source).toEqualTypeOf<WarningSource>();
expectTypeOf<WarningSource>().toEqualTypeOf<"lifecycle" | "terminal">();
expectTypeOf(warning.severity).toEqualTypeOf<"warning">();
expectTypeOf(warning.raw).toEqualTypeOf<string>();
expectTypeOf(warning.message).toEqualTypeOf<string>();
// @ts-expect-error a source outside the spec's two
void (warning.source === "transcript");
claude.on("warning", (w) => expectTypeOf(w).toEqualTypeOf<WarningEvent>());
declare const turnEvent: TurnEvent;
if (turnEvent.type === "warning") {
  expectTypeOf(turnEvent.code).toEqualTypeOf<WarningCode>();
  expectTypeOf(turnEvent.source).toEqualTypeOf<WarningSource>();
  expectTypeOf(turnEvent.severity).toEqualTypeOf<"warning">();
  expectTypeOf(turnEvent.raw).toEqualTypeOf<string>();
}

// Hook event names: each CLI's own list on its session; the names both send on the neutral type.
claude.on("hook:PreToolUse", (p) => expectTypeOf(p).toEqualTypeOf<Readonly<Record<string, unknown>>>());
claude.on("hook:Notification", () => undefined);
codex.on("hook:PreToolUse", () => undefined);
any.on("hook:Stop", () => undefined);
// @ts-expect-error misspelt hook name
claude.on("hook:PreToolUze", () => undefined);
// @ts-expect-error misspelt hook name
codex.on("hook:PreToolUze", () => undefined);
// @ts-expect-error a Claude-only hook (Codex has no Notification) is not on the neutral type
any.on("hook:Notification", () => undefined);
any.on("status", (e) => expectTypeOf(e.status).toEqualTypeOf<Elwood.SessionStatus>());

// One name per concept: both CLI session types are the neutral one; inspect() takes the neutral one.
expectTypeOf(claude).toMatchTypeOf<AgentSession>();
expectTypeOf(codex).toMatchTypeOf<AgentSession>();
expectTypeOf(inspect).parameter(0).toEqualTypeOf<AgentSession | readonly AgentSession[]>();
expectTypeOf<ClaudePermissionMode>().toMatchTypeOf<string>();
expectTypeOf<ClaudeReasoningEffort>().toEqualTypeOf<"low" | "medium" | "high" | "xhigh" | "max">();
expectTypeOf<ClaudeHookHandlers>().toHaveProperty("PreToolUse");

// Internals stay internal: no facade, actor, PTY or machine member on the public types or the package root.
// @ts-expect-error the runtime (actor + PTY) is not public
void claude.runtime;
// @ts-expect-error warnings are emitted by the session, not by callers
void claude.emitWarning;
// @ts-expect-error
void claude.emitHookError;
// @ts-expect-error
void claude.emitHookResult;
// @ts-expect-error screen facts are an internal vocabulary
type _NoScreenFacts = Elwood.ScreenFacts;
// @ts-expect-error the inspector is its own entry point (elwood/inspector), not part of the core
void (null as unknown as typeof Elwood).inspect;
// @ts-expect-error the XState inspection hook point is not exported
void (null as unknown as typeof Elwood).subscribeInspection;
// The seed's names are public again (issue 33 §5; test/types/seed-names.test-d.ts checks them member by member).
expectTypeOf<Elwood.ClaudeSessionApi>().toEqualTypeOf<ClaudeAgentSession>();

// Issue 17: the lazy send/stream API and turn ids.
declare const claudeConversation: Elwood.ClaudeSession;
declare const codexConversation: Elwood.CodexSession;
expectTypeOf(any.sendMessage("x")).toEqualTypeOf<Promise<string>>();
expectTypeOf<ActivityEvent["turnId"]>().toEqualTypeOf<string | undefined>();
expectTypeOf(claudeConversation.send("x")).toEqualTypeOf<Promise<string>>();
expectTypeOf(codexConversation.sendTurn("x")).toEqualTypeOf<Promise<Elwood.TurnResult>>();
expectTypeOf(claudeConversation.stream("x")).toMatchTypeOf<AsyncIterable<Elwood.TurnEvent>>();
expectTypeOf(claudeConversation.stream("x").result).toEqualTypeOf<Promise<Elwood.TurnResult>>();
if (isElwoodError(caught, "turn_failed")) expectTypeOf(caught.details.turnId).toEqualTypeOf<string>();
if (isElwoodError(caught, "wait_timeout")) expectTypeOf(caught.details.maxEvents).toEqualTypeOf<number | undefined>();
claudeConversation.on("hook:InstructionsLoaded", () => {});
// @ts-expect-error InstructionsLoaded is a Claude hook: the Codex conversation does not take it
codexConversation.on("hook:InstructionsLoaded", () => {});
// @ts-expect-error a turn event's type is one of the vocabulary's
expectTypeOf<Elwood.TurnEvent["type"]>().toEqualTypeOf<"text" | "thinking">();

// spec B §3.2/§3.3: `codex:transcript` is on the Codex session type only, with a typed summary.
codex.on("codex:transcript", (summary) => {
  expectTypeOf(summary.kind).toEqualTypeOf<"message" | "tool_call" | "tool_result" | "reasoning" | "web_search" | "other">();
  expectTypeOf(summary.raw).toEqualTypeOf<unknown>();
});
// @ts-expect-error adapter-specific events stay off the Claude session type
claude.on("codex:transcript", () => {});
// @ts-expect-error and off the neutral one
any.on("codex:transcript", () => {});
expectTypeOf<"transcript_listener_error">().toMatchTypeOf<WarningCode>();

// issue 16 item 1: both start options take the hook event selection, and only its two words.
expectTypeOf<Elwood.HookEventSelection>().toEqualTypeOf<"all" | "essential">();
expectTypeOf<NonNullable<Elwood.StartClaudeOptions["hookEvents"]>>().toEqualTypeOf<Elwood.HookEventSelection>();
expectTypeOf<NonNullable<Elwood.StartCodexOptions["hookEvents"]>>().toEqualTypeOf<Elwood.HookEventSelection>();
// @ts-expect-error not a selection
const notASelection: Elwood.StartClaudeOptions = { cwd: "/tmp", hookEvents: "tools" };
void notASelection;

// B §4.3: the two Codex MCP startup warning codes and their typed details.
expectTypeOf<"mcp_server_not_logged_in" | "mcp_startup_incomplete">().toMatchTypeOf<WarningCode>();
expectTypeOf<Elwood.McpServerNotLoggedInDetails>().toEqualTypeOf<{ readonly mcpServerName: string; readonly recoveryCommand: string }>();
expectTypeOf<Elwood.McpStartupIncompleteDetails["failedServers"]>().toEqualTypeOf<readonly string[]>();
expectTypeOf<Elwood.McpStartupIncompleteDetails["recoveryCommands"]>().toEqualTypeOf<readonly string[]>();
// @ts-expect-error the singular spelling is not a code
expectTypeOf<"mcp_server_not_logged_on">().toMatchTypeOf<WarningCode>();
// C-LIFE-11 (a): `autoupdate` is a boolean on both starts; a failed update is the `agent_update_failed` warning with typed details.
expectTypeOf<"agent_update_failed">().toMatchTypeOf<WarningCode>();
expectTypeOf<NonNullable<Elwood.StartClaudeOptions["autoupdate"]>>().toEqualTypeOf<boolean>();
expectTypeOf<NonNullable<Elwood.StartCodexOptions["autoupdate"]>>().toEqualTypeOf<boolean>();
expectTypeOf<Elwood.AgentUpdateFailedDetails["installedVersion"]>().toEqualTypeOf<string>();
expectTypeOf<Elwood.AgentUpdateFailedDetails["errorCode"]>().toEqualTypeOf<Elwood.AgentUpdateErrorCode>();
expectTypeOf<Elwood.AgentUpdateFailedDetails["exitStatus"]>().toEqualTypeOf<number | undefined>();
expectTypeOf<Elwood.AgentUpdateFailedDetails["stderr"]>().toEqualTypeOf<string | undefined>();
expectTypeOf<"update_active" | "exit_nonzero" | "ETIMEDOUT" | "E2BIG">().toMatchTypeOf<Elwood.AgentUpdateErrorCode>();
// @ts-expect-error an error code outside the allowlist
expectTypeOf<"EUPDATEFAILED">().toMatchTypeOf<Elwood.AgentUpdateErrorCode>();
// @ts-expect-error installedVersion is required
const noVersion: Elwood.AgentUpdateFailedDetails = { errorCode: "update_active" };
void noVersion;

// Issue 33 §3: an agent's own error narrows by its neutral category, whatever the agent.
if (isAgentError(caught, "not_found")) {
  expectTypeOf(caught.details.category).toEqualTypeOf<"not_found">();
  expectTypeOf(caught.details.agent).toEqualTypeOf<Elwood.AgentKind>();
  expectTypeOf(caught.details.executable).toEqualTypeOf<string>();
}
if (isElwoodError(caught, "codex_version_unsupported")) {
  expectTypeOf(caught.details.agent).toEqualTypeOf<"codex">();
  expectTypeOf(caught.details.category).toEqualTypeOf<"version_unsupported">();
}
// @ts-expect-error the constructor reads agent and category from the code; a caller does not pass them
void new ElwoodError("codex_start_failed", "x", { agent: "codex" });
// Every agent kind has a code for every category (the template is complete), and nothing else is an agent code.
expectTypeOf<Elwood.AgentErrorCode>().toEqualTypeOf<`${Elwood.AgentKind}_${Elwood.AgentErrorCategory}`>();
