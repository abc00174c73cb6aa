// The status machine's vocabulary: its input, events and context, and the decision log's bound.

import type { DialogKind, ScreenFacts } from "../src/contracts/screen-facts.js";
import type { SessionStatus, StatusDecision } from "../src/contracts/public-types.js";
import type {
  FrameEvent,
  HookEvent,
  LifecycleEvent,
  PtyExitEvent,
  PtySpawnedEvent,
  SubmissionWrittenEvent,
  TrustFallbackEvent,
  TurnEndedEvent,
  TurnStartedEvent,
} from "../src/contracts/events.js";
import type { ClosingAs, ReadinessPolicy } from "../src/contracts/readiness.js";

export const STATUS_DECISION_LIMIT = 50;

export interface StatusInput {
  readonly readiness: ReadinessPolicy;
  /** Dialog kinds Elwood answers itself (e.g. workspace trust with autotrust): they hold but never block. */
  readonly autoAnswered: readonly DialogKind[];
}

export type StatusEvent =
  | PtySpawnedEvent
  | PtyExitEvent
  | FrameEvent
  | HookEvent
  | TurnStartedEvent
  | TurnEndedEvent
  | SubmissionWrittenEvent
  | TrustFallbackEvent
  | { readonly type: "lifecycle.closing"; readonly as: ClosingAs }
  | LifecycleEvent;

export interface StatusContext {
  readonly status: SessionStatus;
  readonly initialReady: boolean;
  readonly decisions: readonly StatusDecision[];
  readonly readiness: ReadinessPolicy;
  readonly autoAnswered: readonly DialogKind[];
  /** Latest frame's facts (booleans only; never screen text). */
  readonly facts: ScreenFacts | undefined;
  /** The CLI's latest report on its own state channel (last `oscState` word); undefined when it never reported. */
  readonly channel: string | undefined;
  readonly closingAs: ClosingAs | undefined;
  /** The readiness deadline passed while a dialog held readiness. */
  readonly deadlinePassed: boolean;
  /** Undecided PermissionRequest hooks whose dialog has not been painted yet (a human will be asked). */
  readonly permissionPending: number;
  /** Permission dialogs painted before their PermissionRequest hook arrived (the hook then comes late). */
  readonly permissionUnmatched: number;
  /** The current block is a tool-permission dialog (its end needs the CLI's own evidence, see `blocked`). */
  readonly permissionBlocked: boolean;
}

/** No reason: the event is a pty.exit and the reason names its exit code or signal (see exit-reason.ts). */
export type DecideParams = { readonly reason?: string; readonly to?: SessionStatus };
