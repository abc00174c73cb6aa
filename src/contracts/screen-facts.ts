// The adapter-neutral vocabulary of screen facts: what a rendered frame means, as data machines consume.

import type { TerminalSnapshot } from "./terminal-snapshot.js";

/** Regions a rule may look at; the reader decides the row span per adapter. */
export type ScreenRegion = "title" | "composer" | "footer" | "bottom" | "screen" | "osc";

/** One version-coupled screen rule. Rules are data; readers apply them. */
export interface ScreenRule {
  readonly id: string;
  readonly description: string;
  readonly region: ScreenRegion;
  readonly pattern: RegExp;
  /** CLI versions this rule was checked against, e.g. ["claude 2.1.215", "claude 2.1.332"]. */
  readonly verifiedAgainst: readonly string[];
}

export type DialogKind =
  | "permission"
  | "workspace_trust"
  | "api_key"
  | "bypass_permissions"
  | "hooks_review"
  | "update"
  | "unknown_gate"
  | "model_picker"
  | "model_switch_confirm"
  | "login";

export interface DialogOption {
  readonly label: string;
  /** The option's number when the layout is numbered ("1. Yes"). */
  readonly number?: number;
  /** True when the row carries the selection cursor (❯ / ›). */
  readonly selected: boolean;
}

export interface DialogFact {
  readonly kind: DialogKind;
  /** True for a human-decision dialog: no queued write may reach the terminal. */
  readonly blocking: boolean;
  readonly ruleIds: readonly string[];
  readonly options: readonly DialogOption[];
  /** "numbered" when options carry digits, "cursor" when only a selection glyph moves. */
  readonly layout: "numbered" | "cursor" | "none";
}

/** One row of a CLI's own `/model` picker, parsed from the live dialog region (never from transcript). */
export interface ModelPickerRowFact {
  /** Stable lowercase selector: Claude's option label (`haiku`), Codex's slug (`gpt-5.4`) or effort level (`medium`). */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly isCurrent: boolean;
  readonly isDefault: boolean;
  /** The row carries the selection cursor. */
  readonly selected: boolean;
  /** The row's text as rendered (continuation rows joined by a space). */
  readonly raw: string;
}

/** The live `/model` picker: which step it shows, its visible rows and the apply keys its footer offers. */
export interface ModelPickerFact {
  /** `model` = the model list; `effort` = Codex's reasoning-level step after a model row was chosen. */
  readonly stage: "model" | "effort";
  readonly rows: readonly ModelPickerRowFact[];
  /** The footer offers a session-only apply key `s` (Claude 2.1.x, Codex 0.171 effort step). */
  readonly sessionKey: boolean;
  /** Scroll markers: more rows exist above / below the visible window (Codex). */
  readonly moreAbove: boolean;
  readonly moreBelow: boolean;
  /**
   * The footer is painted below the rows, so the rows and scroll markers above it are final. A frame read while the
   * CLI's paint is split over PTY reads (seen under load on Codex 0.171.0: eight rows, no `↓` yet) is not.
   */
  readonly complete: boolean;
}

/** Claude's `Switch model?` / `Change effort level?` cache warning, when it carries the standard copy. */
export interface ModelSwitchFact {
  /** The dialog body is Claude's own cache-warning copy (not a PreModelSwitch hook's question). */
  readonly standardCopy: boolean;
  /** Index of the affirmative row in the dialog's options, -1 when none was recognized. */
  readonly affirmative: number;
  /** Index of the row carrying the cursor, -1 when none. */
  readonly selected: number;
}

/** Claude's `Set model to <label> …` transcript lines (printed above the composer after a picker apply). */
export interface ModelNoticeFact {
  /** The model label named by the bottom-most such line, e.g. `Haiku 4.5`. */
  readonly label: string;
  /** How many such lines are on screen (a new one at the bottom raises it unless an old one scrolled away). */
  readonly count: number;
}

/** Stage markers of Claude's `/login` panel visible in the live dialog region. */
export interface LoginFact {
  /** `Select login method:` with its rows. */
  readonly methodList: boolean;
  readonly methods: readonly DialogOption[];
  /** The browser authorization URL as scraped (unvalidated; the login machine validates it). */
  readonly url?: string;
  /** `Paste code here if prompted` box. */
  readonly pastePrompt: boolean;
  /** Explicit failure copy (`✘ OAuth error: …`, `Press Enter to retry`). */
  readonly failure: boolean;
  /** Success copy (`Login successful`). */
  readonly success: boolean;
}

