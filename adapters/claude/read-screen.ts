// Claude Code screen reader: a rendered snapshot in, ScreenFacts out, driven by claudeScreenRules.

import type { DialogFact, ModelNoticeFact, ScreenFacts, ScreenReader } from "../../src/contracts/screen-facts.js";
import {
  indexRules,
  isFullWidthRule,
  joinComposerRows,
  lastContentRow,
  trimmedRows,
  windowStart,
  type GateGrammar,
} from "../screen-regions.js";
import { latestTurnInterrupted, readDialogRegion, type DialogReaderConfig, type TurnMarkers } from "../dialog-reader.js";
import { CLAUDE_UNKNOWN_GATE_RULE, claudeDialogKinds, claudeScreenRules } from "./screen-rules.js";
import { parseClaudeModelPicker, parseClaudeModelSwitch } from "./model-picker.js";
import { parseClaudeLogin } from "./login-screens.js";

const rule = indexRules(claudeScreenRules);

// Resolved once at load: the reader runs on every frame.
const COMPOSER_RULE = rule("claude-composer-rule");
const COMPOSER_MARKER = rule("claude-composer-marker");
const PLACEHOLDERS = [rule("claude-composer-placeholder-resend"), rule("claude-composer-placeholder-try")] as const;
const PLACEHOLDER_IDS = ["claude-composer-placeholder-resend", "claude-composer-placeholder-try"] as const;
const PASTED_CHIP = rule("claude-pasted-chip");
const IMAGE_CHIP_ALL = new RegExp(rule("claude-image-chip").source, "g");
const EXIT_HINT = rule("claude-exit-resume-hint");
const WORKING_FOOTER = rule("claude-working-footer");
const WORKING_SPINNER = rule("claude-working-spinner");
const TITLE_HALFMOON = rule("claude-working-title-halfmoon");
const TITLE_BRAILLE = rule("claude-working-title-braille");
const INTERRUPT_BANNER = rule("claude-interrupt-banner");
const PROMPT_ROW = rule("claude-prompt-row");
const DIALOG_RULE = rule("claude-dialog-rule");
const MODEL_NOTICE = rule("claude-model-notice");
const LOGIN_NOTICE = rule("claude-login-required-notice");
const LOGIN_STATUS = rule("claude-login-required-status");

/** Rows that carry conversation provenance: a prompt, a reply/tool bullet, a spinner, a result hook. */
const CONVERSATION_ROW = /^(?:❯[ \u00a0]\S|[●⏺✻✢✶✽·*] \S|\s{0,4}⎿\s)/;

const GRAMMAR: GateGrammar = {
  cursorGlyphs: "❯",
  headerStart: rule(CLAUDE_UNKNOWN_GATE_RULE),
  conversationRow: CONVERSATION_ROW,
};

/** Longest composer (in rows) the reader will walk; 283 typed characters at 189 columns take 2. */
const MAX_COMPOSER_ROWS = 30;
/** Footer rows under the composer's bottom rule (footer + effort tag wrap at 60 columns). */
const FOOTER_ROWS = 3;
/** Rows above the composer where the spinner may sit (spinner, `⎿ Tip:` row, effort tag). */
const SPINNER_SEARCH_ROWS = 6;

interface Composer {
  readonly topRule: number;
  readonly bottomRule: number;
  readonly text: string;
  readonly rowsText: string;
  readonly placeholderId: string | undefined;
}

