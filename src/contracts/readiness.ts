// Readiness vocabulary: how an adapter proves the CLI takes input, and how a session may close.

/** How an adapter proves cold-start readiness (measured per CLI version; the adapters record the evidence per version). */
export interface ReadinessPolicy {
  /** Hook events that prove the CLI accepts input (e.g. Claude `InstructionsLoaded`). */
  readonly hookEvents: readonly string[];
  /** When true a settled idle composer (no dialog, no work) is itself a readiness signal. */
  readonly composerIsReadySignal: boolean;
  /** How long the composer must stay idle before it counts as settled. */
  readonly composerSettleMs: number;
  /** Upper bound after the first frame: readiness fires even without any other signal. */
  readonly deadlineMs: number;
  /** OSC 7501 `state=idle` is an explicit readiness channel (Codex 0.171). */
  readonly oscIdleIsReadySignal: boolean;
  /**
   * Screen-fact rule ids that, all matched on a frame with an idle composer and no dialog, prove readiness at once
   * (Codex 0.144.6, which has no OSC 7501, names the model in its session header only once its session is configured).
   */
  readonly readyRuleIds?: readonly string[];
  /**
   * How long a human-decision dialog that appears mid-session must stay painted before `blocked` (it takes keys only
   * then: Claude 2.1.332 drops keys sent right at its permission dialog's first paint). 0 or absent: at once.
   */
  readonly dialogSettleMs?: number;
}

export type ClosingAs = "stopped" | "killed" | "torn_down";
