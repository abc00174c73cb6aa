// Shared row helpers for the adapter screen readers: bottom windows, rule rows, option rows, gate grammar.

import type { DialogKind, DialogOption } from "../src/contracts/screen-facts.js";

/** A dialog kind in an adapter table: header rules (any one names it) and detail rules reported with it. */
export interface DialogKindRule {
  readonly kind: DialogKind;
  readonly blocking: boolean;
  readonly headerRuleIds: readonly string[];
  /** Body copy / affirmative rows: reported in the dialog's ruleIds when they also match. */
  readonly detailRuleIds: readonly string[];
}

/**
 * How many rows above the last non-blank row a reader looks at. Both CLIs keep their live chrome
 * (composer, footer, dialogs) at the bottom of the painted area; inline renderers (Claude 2.1.215,
 * Codex 0.144.6) paint at the top of an otherwise blank screen, so the window is anchored to the
 * last content row, not to the screen's last row. 40 rows covers Claude 2.1.215's slash menu,
 * which paints ~25 rows under the composer.
 */
export const BOTTOM_WINDOW_ROWS = 40;

/** Rows of the snapshot with trailing whitespace removed (xterm keeps written trailing spaces). */
export function trimmedRows(lines: readonly string[]): string[] {
  const out = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i += 1) out[i] = (lines[i] ?? "").trimEnd();
  return out;
}

/** Index of the last row with any visible text, or -1 for a blank screen. */
export function lastContentRow(rows: readonly string[]): number {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    if ((rows[i] ?? "").length > 0) return i;
  }
  return -1;
}

/** First row of the bottom window that ends at `last`. */
export function windowStart(last: number, size: number = BOTTOM_WINDOW_ROWS): number {
  return Math.max(0, last - size + 1);
}

/** Leading-space count of a row (both CLIs indent with plain spaces). */
export function indentOf(row: string): number {
  let i = 0;
  while (i < row.length && row.charCodeAt(i) === 32) i += 1;
  return i;
}

/**
 * True when the row is a rule drawn across (nearly) the full width. Captures show the composer and
 * dialog rules span exactly `cols` cells; 90% tolerates a repaint that has not finished the row.
 */
export function isFullWidthRule(row: string, cols: number, ruleRow: RegExp): boolean {
  return row.length >= Math.max(3, Math.floor(cols * 0.9)) && ruleRow.test(row);
}

/**
 * Joins composer rows into the typed text. A row that filled the usable width (both CLIs wrap two
 * cells short of the right edge) is a soft wrap and joins without a newline; anything shorter was a
 * real line break. A word-wrapped row loses its trailing space; the screen cannot tell otherwise.
 */
export function joinComposerRows(parts: readonly string[], fullRowLengths: readonly number[], cols: number): string {
  let text = "";
  for (let i = 0; i < parts.length; i += 1) {
    if (i > 0) {
      const prevFull = (fullRowLengths[i - 1] ?? 0) >= cols - 2;
      text += prevFull ? "" : "\n";
    }
    text += parts[i] ?? "";
  }
  return text.trim();
}

export interface OptionRowsConfig {
  /** Selection cursor glyphs, e.g. "❯" for Claude, "›>" for Codex. */
  readonly cursorGlyphs: string;
}

export interface ParsedOptions {
  readonly options: DialogOption[];
  readonly layout: "numbered" | "cursor" | "none";
  /** First and last row index that carried an option (or its continuation); -1 when none. */
  readonly firstRow: number;
  readonly lastRow: number;
}

const NONE: ParsedOptions = { options: [], layout: "none", firstRow: -1, lastRow: -1 };

/** Compiled per glyph set once; readers call parseOptionRows on every frame. */
interface OptionMatchers {
  readonly numbered: RegExp;
  readonly cursor: RegExp;
}
const matcherCache = new Map<string, OptionMatchers>();

