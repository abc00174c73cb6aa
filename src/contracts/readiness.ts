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
}

export type ClosingAs = "stopped" | "killed" | "torn_down";
