// Codex CLI screen reader: a rendered snapshot in, ScreenFacts out, driven by codexScreenRules.

import type { DialogFact, ScreenFacts, ScreenReader } from "../../src/contracts/screen-facts.js";
import {
  indexRules,
  joinComposerRows,
  lastContentRow,
  trimmedRows,
  windowStart,
  type GateGrammar,
} from "../screen-regions.js";
import { latestTurnInterrupted, readDialogRegion, type DialogReaderConfig, type TurnMarkers } from "../dialog-reader.js";
import type { ModelPickerFact } from "../../src/contracts/screen-facts.js";
import { parseCodexModelPicker } from "./model-picker.js";
import { readMcpNotices, type McpNoticePatterns } from "./mcp-notices.js";
import { CODEX_UNKNOWN_GATE_RULE, codexDialogKinds, codexScreenRules } from "./screen-rules.js";

const rule = indexRules(codexScreenRules);

// Resolved once at load: the reader runs on every frame.
const MARKER = rule("codex-composer-marker");
const FOOTER = rule("codex-composer-footer");
const PLACEHOLDER = rule("codex-composer-placeholder");
const OPEN_LINE = rule("codex-composer-open-line");
const SLASH_POPUP = rule("codex-slash-popup-row");
const PASTED_CHIP = rule("codex-pasted-chip");
const IMAGE_CHIP_ALL = new RegExp(rule("codex-image-chip").source, "g");
const WORKING_SPINNER = rule("codex-working-spinner");
const TITLE_SPINNER = rule("codex-working-title");
const TITLE_ACTION = rule("codex-title-action-required");
const INTERRUPT_BANNER = rule("codex-interrupt-banner");
const PROMPT_ROW = rule("codex-prompt-row");
const IMAGE_PASTE_FAILED = rule("codex-image-paste-failed");
const SESSION_HEADER = rule("codex-session-header");
const MCP_NOTICES: McpNoticePatterns = {
  notLoggedIn: rule("codex-mcp-not-logged-in"),
  startupIncomplete: rule("codex-mcp-startup-incomplete"),
};
const WARNINGS_COLLAPSED = rule("codex-startup-warnings-collapsed");
/** The header's model row (row 4 of the box); the rule decides whether it names a model. */
const SESSION_HEADER_MODEL_ROW = "│ model:";
/** Continuation rows joined to a wrapped box row: one at 40 columns with the captured model, a long model name may need two. */
const HEADER_WRAP_ROWS = 2;

/**
 * Conversation provenance rows: history cells (`•` reply/tool, `◦` running, `■` error/interrupt,
 * `✔`/`✗` approval outcome, `⚠` warning), user prompts `› text` (not `› 1.` options), and `>` rows
 * other than numbered options and the 0.144.6 trust prelude `> You are in /…`.
 */
const CONVERSATION_ROW = /^(?:[•◦■✔✗⚠] |› (?!\d{1,2}\.)\S|> (?!\d{1,2}\.|You are in \/)|user:|assistant:)/;

const CURSOR_GLYPHS = "›>";
const NATIVE_CURSOR_ROW = /^[›>] /m;
const GRAMMAR: GateGrammar = {
  cursorGlyphs: CURSOR_GLYPHS,
  headerStart: rule(CODEX_UNKNOWN_GATE_RULE),
  conversationRow: CONVERSATION_ROW,
};

/** The footer sits within a few rows of the bottom (footer, wrapped title, hints line). */
const FOOTER_SEARCH_ROWS = 6;
const MAX_COMPOSER_ROWS = 30;
/** Rows above the composer where the Working status row sits. */
const WORKING_SEARCH_ROWS = 8;

interface Composer {
  readonly row: number;
  readonly text: string;
  readonly rowsText: string;
  readonly placeholder: boolean;
  /** The draft ends in an empty line (an extra blank row above the footer's standard gap). */
  readonly openLine: boolean;
}

