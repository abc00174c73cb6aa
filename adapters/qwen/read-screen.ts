// Qwen Code screen reader: a rendered snapshot in, ScreenFacts out, driven by qwenScreenRules.

import type { DialogFact, ModelPickerFact, ScreenFacts, ScreenReader } from "../../src/contracts/screen-facts.js";
import { latestTurnInterrupted, readDialogRegion, type DialogReaderConfig, type TurnMarkers } from "../dialog-reader.js";
import { indexRules, isFullWidthRule, joinComposerRows, lastContentRow, trimmedRows, windowStart, type GateGrammar } from "../screen-regions.js";
import { parseQwenModelPicker } from "./model-picker.js";
import { QWEN_UNKNOWN_GATE_RULE, qwenDialogKinds, qwenScreenRules } from "./screen-rules.js";

const rule = indexRules(qwenScreenRules);

// Resolved once at load: the reader runs on every frame.
const RULE_ROW = rule("qwen-composer-rule");
const MARKER = rule("qwen-composer-marker");
const PLACEHOLDER = rule("qwen-composer-placeholder");
const PASTED_CHIP = rule("qwen-pasted-chip");
const ATTACHMENTS = rule("qwen-attachments");
const WORKING_SPINNER = rule("qwen-working-spinner");
const TITLE_SPINNER = rule("qwen-working-title");
const TITLE_ACTION = rule("qwen-title-action-required");
const INITIALIZING = rule("qwen-initializing");
const PROMPT_ROW = rule("qwen-prompt-row");
const INTERRUPT_BANNER = rule("qwen-interrupt-banner");
// Row by row (the table's header rule is multiline, for the region test): the same pattern without the `m` flag.
const PERMISSION_HEADER = new RegExp(rule("qwen-permission-header").source);
const PICKER_TOP = rule("qwen-dialog-box-top");
const RIPGREP = rule("qwen-ripgrep-warning");

/** History rows: user prompts `  > `, replies `  ◆︎ `, notices `  ●︎ `, tool results `  ✓ ` / `  x `. */
const CONVERSATION_ROW = /^ {2}(?:> \S|◆|●|✓ |x )/;
const CURSOR_GLYPHS = "›";
const GRAMMAR: GateGrammar = { cursorGlyphs: CURSOR_GLYPHS, headerStart: rule(QWEN_UNKNOWN_GATE_RULE), conversationRow: CONVERSATION_ROW };

/** Rows below the composer: the cwd / model row and the approval-mode row (or the Ctrl+C notice). */
const FOOTER_SEARCH_ROWS = 5;
const MAX_COMPOSER_ROWS = 30;
/** The attachments block sits right above the composer's top rule (a blank row may come between); squeezed, it spans a few rows. */
const MAX_ATTACHMENT_ROWS = 8;
/** Rows above the composer where the loading row sits (a blank row between). */
const WORKING_SEARCH_ROWS = 6;

interface Composer {
  /** The top rule's row. */
  readonly top: number;
  readonly text: string;
  readonly rowsText: string;
}

/**
 * The composer: a prompt-prefix row (`> `, `* ` in yolo, `! ` in shell mode) right under a full-width rule, its continuation rows, then another full-width rule, within a
 * few rows of the bottom. A half-painted frame without the lower rule is no composer.
 */
function findComposer(rows: readonly string[], last: number, top: number, cols: number): Composer | undefined {
  for (let bottom = last; bottom >= Math.max(top, last - FOOTER_SEARCH_ROWS); bottom -= 1) {
    if (!isFullWidthRule(rows[bottom] ?? "", cols, RULE_ROW)) continue;
    let upper = -1;
    for (let r = bottom - 1; r >= top && bottom - r <= MAX_COMPOSER_ROWS + 1; r -= 1) {
      if (isFullWidthRule(rows[r] ?? "", cols, RULE_ROW)) {
        upper = r;
        break;
      }
    }
    if (upper < 0 || upper + 1 >= bottom || !MARKER.test(rows[upper + 1] ?? "")) return undefined;
    const parts: string[] = [];
    const lengths: number[] = [];
    for (let r = upper + 1; r < bottom; r += 1) {
      const row = rows[r] ?? "";
      parts.push(r === upper + 1 ? row.replace(/^[>*!] ?/, "") : row.replace(/^ {2}/, ""));
      lengths.push(row.length);
    }
    const joined = joinComposerRows(parts, lengths, cols);
    const placeholder = parts.length === 1 && PLACEHOLDER.test(joined);
    return { top: upper, text: placeholder ? "" : joined, rowsText: parts.join("\n") };
  }
  return undefined;
}

/**
 * Images attached to the draft: one `[` per chip in the first row of the `Attachments:` block, the run of rows right
 * above the composer (one blank row may separate them). Chip names (`clipboard-<ms>-<n>.<ext>`) hold no `[`.
 */
function attachmentChips(rows: readonly string[], composerTop: number): number {
  let r = composerTop - 1;
  if ((rows[r] ?? "") === "") r -= 1;
  for (const floor = Math.max(0, r - MAX_ATTACHMENT_ROWS); r >= floor && (rows[r] ?? "") !== ""; r -= 1) {
    const row = rows[r] ?? "";
    if (ATTACHMENTS.test(row) && (rows[r - 1] ?? "") === "") return row.split("[").length - 1;
  }
  return 0;
}

