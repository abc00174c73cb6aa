// What the session actor needs to know about one CLI: how to read its screen, prove readiness and submit.

import type { DialogKind, ScreenReader } from "./screen-facts.js";
import type { ReadinessPolicy } from "./readiness.js";
import type { AgentKind } from "./public-types.js";

export interface SubmissionTiming {
  /** Delay between the bracketed paste and its separate Enter (paste ingestion is asynchronous). */
  readonly settleMs: number;
  /** Bounded Enter re-sends while the staged paste is still visible. */
  readonly enterRetries: number;
  readonly confirmIntervalMs: number;
  /**
   * An empty composer after Enter is not proof of acceptance (Codex's cold composer can swallow a paste):
   * only a prompt hook, a Stop hook or live work confirms, and an unaccepted paste is replayed.
   */
  readonly positiveAcceptance?: boolean;
  /** With positiveAcceptance: replays of an unaccepted paste before the op fails with wait_timeout. */
  readonly replays?: number;
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
  /** Hooks that are status evidence at any time (e.g. Claude `PermissionRequest`, `SessionEnd`); optional. */
  readonly statusHooks?: readonly string[];
  /** Dialog kinds answered even without autotrust (Codex `Hooks need review`, the update-prompt skip). */
  readonly alwaysAnsweredDialogs?: readonly DialogKind[];
  /** Confirm a selected affirmative with Enter rather than its digit (Codex 0.171's folder trust ignores digits). */
  readonly trustEnterWhenSelected?: boolean;
}

/** The dialog kinds this session answers itself: the always-answered ones, plus the trust dialogs under autotrust. */
export function answeredDialogKinds(adapter: AgentAdapter, autotrust: boolean): readonly DialogKind[] {
  const always = adapter.alwaysAnsweredDialogs ?? [];
  return autotrust ? [...new Set([...adapter.trustDialogs, ...always])] : always;
}
