// What the session actor needs to know about one CLI: how to read its screen, prove readiness and submit.

import type { DialogKind, ScreenReader } from "./screen-facts.js";
import type { ReadinessPolicy } from "./readiness.js";
import type { TerminalStateChannel } from "./terminal-snapshot.js";
import type { AgentHookKind, AgentKind, TranscriptSummary, WarningCode } from "./public-types.js";
import type { TranscriptRecordReader } from "./turn-events.js";

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
  /** Without positiveAcceptance: replays of a paste that provably never reached the CLI (never seen staged, idle empty composer, no hook, no work). */
  readonly unseenReplays?: number;
  /** With unseenReplays: the quiet wait before a replay is decided. */
  readonly replayQuietMs?: number;
  /** After settleMs, how long the Enter waits for a staged text that has not painted yet (0 or absent: no wait). */
  readonly stagedWaitMs?: number;
  /**
   * Keys that empty a composer holding text before a submission is written, each its own write `draftClearGapMs`
   * apart (Qwen puts an interrupted prompt back into its composer, where the next paste would join it). Absent: a
   * submission is written after whatever the composer holds.
   */
  readonly draftClearKeys?: readonly string[];
  readonly draftClearGapMs?: number;
}

/** How a CLI's `/login` sign-in method is chosen. */
export type LoginMethod = string;

/** What the login transaction needs to know of a CLI's `/login` panel (only CLIs that have one). */
export interface LoginProfile {
  /** What a person types to log in again (Claude's `/login`): the `login_expired` warning's `recoveryCommand`. */
  readonly recoveryCommand: string;
  /** The method list's row label for each sign-in method. */
  /** The method list's row label for each sign-in method the CLI offers, the default first. */
  readonly methodLabels: Readonly<Record<LoginMethod, RegExp>>;
  /** The authorization URL as shown, when it is one the caller may be handed; undefined otherwise. */
  readonly validateUrl: (raw: string) => string | undefined;
  /** The caller's code, checked before it is typed into the panel. */
  readonly validateCode: (code: unknown) => { readonly ok: true; readonly code: string } | { readonly ok: false; readonly reason: string };
}

/** How a CLI's `/model` picker behaves (measured per version; the adapters record the evidence). */
export interface PickerProfile {
  /** Applying a row writes the CLI's own config file: a set snapshots it first and restores it after. */
  readonly persistsConfig: boolean;
  /** Only the picker's session key applies a model for this session; Enter alone would save a new default. */
  readonly requiresSessionKey: boolean;
  /** Enter on a model row opens a reasoning-effort step before anything is applied. */
  readonly effortStage: boolean;
  /** A cache warning can paint after the picker closes, so the transaction lingers a moment before finishing. */
  readonly lateWarning: boolean;
  /** When no row is marked default, the current row is the default. */
  readonly currentIsDefault: boolean;
  /**
   * The picker marks no row current but opens with its cursor on the current model (Qwen Code 0.24.4): the cursor row
   * of the first whole list is the current one, whatever the cursor does afterwards.
   */
  readonly cursorOpensOnCurrent: boolean;
}

/** The config file a CLI's `/model` picker writes its choice into, which a session-only setModel puts back. */
export interface PickerConfigFile {
  /** Where the file is for the agent's environment. */
  readonly path: (env: Readonly<Record<string, string>>) => string;
  /** The agent's own warning when the picker's choice stayed in the file (a takeover, another edit, a failed restore). */
  readonly persistedWarning: WarningCode;
}

/** How the session reads a handler's reply to a hook before the CLI acts on it. */
export interface HookReplyProfile {
  /** Hooks delivered to the session only after the handler answered, with the decision the reply carries. */
  readonly deliveredAfterAnswer: readonly string[];
  /** The decision in the exact reply the CLI receives (e.g. `block`, `allow`); undefined when it decides nothing. */
  readonly decision: (event: string, stdout: string) => string | undefined;
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
  /** The hook that proves a compaction finished. */
  readonly compactDoneHook: string;
  /** How images reach the composer: their paths pasted as text, or each put on the clipboard and pasted with Ctrl+V. */
  readonly imageVia: "paste" | "clipboard";
  /** The CLI's own config file its picker may write (restored after a session-only setModel); none when it writes nothing. */
  readonly configFile?: PickerConfigFile;
  /** Dialog kinds the session may answer itself when authorized (autotrust). */
  readonly trustDialogs: readonly DialogKind[];
  /** The affirmative option label of each trust dialog (chosen by label, never by a fixed number). */
  readonly trustAffirmatives: Partial<Record<DialogKind, RegExp>>;
  /**
   * The hooks Elwood follows the session by (conversation id, prompt, turn end and failure, compaction, permission,
   * session end, readiness, subagent transcripts): what `hookEvents: "essential"` registers beside the handled events.
   */
  readonly essentialHooks: readonly string[];
  /**
   * Hooks whose mere registration replaces what the CLI does by itself (Claude's WorktreeCreate / WorktreeRemove take
   * over creating and removing worktrees): registered only when the caller gives a handler, in every `hookEvents` mode.
   */
  readonly handlerOnlyHooks: readonly string[];
  /** Hooks that are status evidence at any time (e.g. Claude `PermissionRequest`, `SessionEnd`); optional. */
  readonly statusHooks?: readonly string[];
  /** Dialog kinds answered even without autotrust (Codex `Hooks need review`, the update-prompt skip). */
  readonly alwaysAnsweredDialogs?: readonly DialogKind[];
  /** An OSC sequence the CLI reports its own state on, read by the terminal (Codex 0.171's OSC 7501). */
  readonly stateChannel?: TerminalStateChannel;
  /** How hook replies are read. */
  readonly hookReply: HookReplyProfile;
  /** The CLI's hook event names that mean one of the common kinds (a `hook` event's `kind`). */
  readonly hookKinds: Readonly<Partial<Record<string, AgentHookKind>>>;
  /** The `/model` picker's behaviour. */
  readonly picker: PickerProfile;
  /** The `/login` panel, where the CLI has one Elwood drives. */
  readonly login?: LoginProfile;
  /** Reads one committed record of the CLI's transcript: the only source of its assistant text, tool calls and results. */
  readonly readTranscript?: TranscriptRecordReader;
  /** Reads a subagent's own transcript, read once at its SubagentStop; absent when the CLI's are not observed (Codex). */
  readonly readSubagentTranscript?: TranscriptRecordReader;
  /**
   * The CLI's SessionStart arrives after start-up only ahead of its prompt's record (Codex fires it lazily at the first
   * submit, then records the prompt; measured on 0.144.6 and 0.171.0 with a resumed rollout): such a SessionStart does
   * not place where tailing starts (a recovery scan then would find the previous turn's prompt); the next hook does.
   */
  readonly sessionStartBeforePrompt?: boolean;
  /** Live observations of each new transcript record, emitted as `<agent>:transcript` (where the agent has them). */
  readonly summarizeTranscript?: (record: unknown) => TranscriptSummary | undefined;
  /** Confirm a selected affirmative with Enter rather than its digit (Codex 0.171's folder trust ignores digits). */
  readonly trustEnterWhenSelected?: boolean;
}

/** The dialog kinds this session answers itself: the always-answered ones, plus the trust dialogs under autotrust. */
export function answeredDialogKinds(adapter: AgentAdapter, autotrust: boolean): readonly DialogKind[] {
  const always = adapter.alwaysAnsweredDialogs ?? [];
  return autotrust ? [...new Set([...adapter.trustDialogs, ...always])] : always;
}