/** A boxed dialog's rows without the box (`│ › 1. …  │` → `› 1. …`), so the shared option parser reads them. */
function unboxed(rows: readonly string[], start: number, end: number): string[] {
  const out = [...rows];
  for (let r = start; r <= end; r += 1) out[r] = (rows[r] ?? "").replace(/^\s*│ ?/, "").replace(/\s*│$/, "");
  return out;
}

/** The live dialog's first row: the last confirmation header or picker box top in the bottom window. */
function dialogStart(rows: readonly string[], last: number, top: number): number {
  for (let r = last; r >= top; r -= 1) {
    const row = rows[r] ?? "";
    if (PERMISSION_HEADER.test(row) || PICKER_TOP.test(row)) return r;
    if (CONVERSATION_ROW.test(row)) return r + 1;
  }
  return top;
}

const TURN_MARKERS: TurnMarkers = { promptRow: PROMPT_ROW, promptRowId: "qwen-prompt-row", banner: INTERRUPT_BANNER, bannerId: "qwen-interrupt-banner" };

const DIALOGS: DialogReaderConfig = {
  kinds: qwenDialogKinds,
  rule,
  cursorGlyphs: CURSOR_GLYPHS,
  grammar: GRAMMAR,
  unknownGateRuleId: QWEN_UNKNOWN_GATE_RULE,
};

export const readQwenScreen: ScreenReader = (snapshot): ScreenFacts => {
  const rows = trimmedRows(snapshot.lines);
  const matched = new Set<string>();
  const titleSpinner = TITLE_SPINNER.test(snapshot.title);
  if (titleSpinner) matched.add("qwen-working-title");
  if (TITLE_ACTION.test(snapshot.title)) matched.add("qwen-title-action-required");

  const last = lastContentRow(rows);
  const top = windowStart(last);
  const composer = last >= 0 ? findComposer(rows, last, top, snapshot.cols) : undefined;

  let dialog: DialogFact | undefined;
  let modelPicker: ModelPickerFact | undefined;
  let transcriptBound = last + 1;
  let pastedChip = false;
  let imageChips = 0;
  if (composer !== undefined) {
    matched.add("qwen-composer-rule");
    matched.add("qwen-composer-marker");
    if (composer.text === "") matched.add("qwen-composer-placeholder");
    if (PASTED_CHIP.test(composer.rowsText)) {
      matched.add("qwen-pasted-chip");
      pastedChip = true;
    }
    imageChips = attachmentChips(rows, composer.top);
    if (imageChips > 0) matched.add("qwen-attachments");
    for (let r = composer.top + 1; r <= Math.min(last, composer.top + MAX_COMPOSER_ROWS + FOOTER_SEARCH_ROWS); r += 1) {
      if (rule("qwen-footer-mode").test(rows[r] ?? "")) {
        matched.add("qwen-footer-mode");
        break;
      }
    }
    transcriptBound = composer.top;
  } else if (last >= 0) {
    // A confirmation or the model picker takes the composer's place at the bottom.
    const start = dialogStart(rows, last, top);
    const region = unboxed(rows, start, last);
    dialog = readDialogRegion(DIALOGS, region, start, last, matched);
    if (dialog !== undefined) transcriptBound = start;
    // The picker's rows come from the same live region only (machines/model-picker drives them).
    if (dialog?.kind === "model_picker") modelPicker = parseQwenModelPicker(region, start, last);
    if (modelPicker !== undefined) {
      matched.add("qwen-model-picker-row");
      if (modelPicker.complete) matched.add("qwen-model-picker-footer");
    }
    for (let r = last; r >= top; r -= 1) {
      if (INITIALIZING.test(rows[r] ?? "")) {
        matched.add("qwen-initializing");
        break;
      }
    }
  }

  let working = false;
  const workingFrom = composer !== undefined ? composer.top - 1 : last;
  for (let r = workingFrom; r >= Math.max(top, workingFrom - WORKING_SEARCH_ROWS + 1); r -= 1) {
    const row = rows[r] ?? "";
    if (PROMPT_ROW.test(row)) break;
    if (WORKING_SPINNER.test(row)) {
      matched.add("qwen-working-spinner");
      working = true;
      break;
    }
  }

  const interruptBanner = last >= 0 && latestTurnInterrupted(TURN_MARKERS, rows, transcriptBound, top, matched);
  for (let r = 0; r < transcriptBound; r += 1) {
    if (RIPGREP.test(rows[r] ?? "")) {
      matched.add("qwen-ripgrep-warning");
      break;
    }
  }

  const facts: ScreenFacts = {
    composer: composer !== undefined,
    composerText: composer?.text ?? "",
    working,
    titleSpinner,
    interruptBanner,
    pastedChip,
    imageChips,
    imagePasteFailures: 0,
    ruleIds: [...matched].sort(),
  };
  if (dialog === undefined) return facts;
  return modelPicker === undefined ? { ...facts, dialog } : { ...facts, dialog, modelPicker };
};