function findComposer(rows: readonly string[], footerRow: number, top: number, cols: number): Composer | undefined {
  let first = -1;
  for (let r = footerRow - 1; r >= top && footerRow - r <= MAX_COMPOSER_ROWS; r -= 1) {
    const row = rows[r] ?? "";
    if (MARKER.test(row)) {
      first = r;
      break;
    }
    if (row.length > 0 && !row.startsWith("  ")) return undefined;
  }
  if (first < 0) return undefined;
  const head = rows[first] ?? "";
  const parts: string[] = [head.replace(/^› ?/, "")];
  const lengths: number[] = [head.length];
  let gapFrom = first + 1;
  for (; gapFrom < footerRow; gapFrom += 1) {
    const row = rows[gapFrom] ?? "";
    if (row.length === 0) break;
    parts.push(row.slice(2));
    lengths.push(row.length);
  }
  const joined = joinComposerRows(parts, lengths, cols);
  const placeholder = parts.length === 1 && PLACEHOLDER.test(joined);
  const openLine = OPEN_LINE.test(rows.slice(gapFrom, footerRow).join("\n"));
  return { row: first, text: placeholder ? "" : joined, rowsText: parts.join("\n"), placeholder, openLine };
}

/** The top row of a slash-command popup that ends the screen (0.144.6 paints it in place of the footer), if any. */
function slashPopupTop(rows: readonly string[], last: number, top: number): number | undefined {
  if (last < 0 || !SLASH_POPUP.test(rows[last] ?? "")) return undefined;
  let r = last;
  while (r - 1 >= top && SLASH_POPUP.test(rows[r - 1] ?? "")) r -= 1;
  return r;
}

/**
 * 0.144.6's session header names its model. The header is the first transcript cell, but on a narrow or short
 * pane start-up warnings push it down, so every transcript row is searched. A box row that does not end with its
 * right border wrapped (the box keeps its width on a narrower terminal): its continuation rows are joined to it.
 */
function sessionHeaderNamesModel(rows: readonly string[], bound: number): boolean {
  for (let r = 0; r < bound; r += 1) {
    const row = rows[r] ?? "";
    if (!row.startsWith(SESSION_HEADER_MODEL_ROW)) continue;
    let text = row;
    for (let next = r + 1; next < bound && next <= r + HEADER_WRAP_ROWS && !text.endsWith("│"); next += 1) text += rows[next] ?? "";
    if (SESSION_HEADER.test(text)) return true;
  }
  return false;
}

const TURN_MARKERS: TurnMarkers = {
  promptRow: PROMPT_ROW,
  promptRowId: "codex-prompt-row",
  banner: INTERRUPT_BANNER,
  bannerId: "codex-interrupt-banner",
};

const DIALOGS: DialogReaderConfig = {
  kinds: codexDialogKinds,
  rule,
  cursorGlyphs: CURSOR_GLYPHS,
  grammar: GRAMMAR,
  unknownGateRuleId: CODEX_UNKNOWN_GATE_RULE,
  // Native Codex dialogs put their selection cursor at column 0 (`› 1.`, `> 1.`); transcript cells
  // indent every continuation row, so a quoted dialog never has one. The update banner blocks
  // before its options paint, so it alone is exempt.
  allowKind: (kind, rowText) => kind.kind === "update" || NATIVE_CURSOR_ROW.test(rowText),
  allowGate: (rowText) => NATIVE_CURSOR_ROW.test(rowText),
};

