// Pure reading of the /model picker's facts for the picker machine: the whole picker on screen, its rows merged
// across pages, the cursor, the distance to a target row, the listing's options, and the picker's own dialogs.

import type { AgentModelOption } from "../src/contracts/public-types.js";
import type { PickerProfile } from "../src/contracts/agent-adapter.js";
import type { ModelNoticeFact, ModelPickerFact, ModelPickerRowFact, ScreenFacts } from "../src/contracts/screen-facts.js";
import { nativeComposer } from "../adapters/foreign-picker-hold.js";

export function toOption(row: ModelPickerRowFact): AgentModelOption {
  const base = { id: row.id, label: row.label, isCurrent: row.isCurrent, isDefault: row.isDefault, raw: row.raw };
  return row.description === undefined ? base : { ...base, description: row.description };
}

/**
 * Rows merged by id in list order. A page is a contiguous window of the list that overlaps what is known, so a
 * new row goes right after the row above it, or before the first known row when the page scrolled upwards.
 */
export function mergeRows(known: readonly ModelPickerRowFact[], page: readonly ModelPickerRowFact[]): ModelPickerRowFact[] {
  const out = [...known];
  const anchor = page.findIndex((row) => out.some((r) => r.id === row.id));
  if (anchor < 0) return [...out, ...page.filter((row, k) => page.findIndex((r) => r.id === row.id) === k)];
  let at = out.findIndex((r) => r.id === page[anchor]?.id);
  out.splice(at, 0, ...page.slice(0, anchor));
  at += anchor;
  for (const row of page.slice(anchor)) {
    const seen = out.findIndex((r) => r.id === row.id);
    if (seen >= 0) {
      out[seen] = row;
      at = seen;
    } else {
      at += 1;
      out.splice(at, 0, row);
    }
  }
  return out;
}

/** Index of the cursor row within the visible window, -1 when none is rendered. */
export function selectedIndex(fact: ModelPickerFact | undefined): number {
  return fact === undefined ? -1 : fact.rows.findIndex((r) => r.selected);
}

/** Index of the rendered cursor row among the collected rows, -1 when unknown. */
export function cursorInKnown(fact: ModelPickerFact | undefined, known: readonly ModelPickerRowFact[]): number {
  const id = fact?.rows[selectedIndex(fact)]?.id;
  return id === undefined ? -1 : known.findIndex((r) => r.id === id);
}

/**
 * Where the CLI marks no current row but opens on it (Qwen), the opening cursor's row is the current one; where it
 * marks no default (Codex, Qwen), the current row is also the default.
 */
export function finalizeOptions(rows: readonly ModelPickerRowFact[], profile: PickerProfile, openCursor: string | null = null): AgentModelOption[] {
  const marked = rows.map(toOption);
  const options =
    profile.cursorOpensOnCurrent && openCursor !== null && !marked.some((o) => o.isCurrent) ? marked.map((o) => (o.id === openCursor ? { ...o, isCurrent: true } : o)) : marked;
  if (profile.currentIsDefault && !options.some((o) => o.isDefault)) {
    return options.map((o) => (o.isCurrent ? { ...o, isDefault: true } : o));
  }
  return options;
}

/**
 * The collected row a `Set model to <label>` line names: the row whose label it contains, the longest such label
 * winning (`Sonnet 5 (1M context)` over `Sonnet`, `Default (Opus …)` over `Opus`); undefined when none does.
 */
export function rowNamedBy(label: string, rows: readonly ModelPickerRowFact[]): ModelPickerRowFact | undefined {
  const named = label.toLowerCase();
  let best: ModelPickerRowFact | undefined;
  for (const row of rows) {
    const own = row.label.toLowerCase();
    if (own !== "" && named.includes(own) && (best === undefined || own.length > best.label.length)) best = row;
  }
  return best;
}

/** A notice that appeared or changed after the slot was acquired (a stale line never speaks for our apply). */
export function freshNotice(notice: ModelNoticeFact | undefined, before: ModelNoticeFact | null): notice is ModelNoticeFact {
  if (notice === undefined) return false;
  return before === null || notice.count > before.count || notice.label.toLowerCase() !== before.label.toLowerCase();
}

/**
 * The picker on screen when painted whole. A paint split over PTY reads (rows without the `↓` and footer below them,
 * seen on Codex 0.171.0 under load) reads as the list's end and hides the session key: it counts as no picker yet.
 */
export function picker(facts: ScreenFacts | null, stage?: ModelPickerFact["stage"]): ModelPickerFact | undefined {
  const fact = facts?.modelPicker;
  if (fact === undefined || !fact.complete) return undefined;
  return stage === undefined || fact.stage === stage ? fact : undefined;
}

/** Claude's switch dialog is present (complete or partially painted: title without rows). */
export function switchDialog(facts: ScreenFacts | null): boolean {
  return facts?.dialog?.kind === "model_switch_confirm";
}

export function ownDialogVisible(facts: ScreenFacts | null): boolean {
  return picker(facts) !== undefined || (switchDialog(facts) && facts?.modelSwitch?.standardCopy === true);
}

/** The native composer, with no dialog over it, shows the typed command as its draft. */
export function draftOnComposer(facts: ScreenFacts | null, command: string): boolean {
  return facts !== null && nativeComposer(facts) && facts.composerText.startsWith(command);
}

export function foreignAtStart(facts: ScreenFacts | null): boolean {
  const kind = facts?.dialog?.kind;
  return facts?.modelPicker !== undefined || kind === "model_picker" || kind === "model_switch_confirm";
}

/** Stage key for the one-Escape-per-stage cleanup rule. */
export function stageKey(facts: ScreenFacts | null): string | null {
  const p = picker(facts);
  if (p !== undefined) return `picker:${p.stage}`;
  if (switchDialog(facts)) return "switch";
  return null;
}

export function cursorDelta(fact: ModelPickerFact, target: string, known: readonly ModelPickerRowFact[] = []): number {
  const to = fact.rows.findIndex((r) => r.id === target);
  const from = fact.rows.findIndex((r) => r.selected);
  if (to >= 0 && from >= 0) return to - from;
  // Target scrolled out of view but every row was collected (Codex model stage): move by the full-list distance,
  // because a window with both ↑ and ↓ says nothing about which side the target is on.
  const fullTo = known.findIndex((r) => r.id === target);
  const fullFrom = from < 0 ? -1 : known.findIndex((r) => r.id === fact.rows[from]?.id);
  if (fullTo >= 0 && fullFrom >= 0) return fullTo - fullFrom;
  if (from < 0) return 0;
  // Target scrolled out of view: walk one page towards it.
  return fact.moreBelow ? fact.rows.length - 1 - from + 1 : fact.moreAbove ? -from - 1 : 0;
}
