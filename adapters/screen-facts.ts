// The adapter-neutral vocabulary of screen facts: what a rendered frame means, as data machines consume.

import type { TerminalSnapshot } from "../effects/terminal/types.js";

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

export interface ScreenFacts {
  /** A native input composer is visible (prompt glyph row between rules / at bottom). */
  readonly composer: boolean;
  /** Text currently on the composer row(s) after the prompt glyph, trimmed ("" when empty). */
  readonly composerText: string;
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
  readonly dialog?: DialogFact;
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