export const readCodexScreen: ScreenReader = (snapshot): ScreenFacts => {
  const rows = trimmedRows(snapshot.lines);
  const matched = new Set<string>();

  const titleSpinner = TITLE_SPINNER.test(snapshot.title);
  if (titleSpinner) matched.add("codex-working-title");
  if (TITLE_ACTION.test(snapshot.title)) matched.add("codex-title-action-required");

  const last = lastContentRow(rows);
  const top = windowStart(last);

  // Ready composer = `›` row with the model/cwd footer below it (the pre-trust splash has none).
  let composer: Composer | undefined;
  for (let r = last; r >= Math.max(top, last - FOOTER_SEARCH_ROWS + 1); r -= 1) {
    if (FOOTER.test(rows[r] ?? "")) {
      composer = findComposer(rows, r, top, snapshot.cols);
      if (composer !== undefined) matched.add("codex-composer-footer");
      break;
    }
  }
  // 0.144.6 with a `/` draft: the command popup replaces the footer, so the composer is found above the popup.
  const popupTop = composer === undefined ? slashPopupTop(rows, last, top) : undefined;
  if (popupTop !== undefined) {
    // Only a `/` draft opens the popup: a dialog's `› 1.` option row above a stale popup row is no composer.
    const above = findComposer(rows, popupTop, top, snapshot.cols);
    if (above !== undefined && above.text.startsWith("/")) {
      composer = above;
      matched.add("codex-slash-popup-row");
    }
  }

  let pastedChip = false;
  let imageChips = 0;
  let dialog: DialogFact | undefined;
  let modelPicker: ModelPickerFact | undefined;
  let transcriptBound = last + 1;

  if (composer !== undefined) {
    matched.add("codex-composer-marker");
    if (composer.placeholder) matched.add("codex-composer-placeholder");
    if (composer.openLine) matched.add("codex-composer-open-line");
    if (PASTED_CHIP.test(composer.rowsText)) {
      matched.add("codex-pasted-chip");
      pastedChip = true;
    }
    imageChips = composer.rowsText.match(IMAGE_CHIP_ALL)?.length ?? 0;
    if (imageChips > 0) matched.add("codex-image-chip");
    transcriptBound = composer.row;
  } else if (last >= 0) {
    // Dialogs replace the composer at the bottom; the region starts below the last history cell,
    // so a header quoted inside the transcript is never part of it.
    let start = top;
    for (let r = last; r >= top; r -= 1) {
      if (CONVERSATION_ROW.test(rows[r] ?? "")) {
        start = r + 1;
        break;
      }
    }
    dialog = readDialogRegion(DIALOGS, rows, start, last, matched);
    if (dialog !== undefined) transcriptBound = start;
    // The picker's rows come from the same live region only (machines/model-picker drives them).
    if (dialog?.kind === "model_picker") modelPicker = parseCodexModelPicker(rows, start, last);
  }

  let working = false;
  const workingFrom = composer !== undefined ? composer.row - 1 : last;
  for (let r = workingFrom; r >= Math.max(top, workingFrom - WORKING_SEARCH_ROWS + 1); r -= 1) {
    const row = rows[r] ?? "";
    if (PROMPT_ROW.test(row)) break;
    if (WORKING_SPINNER.test(row)) {
      matched.add("codex-working-spinner");
      working = true;
      break;
    }
  }

  const interruptBanner = last >= 0 && latestTurnInterrupted(TURN_MARKERS, rows, transcriptBound, top, matched);

  // Counted (not just seen) so the image-attach machine can tell a new failure from an old one still on screen.
  // The whole viewport, not the bottom window: 0.171.0 on a tall pane paints the row right under the header,
  // far above the composer (measured at 48 rows).
  let imagePasteFailures = 0;
  for (let r = 0; r < transcriptBound; r += 1) {
    if (IMAGE_PASTE_FAILED.test(rows[r] ?? "")) imagePasteFailures += 1;
  }
  if (imagePasteFailures > 0) matched.add("codex-image-paste-failed");

  if (sessionHeaderNamesModel(rows, transcriptBound)) matched.add("codex-session-header");

  const mcpNotices = readMcpNotices(rows, transcriptBound, MCP_NOTICES, matched);
  // Recorded only: 0.171.0 keeps MCP problems behind F2, so there is nothing to read from this row.
  for (let r = last; r >= Math.max(top, last - FOOTER_SEARCH_ROWS + 1); r -= 1) {
    if (WARNINGS_COLLAPSED.test(rows[r] ?? "")) {
      matched.add("codex-startup-warnings-collapsed");
      break;
    }
  }

  const facts: ScreenFacts = {
    composer: composer !== undefined,
    composerText: composer?.text ?? "",
    ...(composer?.openLine === true ? { composerOpenLine: true } : {}),
    working,
    titleSpinner,
    interruptBanner,
    pastedChip,
    imageChips,
    imagePasteFailures,
    ...(mcpNotices === undefined ? {} : { mcpNotices }),
    ruleIds: [...matched].sort(),
  };
  if (dialog === undefined) return facts;
  return modelPicker === undefined ? { ...facts, dialog } : { ...facts, dialog, modelPicker };
};