function findComposer(rows: readonly string[], bottomRule: number, top: number, cols: number): Composer | undefined {
  const bottomRow = rows[bottomRule] ?? "";
  if (!COMPOSER_RULE.test(bottomRow)) return undefined;
  let topRule = -1;
  for (let r = bottomRule - 1; r >= top && bottomRule - r <= MAX_COMPOSER_ROWS + 1; r -= 1) {
    if (isFullWidthRule(rows[r] ?? "", cols, COMPOSER_RULE)) {
      topRule = r;
      break;
    }
  }
  if (topRule < 0 || topRule + 1 >= bottomRule) return undefined;
  const first = rows[topRule + 1] ?? "";
  if (!COMPOSER_MARKER.test(first)) return undefined;
  const parts: string[] = [first.replace(/^❯[\u00a0 ]?/, "")];
  const lengths: number[] = [first.length];
  for (let r = topRule + 2; r < bottomRule; r += 1) {
    const row = rows[r] ?? "";
    if (row.length > 0 && !row.startsWith("  ")) return undefined;
    parts.push(row.slice(2));
    lengths.push(row.length);
  }
  let text = joinComposerRows(parts, lengths, cols);
  let placeholderId: string | undefined;
  if (parts.length === 1) {
    for (let i = 0; i < PLACEHOLDERS.length; i += 1) {
      if (PLACEHOLDERS[i]?.test(text) === true) {
        placeholderId = PLACEHOLDER_IDS[i];
        text = "";
        break;
      }
    }
  }
  return { topRule, bottomRule, text, rowsText: parts.join("\n"), placeholderId };
}

const TURN_MARKERS: TurnMarkers = {
  promptRow: PROMPT_ROW,
  promptRowId: "claude-prompt-row",
  banner: INTERRUPT_BANNER,
  bannerId: "claude-interrupt-banner",
};

const DIALOGS: DialogReaderConfig = {
  kinds: claudeDialogKinds,
  rule,
  cursorGlyphs: "❯",
  grammar: GRAMMAR,
  unknownGateRuleId: CLAUDE_UNKNOWN_GATE_RULE,
};

/** The bottom-most `Set model to …` line in the transcript rows above `bound`, with how many are on screen. */
function readModelNotice(rows: readonly string[], top: number, bound: number, matched: Set<string>): ModelNoticeFact | undefined {
  let label: string | undefined;
  let count = 0;
  for (let r = Math.max(0, top); r < bound; r += 1) {
    const m = MODEL_NOTICE.exec(rows[r] ?? "");
    if (m === null) continue;
    count += 1;
    label = (m[1] ?? "").trim();
  }
  if (label === undefined) return undefined;
  matched.add("claude-model-notice");
  return { label, count };
}

/**
 * A missing or lapsed login: the latest turn's `⎿  Not logged in · Please run /login` notice (below the last prompt row,
 * so an old one scrolled above a newer prompt does not count), or the login status by the composer (the row above its
 * top rule, or its footer rows).
 */
function readLoginRequired(rows: readonly string[], top: number, bound: number, composer: Composer | undefined, footerEnd: number, matched: Set<string>): boolean {
  let required = false;
  for (let r = bound - 1; r >= top; r -= 1) {
    const row = rows[r] ?? "";
    if (PROMPT_ROW.test(row)) break;
    if (LOGIN_NOTICE.test(row)) {
      matched.add("claude-login-required-notice");
      required = true;
      break;
    }
  }
  if (composer === undefined) return required;
  const statusRows = [composer.topRule - 1];
  for (let r = composer.bottomRule + 1; r <= footerEnd; r += 1) statusRows.push(r);
  for (const r of statusRows) {
    if (LOGIN_STATUS.test(rows[r] ?? "")) {
      matched.add("claude-login-required-status");
      return true;
    }
  }
  return required;
}

