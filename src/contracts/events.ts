// The one event vocabulary every machine, the inspector timeline and statusDecisions speak.

import type { DialogKind, ScreenFacts } from "./screen-facts.js";
import type { ElwoodError } from "./errors.js";
import type { SessionStatus } from "./public-types.js";

// ---- from the edge (effects → session) ----
/** The io actor spawned the CLI: its pid and process group (what the supervisor reaps should this process die). */
export type PtySpawnedEvent = { readonly type: "pty.spawned"; readonly pid: number; readonly pgid: number };
/** The io actor could not spawn the CLI (node-pty could not fork): the start fails with this error. */
export type PtySpawnFailedEvent = { readonly type: "pty.spawnFailed"; readonly error: ElwoodError };
/** exitCode is null when a signal ended the process (then `signal` is set), as the OS reports it. */
export type PtyExitEvent = { readonly type: "pty.exit"; readonly exitCode: number | null; readonly signal?: number };
export type FrameEvent = {
  readonly type: "frame";
  readonly seq: number;
  readonly facts: ScreenFacts;
  /** OSC 7501 states in this batch (Codex 0.171 explicit idle/busy channel). */
  readonly oscState: readonly string[];
};
/** A hook event from the bridge; `name` is the CLI's hook event name (Stop, UserPromptSubmit, ...). */
export type HookEvent = {
  readonly type: `hook.${string}`;
  readonly name: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /**
   * The parent handler's salient decision, for events delivered after their handler answered (Claude `Stop`:
   * "block" keeps the turn running; `PermissionRequest`: "allow"/"deny", absent when a human must decide).
   */
  readonly handlerDecision?: string;
};

// ---- between machines ----
export type TurnSource = "hook" | "footer" | "title" | "banner" | "osc" | "submission" | "dialog";
export type TurnStartedEvent = { readonly type: "turn.started"; readonly source: TurnSource };
export type TurnEndedEvent = { readonly type: "turn.ended"; readonly source: TurnSource };
export type SubmissionWrittenEvent = { readonly type: "submission.written"; readonly opId: string };
export type TrustFallbackEvent = { readonly type: "trust.fallback"; readonly ruleIds: readonly string[] };
export type StatusChangedEvent = {
  readonly type: "status.changed";
  readonly from: SessionStatus;
  readonly to: SessionStatus;
  /** True on the one-shot first readiness. */
  readonly initial: boolean;
};
export type LifecycleEvent =
  | { readonly type: "lifecycle.stopped" }
  | { readonly type: "lifecycle.killed" }
  | { readonly type: "lifecycle.tornDown" };

/** A write the machines ask the I/O edge to perform under the observed-screen rule. */
export type WritePurpose = "paste" | "enter" | "recovery-enter" | "command" | "keys" | "escape" | "trust" | "clear-draft";
export type IoWriteRequest = {
  readonly type: "io.write";
  readonly requestId: string;
  readonly data: string;
  readonly purpose: WritePurpose;
  /** When true the edge refuses to write while a blocking dialog is visible (held → `io.held`). */
  readonly guardDialog: boolean;
  /**
   * Write only while this dialog kind is the live one (held otherwise), re-checked by the edge right before
   * writing. Lets a first-party policy own its specific screen (Claude's cache warning, the /login panel).
   */
  readonly requireDialog?: DialogKind;
  /**
   * A key for the model dialog this transaction opened itself (its cancel Escape): the foreign-picker hold,
   * which keeps every other guarded write off a visible model dialog, does not apply to it.
   */
  readonly ownModelDialog?: boolean;
};
export type IoWrittenEvent = { readonly type: "io.written"; readonly requestId: string };
/** Why the edge withheld a write (content-free; the machines retry either way). */
export type WriteHoldReason = "unobserved" | "dialog" | "foreign_picker" | "not_required_dialog";
export type IoHeldEvent = { readonly type: "io.held"; readonly requestId: string; readonly reason?: WriteHoldReason };
export type IoFailedEvent = { readonly type: "io.failed"; readonly requestId: string; readonly error: ElwoodError };
/** The I/O edge's answer to one write. */
export type IoAnswerEvent = IoWrittenEvent | IoHeldEvent | IoFailedEvent;
/** The writer the edge answers: the machine that asked (an actor; only what the edge uses of it). */
export interface IoReplyTo {
  send(event: IoAnswerEvent): void;
  getSnapshot(): { readonly status: string };
}
/** A write as the I/O edge receives it: sent straight to the edge by its system id, with the writer as reply-to. */
export type IoWriteCommand = IoWriteRequest & { readonly replyTo: IoReplyTo };
/**
 * The root's word at initial readiness: a CLI spawned at a bootstrap size gets the caller's size now (the io actor
 * keeps the size asked for meanwhile). Without a bootstrap size it changes nothing.
 */
export type IoRestoreSizeCommand = { readonly type: "io.restoreSize" };
/**
 * The root's word once the hook bridge listens: the io actor spawns the CLI with this command line (which names the
 * bridge's socket, config file or HTTP endpoint). Only the first one spawns.
 */
export type IoSpawnCommand = { readonly type: "io.spawn"; readonly args: readonly string[] };
/** What the listen actor (effects/hook-listen) hands the root when the bridge listens: the CLI's command line. */
export type HookListenOutput = { readonly args: readonly string[] };
/** Restoring the caller's size failed (a native resize error, reduced to an allowlisted code: a message could carry paths). */
export type IoResizeRestoreFailedEvent = {
  readonly type: "io.resizeRestoreFailed";
  readonly requestedCols: number;
  readonly requestedRows: number;
  readonly errorCode: "invalid_argument" | "resize_failed";
};
/** Processes of the CLI's group outlived its unsolicited exit and the reap that followed (EPERM, or still there at the bound). */
export type IoReapFailedEvent = {
  readonly type: "io.reapFailed";
  readonly processGroupId: number;
  readonly errorCode: "EPERM" | "ETIMEDOUT";
};
/** The I/O edge's system id in the session's actor system. */
export const IO_SYSTEM_ID = "io";

export type EdgeEvent = PtySpawnedEvent | PtyExitEvent | FrameEvent | HookEvent;
