// The stable vocabulary of one conversational turn: what `stream` yields, what `sendTurn` returns, and the neutral items an adapter reads from its CLI's transcript.

import type { SessionStatus, WarningEvent } from "./public-types.js";

/** Token counts for a turn, summed over the turn's model calls, wherever the transcript records them. */
export interface TurnUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly model?: string;
}

export type TurnStatus = "completed" | "interrupted" | "failed";

export interface TurnResult {
  readonly type: "result";
  /** The turn's assistant text blocks in order, joined by a blank line ("" when the agent said nothing). */
  readonly text: string;
  readonly status: TurnStatus;
  readonly durationMs: number;
  /** The id `sendMessage` returned for this turn's submission; activity events of the turn carry it too. */
  readonly turnId: string;
  readonly usage?: TurnUsage;
  /** The adapter's rejection reason when `status` is "failed". */
  readonly error?: string;
}

/** One event of a streamed turn, in the order the agent produced it; `result` is always last. */
export type TurnEvent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  /**
   * A tool the agent called. `input` is the tool's own input object on every CLI (a shell call carries `command`);
   * `raw` is what the CLI recorded, present only where Elwood unwrapped a harness around it (Codex).
   */
  | { readonly type: "tool_call"; readonly id: string; readonly name: string; readonly input: unknown; readonly raw?: unknown }
  | { readonly type: "tool_result"; readonly id: string; readonly name: string; readonly output: string; readonly isError: boolean }
  /** The agent waits on a human decision (blocked, with the dialog's attention label) or works again / is idle. */
  | { readonly type: "status"; readonly status: SessionStatus; readonly label?: string }
  /** A session warning raised during the turn, with its common fields (spec B §4.2; the full event is on the session's `warning`). */
  | {
      readonly type: "warning";
      readonly code: WarningEvent["code"];
      readonly source: WarningEvent["source"];
      readonly severity: WarningEvent["severity"];
      readonly message: string;
      readonly raw: string;
    }
  | TurnResult;

/**
 * What an adapter reads from one committed transcript record (one JSONL line). The turn runner is neutral: it
 * never reads a CLI's field names, only these items.
 */
export type TranscriptItem = TranscriptItemBody & {
  /**
   * When the CLI created the record (epoch ms), where it stamps one. The file's order is not always the record order:
   * Claude 2.1.215 flushes a first turn's records when the session file materializes, its reply ahead of its prompt.
   */
  readonly at?: number;
};

/** What one transcript item says, whatever its time. */
export type TranscriptItemBody =
  /** The user's prompt was committed: the CLI accepted a submission with this text. */
  | { readonly kind: "prompt"; readonly text: string; readonly agentTurnId?: string }
  | { readonly kind: "text"; readonly text: string; readonly agentTurnId?: string }
  | { readonly kind: "thinking"; readonly text: string; readonly agentTurnId?: string }
  | { readonly kind: "tool_call"; readonly id: string; readonly name: string; readonly input: unknown; readonly raw?: unknown; readonly agentTurnId?: string }
  | { readonly kind: "tool_result"; readonly id: string; readonly output: string; readonly isError: boolean; readonly agentTurnId?: string }
  /** Token usage of one model call (`key` dedupes records that repeat one call's usage). */
  | { readonly kind: "usage"; readonly key: string; readonly usage: TurnUsage; readonly agentTurnId?: string }
  /** The CLI recorded the end of its turn. */
  | { readonly kind: "turn_end"; readonly agentTurnId?: string }
  /** The CLI recorded that the turn was interrupted by the user. */
  | { readonly kind: "interrupted"; readonly agentTurnId?: string }
  /** The CLI recorded that the turn was rejected (adapter-supplied failure evidence). */
  | { readonly kind: "failure"; readonly reason: string; readonly agentTurnId?: string };

/** Reads one parsed transcript record into zero or more neutral items (per CLI, in its adapter). */
export type TranscriptRecordReader = (record: unknown) => readonly TranscriptItem[];

/** Why transcript records were dropped unread. */
export type TailDropCause = "oversized" | "unparseable" | "unread_backlog";

/** When the transcript watcher stopped: during polling or in the final flush at exit. */
export type TailStopPhase = "poll" | "final_flush";