export const readClaudeScreen: ScreenReader = (snapshot): ScreenFacts => {
  const rows = trimmedRows(snapshot.lines);
  const cols = snapshot.cols;
  const matched = new Set<string>();

  let titleSpinner = false;
  if (TITLE_HALFMOON.test(snapshot.title)) {
    matched.add("claude-working-title-halfmoon");
    titleSpinner = true;
  } else if (TITLE_BRAILLE.test(snapshot.title)) {
    matched.add("claude-working-title-braille");
    titleSpinner = true;
  }

  const last = lastContentRow(rows);
  const top = windowStart(last);

  // The bottom-most full-width rule is either the composer's lower rule or a dialog's top rule.
  let lastRule = -1;
  for (let r = last; r >= top; r -= 1) {
    if (isFullWidthRule(rows[r] ?? "", cols, DIALOG_RULE)) {
      lastRule = r;
      break;
    }
  }

  // After /exit the last composer can stay painted (2.1.215 renders inline); the resume hint
  // printed below it says the CLI is gone.
  let exited = false;
  for (let r = last; r > Math.max(top, lastRule) - 1 && r >= 0; r -= 1) {
    if (EXIT_HINT.test(rows[r] ?? "")) {
      matched.add("claude-exit-resume-hint");
      exited = true;
      break;
    }
  }
  const composer = lastRule >= 0 && !exited ? findComposer(rows, lastRule, top, cols) : undefined;

  let working = false;
  let pastedChip = false;
  let imageChips = 0;
  let dialog: DialogFact | undefined;
  let panels: Pick<ScreenFacts, "modelPicker" | "modelSwitch" | "login"> = {};
  let transcriptBound = last + 1;

  if (composer !== undefined) {
    matched.add("claude-composer-rule");
    matched.add("claude-composer-marker");
    if (composer.placeholderId !== undefined) matched.add(composer.placeholderId);
    if (PASTED_CHIP.test(composer.rowsText)) {
      matched.add("claude-pasted-chip");
      pastedChip = true;
    }
    imageChips = composer.rowsText.match(IMAGE_CHIP_ALL)?.length ?? 0;
    if (imageChips > 0) matched.add("claude-image-chip");

    const footerEnd = Math.min(last, composer.bottomRule + FOOTER_ROWS);
    for (let r = composer.bottomRule + 1; r <= footerEnd; r += 1) {
      if (WORKING_FOOTER.test(rows[r] ?? "")) {
        matched.add("claude-working-footer");
        working = true;
        break;
      }
    }
    const spinnerTop = Math.max(top, composer.topRule - SPINNER_SEARCH_ROWS);
    for (let r = composer.topRule - 1; r >= spinnerTop; r -= 1) {
      const row = rows[r] ?? "";
      if (PROMPT_ROW.test(row)) break;
      if (WORKING_SPINNER.test(row)) {
        matched.add("claude-working-spinner");
        working = true;
        break;
      }
    }
    transcriptBound = composer.topRule;
  } else if (last >= 0) {
    // A native dialog is a panel under its own full-width top rule (onboarding screens have no
    // rule but no transcript either). Any conversation row inside the candidate region means the
    // text is transcript (a reply quoting a dialog), never a live dialog.
    const start = lastRule >= 0 ? lastRule + 1 : top;
    let conversation = false;
    for (let r = start; r <= last; r += 1) {
      if (CONVERSATION_ROW.test(rows[r] ?? "")) {
        conversation = true;
        break;
      }
    }
    if (!conversation) dialog = readDialogRegion(DIALOGS, rows, start, last, matched);
    if (dialog !== undefined) {
      if (lastRule >= 0) matched.add("claude-dialog-rule");
      transcriptBound = lastRule >= 0 ? lastRule : start;
      // Picker / cache-warning / login details come from the same live region only (machines drive them).
      const picker = dialog.kind === "model_picker" ? parseClaudeModelPicker(rows, start, last) : undefined;
      const change = dialog.kind === "model_switch_confirm" ? parseClaudeModelSwitch(rows, start, last, dialog.options) : undefined;
      const login = dialog.kind === "login" ? parseClaudeLogin(rows, start, last, cols) : undefined;
      panels = { ...(picker ? { modelPicker: picker } : {}), ...(change ? { modelSwitch: change } : {}), ...(login ? { login } : {}) };
    }
  }

  const modelNotice = readModelNotice(rows, top, transcriptBound, matched);
  const loginRequired =
    last >= 0 && readLoginRequired(rows, top, transcriptBound, composer, composer === undefined ? -1 : Math.min(last, composer.bottomRule + FOOTER_ROWS), matched);
  const interruptBanner = last >= 0 && latestTurnInterrupted(TURN_MARKERS, rows, transcriptBound, top, matched);

  const facts: ScreenFacts = {
    composer: composer !== undefined,
    composerText: composer?.text ?? "",
    working,
    titleSpinner,
    interruptBanner,
    pastedChip,
    imageChips,
    imagePasteFailures: 0,
    ...(modelNotice ? { modelNotice } : {}),
    ...(loginRequired ? { loginRequired } : {}),
    ruleIds: [...matched].sort(),
  };
  return dialog === undefined ? facts : { ...facts, dialog, ...panels };
};
