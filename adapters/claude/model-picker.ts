// Claude `/model` picker and model-switch cache-warning parsers: live dialog rows in, picker facts out.

import type { DialogOption, ModelPickerFact, ModelPickerRowFact, ModelSwitchFact } from "../../src/contracts/screen-facts.js";
import { indentOf } from "../screen-regions.js";

/** Verified against claude 2.1.215 and 2.1.332 (captures model-picker*.txt, model-switch-confirm*.txt). */
export const CLAUDE_PICKER_VERIFIED = ["claude 2.1.215", "claude 2.1.332"] as const;

const HEADER = /^\s*Select model$/;
/** `❯ 1. Default (recommended) ✔  Use the default model …` — cursor, number, then label and description columns. */
const OPTION = /^(\s*)(❯\s*)?(\d{1,2})\.\s+(\S.*)$/;
const COLUMN_GAP = /\S(\s{2,})\S/;
const CURRENT_MARK = /\s*✔\s*/;
const RECOMMENDED = /\s*\(recommended\)\s*/i;
/** The footer names the session-only key (`s to use this session only`); wraps at 60 columns, so read flat. */
const SESSION_KEY = /\bs to use this session only\b/;
const FOOTER = /Esc to cancel|Enter to (?:save|set as default)/;

interface Draft {
  label: string;
  description: string[];
  selected: boolean;
  raw: string[];
  indent: number;
}

function splitColumns(text: string): { label: string; description: string } {
  const gap = COLUMN_GAP.exec(text);
  if (gap === null) return { label: text.trim(), description: "" };
  return { label: text.slice(0, gap.index + 1).trim(), description: text.slice(gap.index + 1 + (gap[1]?.length ?? 0)).trim() };
}

function toRow(d: Draft): ModelPickerRowFact {
  const isCurrent = CURRENT_MARK.test(d.label) && d.label.includes("✔");
  const isDefault = RECOMMENDED.test(d.label);
  const label = d.label.replace("✔", "").replace(RECOMMENDED, " ").replace(/\s+/g, " ").trim();
  const description = d.description.join(" ").replace(/\s+/g, " ").trim();
  const base = { id: label.toLowerCase(), label, isCurrent, isDefault, selected: d.selected, raw: d.raw.join(" ") };
  return description === "" ? base : { ...base, description };
}

/** Parses the picker in rows[start..end] (the bottom-most dialog region), or undefined when it is not one. */
export function parseClaudeModelPicker(rows: readonly string[], start: number, end: number): ModelPickerFact | undefined {
  let header = -1;
  for (let r = start; r <= end; r += 1) {
    if (HEADER.test(rows[r] ?? "")) {
      header = r;
      break;
    }
  }
  if (header < 0) return undefined;
  const drafts: Draft[] = [];
  let complete = false;
  let flat = "";
  for (let r = header + 1; r <= end; r += 1) {
    const row = rows[r] ?? "";
    flat += ` ${row.trim()}`;
    // Ink paints the footer after the rows: with it on screen the rows (and the footer's session key) are whole.
    if (drafts.length > 0 && FOOTER.test(row)) complete = true;
    const m = OPTION.exec(row);
    if (m !== null) {
      const { label, description } = splitColumns(m[4] ?? "");
      drafts.push({ label, description: description === "" ? [] : [description], selected: m[2] !== undefined, raw: [row.trim()], indent: indentOf(row) });
      continue;
    }
    const prev = drafts[drafts.length - 1];
    // A wrapped description sits far right of the option's number; anything at the dialog margin ends the list.
    if (prev !== undefined && row.length > 0 && indentOf(row) > prev.indent + 4 && !FOOTER.test(row)) {
      prev.description.push(row.trim());
      prev.raw.push(row.trim());
    }
  }
  if (drafts.length === 0) return undefined;
  return {
    stage: "model",
    rows: drafts.map(toRow),
    sessionKey: SESSION_KEY.test(flat.replace(/\s+/g, " ")),
    moreAbove: false,
    moreBelow: false,
    complete,
  };
}

/** Claude's own cache-warning copy; a PreModelSwitch hook's confirmation has the same shell but other body text. */
const STANDARD_COPY = [/Your next response will be slower and use more tokens/, /This conversation is cached for the current model/];
const AFFIRMATIVE = /^Yes, (?:switch|change)\b/;
const SWITCH_HEADER = /^\s*(?:Switch model\?|Change effort level\?)$/;

/** Reads the `Switch model?` / `Change effort level?` dialog in rows[start..end] with its parsed options. */
export function parseClaudeModelSwitch(
  rows: readonly string[],
  start: number,
  end: number,
  options: readonly DialogOption[],
): ModelSwitchFact | undefined {
  let header = -1;
  for (let r = start; r <= end; r += 1) {
    if (SWITCH_HEADER.test(rows[r] ?? "")) {
      header = r;
      break;
    }
  }
  if (header < 0) return undefined;
  const body = rows.slice(header + 1, end + 1).map((r) => r.trim()).join(" ").replace(/\s+/g, " ");
  const standardCopy = STANDARD_COPY.every((re) => re.test(body));
  return {
    standardCopy,
    affirmative: standardCopy ? options.findIndex((o) => AFFIRMATIVE.test(o.label)) : -1,
    selected: options.findIndex((o) => o.selected),
  };
}