function matchersFor(glyphs: string): OptionMatchers {
  let m = matcherCache.get(glyphs);
  if (m === undefined) {
    const g = glyphs.replace(/[\\\]^-]/g, "\\$&");
    m = {
      // `2.Skip` (Codex menus without a space after the dot) must parse; `1.5x` must not.
      numbered: new RegExp(`^(\\s*)([${g}])?(\\s*)(\\d{1,2})\\.(?:\\s+|(?=[A-Za-z]))(\\S.*)$`),
      cursor: new RegExp(`^(\\s*)[${g}](\\s+)(\\S.*)$`),
    };
    matcherCache.set(glyphs, m);
  }
  return m;
}

/** Text before a two-space column gap: picker rows are `label  description`. */
const COLUMN_GAP = /\S\s{2,}\S/;
function labelOf(text: string): { label: string; twoColumn: boolean } {
  const gap = COLUMN_GAP.exec(text);
  if (gap === null) return { label: text.trim(), twoColumn: false };
  return { label: text.slice(0, gap.index + 1).trim(), twoColumn: true };
}

interface Draft {
  label: string;
  /** Deeper-indented rows under the option: a wrapped label, or a description line. */
  cont: string[];
  number?: number;
  selected: boolean;
  twoColumn: boolean;
  indent: number;
}

/**
 * Continuation rows join the label unless the list is "spaced" (blank rows between options, as in
 * Codex's sign-in list), where they are description lines under each option.
 */
function finish(drafts: readonly Draft[], spaced: boolean): DialogOption[] {
  return drafts.map((d) => {
    const label = spaced || d.cont.length === 0 ? d.label : `${d.label} ${d.cont.join(" ")}`;
    return d.number === undefined ? { label, selected: d.selected } : { label, number: d.number, selected: d.selected };
  });
}

/**
 * Parses option rows in rows[start..end]. Numbered layout: every `[cursor] N. label` row, plus
 * unnumbered rows after the first numbered one that carry the cursor or keep the list's two-column
 * shape (Codex's picker ends with unnumbered legacy rows). Deeper-indented rows continue the
 * previous option's label (wrapped text), except in two-column lists where they are wrapped
 * descriptions. Cursor layout (no numbers): the cursor row and its contiguous siblings at the same
 * text column.
 */
export function parseOptionRows(
  rows: readonly string[],
  start: number,
  end: number,
  config: OptionRowsConfig,
): ParsedOptions {
  if (start > end) return NONE;
  const { numbered, cursor } = matchersFor(config.cursorGlyphs);

  const drafts: Draft[] = [];
  let firstRow = -1;
  let lastRow = -1;
  let labelCol = -1;
  let spaced = false;
  for (let r = start; r <= end; r += 1) {
    const row = rows[r] ?? "";
    if (row.length === 0) continue;
    const m = numbered.exec(row);
    if (m !== null) {
      const text = m[5] ?? "";
      const { label, twoColumn } = labelOf(text);
      labelCol = row.length - text.length;
      if (drafts.length > 0 && r > lastRow + 1) spaced = true;
      drafts.push({ label, cont: [], number: Number(m[4]), selected: m[2] !== undefined, twoColumn, indent: indentOf(row) });
      if (firstRow < 0) firstRow = r;
      lastRow = r;
      continue;
    }
    if (drafts.length === 0) continue;
    const prev = drafts[drafts.length - 1];
    if (prev === undefined) continue;
    const c = cursor.exec(row);
    if (c !== null) {
      const { label, twoColumn } = labelOf(c[3] ?? "");
      drafts.push({ label, cont: [], selected: true, twoColumn, indent: indentOf(row) });
      lastRow = r;
      continue;
    }
    const indent = indentOf(row);
    if (prev.twoColumn && indent >= labelCol - 1 && indent <= labelCol + 3 && COLUMN_GAP.test(row.slice(indent))) {
      const { label } = labelOf(row.slice(indent));
      drafts.push({ label, cont: [], selected: false, twoColumn: true, indent });
      lastRow = r;
      continue;
    }
    if (indent > prev.indent && r === lastRow + 1) {
      if (!prev.twoColumn) prev.cont.push(row.trim());
      lastRow = r;
    }
  }
  if (drafts.length > 0) return { options: finish(drafts, spaced), layout: "numbered", firstRow, lastRow };

  // Cursor layout: the bottom-most cursor row anchors the list.
  let anchor = -1;
  let textCol = -1;
  for (let r = end; r >= start; r -= 1) {
    const c = cursor.exec(rows[r] ?? "");
    if (c !== null) {
      anchor = r;
      textCol = (c[1] ?? "").length + 1 + (c[2] ?? "").length;
      break;
    }
  }
  if (anchor < 0) return NONE;
  let top = anchor;
  while (top - 1 >= start && indentOf(rows[top - 1] ?? "") === textCol && (rows[top - 1] ?? "").length > textCol) {
    top -= 1;
  }
  const list: Draft[] = [];
  let bottom = top;
  for (let r = top; r <= end; r += 1) {
    const row = rows[r] ?? "";
    if (row.length === 0) break;
    if (r === anchor) {
      const c = cursor.exec(row);
      list.push({ label: labelOf(c?.[3] ?? "").label, cont: [], selected: true, twoColumn: false, indent: textCol });
    } else {
      const indent = indentOf(row);
      if (indent === textCol) {
        list.push({ label: labelOf(row.slice(indent)).label, cont: [], selected: false, twoColumn: false, indent });
      } else if (indent > textCol && list.length > 0) {
        list[list.length - 1]?.cont.push(row.trim());
      } else {
        break;
      }
    }
    bottom = r;
  }
  return { options: finish(list, false), layout: "cursor", firstRow: top, lastRow: bottom };
}

