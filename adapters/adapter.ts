// What the session actor needs to know about one CLI: how to read its screen, prove readiness and submit.

import type { DialogKind, ScreenReader } from "./screen-facts.js";
import type { ReadinessPolicy } from "../machines/status.js";
import type { AgentKind } from "../src/public-types.js";

export interface SubmissionTiming {
  /** Delay between the bracketed paste and its separate Enter (paste ingestion is asynchronous). */
  readonly settleMs: number;
  /** Bounded Enter re-sends while the staged paste is still visible. */
  readonly enterRetries: number;
  readonly confirmIntervalMs: number;
}

export interface AgentAdapter {
  readonly kind: AgentKind;
  readonly readScreen: ScreenReader;
  readonly readiness: ReadinessPolicy;
  readonly submission: SubmissionTiming;
  /** Hook that starts a turn / ends a turn on this CLI. */
  readonly promptHook: string;
  readonly stopHook: string;
  /** Slash command that compacts the conversation. */
  readonly compactCommand: string;
  /** Dialog kinds the session may answer itself when authorized (autotrust). */
  readonly trustDialogs: readonly DialogKind[];
  /** The affirmative option label of each trust dialog (chosen by label, never by a fixed number). */
  readonly trustAffirmatives: Partial<Record<DialogKind, RegExp>>;
}