/**
 * A startup problem with one of the CLI's MCP servers, as the CLI printed it in its welcome region (Codex). Server
 * names come from the caller's config: the reader bounds their length and strips control characters.
 */
export type McpNoticeFact =
  /** The server needs an OAuth login; `recoveryCommand` is the command the CLI named. */
  | { readonly kind: "not_logged_in"; readonly server: string; readonly recoveryCommand: string }
  /** MCP startup finished with these servers failed; one login command per server. */
  | { readonly kind: "startup_incomplete"; readonly servers: readonly string[]; readonly recoveryCommands: readonly string[] };

export interface ScreenFacts {
  /** A native input composer is visible (prompt glyph row between rules / at bottom). */
  readonly composer: boolean;
  /** Text currently on the composer row(s) after the prompt glyph, trimmed ("" when empty). */
  readonly composerText: string;
  /**
   * The composer's draft ends in an empty line that `composerText` does not show: on Codex, an Enter its paste-burst
   * heuristic took for a newline (read together with the typed text before it). Absent when not seen.
   */
  readonly composerOpenLine?: boolean;
  /** On-screen working indicator (Claude footer `esc to interrupt`; Codex `Working (… esc to interrupt)`). */
  readonly working: boolean;
  /** OSC title shows the CLI's busy spinner. */
  readonly titleSpinner: boolean;
  /** An interrupt end banner belongs to the latest turn (below the last user prompt). */
  readonly interruptBanner: boolean;
  /** Staged paste chip in the composer (Claude `[Pasted text #N …]`). */
  readonly pastedChip: boolean;
  /** Number of `[Image #N]` chips in the composer region. */
  readonly imageChips: number;
  /** Visible CLI rows reporting a failed image paste (Codex `■ Failed to paste image: …`; Claude: always 0). */
  readonly imagePasteFailures: number;
  readonly dialog?: DialogFact;
  /** The live `/model` picker, when the bottom-most dialog is one (machines/model-picker drives it). */
  readonly modelPicker?: ModelPickerFact;
  /** The live model-switch cache warning, when the bottom-most dialog is one. */
  readonly modelSwitch?: ModelSwitchFact;
  /** The live `/login` panel, when the bottom-most dialog is one. */
  readonly login?: LoginFact;
  /** The bottom-most `Set model to …` line above the composer or dialog; absent when none (always, on Codex). */
  readonly modelNotice?: ModelNoticeFact;
  /** MCP startup problems printed in the welcome region, in screen order; absent when none (always, on Claude). */
  readonly mcpNotices?: readonly McpNoticeFact[];
  /**
   * Claude says it has no usable login: a missing or lapsed-login line naming the `/login` directive. Absent when not
   * seen (always, on Codex: its sign-in screen is a dialog).
   */
  readonly loginRequired?: boolean;
  /** Every rule id that matched this frame, sorted. */
  readonly ruleIds: readonly string[];
}

export type ScreenReader = (snapshot: TerminalSnapshot) => ScreenFacts;

export const EMPTY_FACTS: ScreenFacts = {
  composer: false,
  composerText: "",
  working: false,
  titleSpinner: false,
  interruptBanner: false,
  pastedChip: false,
  imageChips: 0,
  imagePasteFailures: 0,
  ruleIds: [],
};

/** A stable key for "did the facts change?" comparisons (frames repaint often with the same meaning). */
export function factsKey(facts: ScreenFacts): string {
  const d = facts.dialog;
  return [
    facts.composer ? "C" : "c",
    facts.working ? "W" : "w",
    facts.titleSpinner ? "T" : "t",
    facts.interruptBanner ? "I" : "i",
    facts.pastedChip ? "P" : "p",
    String(facts.imageChips),
    facts.composerText === "" ? "e" : "E",
    d ? `${d.kind}:${d.blocking ? "b" : "n"}:${[...d.ruleIds].sort().join(",")}` : "-",
  ].join("|");
}