/**
 * Unknown-gate grammar, shared by both adapters: a bottom-most dialog whose line-leading header starts with one of
 * these prefixes, with selectable options and only a native footer below them, is held (readiness and queued input
 * wait, no automated key is written) until it leaves the screen. The list is closed on purpose: any other header
 * word is not a gate. Each adapter supplies its cursor glyphs and conversation-row shape.
 */
export const GATE_HEADER_START =
  /^(?:Do you|Quick safety|Is this|Load this|Trust the|New MCP|WARNING:|Claude Code running|Hooks need)/;

/**
 * Native footers that end a gate frame: `Enter to confirm` / `Esc to cancel` and `Press enter to …` are the
 * long-standing forms; the `enter … · esc …` forms are Codex 0.171.0's native footers as captured.
 */
export const GATE_FOOTER =
  /^(?:(?:.*·\s*)?(?:Enter to confirm|Esc to cancel)(?:\s*·.*)?|Press enter to (?:continue|confirm or esc to (?:cancel|go back))|enter (?:continue|confirm|select) · esc (?:quit|back|skip))$/;

export interface GateGrammar {
  readonly cursorGlyphs: string;
  /** Line-leading header prefixes; both adapters pass GATE_HEADER_START via their rule table. */
  readonly headerStart: RegExp;
  /** Rows that mark conversation provenance (user prompt, assistant reply, tool cell). */
  readonly conversationRow: RegExp;
}

export interface GateMatch {
  readonly headerRow: number;
  readonly parsed: ParsedOptions;
}

/**
 * Applies the unknown-gate grammar to rows[start..end] (end = last content row): a native footer
 * ends the frame, selectable options sit directly above it (only blank rows between), and the
 * nearest recognised header above the options is not a conversation row and has text beyond the
 * prefix, with no conversation row between it and the options or above it in the region.
 */
export function matchGateGrammar(rows: readonly string[], start: number, end: number, grammar: GateGrammar): GateMatch | undefined {
  if (end < start) return undefined;
  if (!GATE_FOOTER.test((rows[end] ?? "").trim())) return undefined;
  let footerTop = end;
  while (footerTop - 1 >= start && GATE_FOOTER.test((rows[footerTop - 1] ?? "").trim())) footerTop -= 1;

  const parsed = parseOptionRows(rows, start, footerTop - 1, { cursorGlyphs: grammar.cursorGlyphs });
  if (parsed.options.length === 0) return undefined;
  if (parsed.options.length < 2 && !parsed.options.some((o) => o.selected)) return undefined;
  for (let r = parsed.lastRow + 1; r < footerTop; r += 1) {
    if ((rows[r] ?? "").length > 0) return undefined;
  }
  let headerRow = -1;
  for (let r = parsed.firstRow - 1; r >= start; r -= 1) {
    const row = rows[r] ?? "";
    if (grammar.conversationRow.test(row)) return undefined;
    const text = row.trim();
    const prefix = grammar.headerStart.exec(text);
    if (prefix !== null) {
      if (text.length <= prefix[0].length) return undefined;
      headerRow = r;
      break;
    }
  }
  if (headerRow < 0) return undefined;
  for (let r = headerRow - 1; r >= start; r -= 1) {
    if (grammar.conversationRow.test(rows[r] ?? "")) return undefined;
  }
  return { headerRow, parsed };
}

/** Tests a rule pattern against a region: multiline patterns see rows, others the flattened text. */
export function testRegion(pattern: RegExp, rowText: string, flatText: string): boolean {
  return pattern.test(pattern.multiline ? rowText : flatText);
}

/** Exactly the characters of the regex class `\s` (the set `String.prototype.trim` strips as well). */
function isRegexSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

let flatUnits = new Uint16Array(4096);
const utf16 = new TextDecoder("utf-16le");

/**
 * The rows as one line: every run of whitespace, row breaks included, becomes one space, none at either end — the same
 * string as trimming each row, joining the non-blank ones with spaces and replacing /\s+/g with " ", built in one
 * pass (this runs on every frame, and the regex replace over joined rows was most of a screen reading's garbage).
 */
function flatten(rows: readonly string[], from: number, to: number): string {
  let size = 0;
  for (let r = from; r < to; r += 1) size += (rows[r] ?? "").length + 1;
  if (flatUnits.length < size) flatUnits = new Uint16Array(size);
  let n = 0;
  let gap = false;
  for (let r = from; r < to; r += 1) {
    const row = rows[r] ?? "";
    for (let i = 0; i < row.length; i += 1) {
      const c = row.charCodeAt(i);
      // The UTF-16 decoder would turn a lone surrogate into U+FFFD: such rows take the plain path.
      if (c >= 0xd800 && c <= 0xdfff) return flattenSlow(rows, from, to);
      if (isRegexSpace(c)) {
        gap = n > 0;
        continue;
      }
      if (gap) flatUnits[n++] = 0x20;
      gap = false;
      flatUnits[n++] = c;
    }
    gap = n > 0;
  }
  return n === 0 ? "" : utf16.decode(flatUnits.subarray(0, n));
}

function flattenSlow(rows: readonly string[], from: number, to: number): string {
  const kept: string[] = [];
  for (let r = from; r < to; r += 1) {
    const t = (rows[r] ?? "").trim();
    if (t.length > 0) kept.push(t);
  }
  return kept.join(" ").replace(/\s+/g, " ");
}

/** Rows joined for row-anchored patterns, and flattened (trimmed, single-spaced) for wrapped copy. */
export function regionTexts(rows: readonly string[], start: number, end: number): { rowText: string; flatText: string } {
  const from = Math.max(0, start);
  const to = Math.min(rows.length, end + 1);
  const rowText = rows.slice(from, to).join("\n");
  return { rowText, flatText: flatten(rows, from, to) };
}

/** Id → pattern lookup built once per rule table; a missing id is a programming error at load time. */
export function indexRules(rules: readonly { readonly id: string; readonly pattern: RegExp }[]): (id: string) => RegExp {
  const map = new Map<string, RegExp>();
  for (const rule of rules) map.set(rule.id, rule.pattern);
  return (id: string): RegExp => {
    const pattern = map.get(id);
    if (pattern === undefined) throw new Error(`unknown screen rule id: ${id}`);
    return pattern;
  };
}
