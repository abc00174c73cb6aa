// Codex `/model` picker parser (model list and reasoning-level step): live dialog rows in, picker facts out.

import type { ModelPickerFact, ModelPickerRowFact } from "../../src/contracts/screen-facts.js";
import { indentOf } from "../screen-regions.js";

/** Verified against codex-cli 0.144.6 and 0.171.0 (captures v144-model-picker*, v171-model-picker*). */
export const CODEX_PICKER_VERIFIED = ["codex 0.144.6", "codex 0.171.0"] as const;

const MODEL_HEADER = /^\s*Select Model and Effort$/;
const EFFORT_HEADER = /^\s*(?:Select Reasoning Level for \S.*|Advanced Reasoning)$/;
/** `› 1. GPT-6.2-Sol (current)  Fast, …` or an unnumbered legacy row `      GPT-5.6-Luna  Legacy …`. */
const NUMBERED = /^(›\s*)?\s*(\d{1,2})\.\s+(\S.*)$/;
const UNNUMBERED = /^(›)?(\s+)(\S.*)$/;
const COLUMN_GAP = /\S(\s{2,})\S/;
const MARKERS = /\s*\((current|default)\)/g;
/** 0.171 footer `enter default · s session · esc back` (effort step) offers the session-only key. */
const SESSION_KEY = /\bs session\b/;
const FOOTER = /esc back|esc to go back|Press enter/i;

interface Draft {
  label: string;
  description: string[];
  selected: boolean;
  raw: string[];
  labelCol: number;
}

function toRow(d: Draft): ModelPickerRowFact {
  const markers = [...d.label.matchAll(MARKERS)].map((m) => m[1]);
  const label = d.label.replace(MARKERS, "").trim();
  const description = d.description.join(" ").replace(/\s+/g, " ").trim();
  const base = {
    // Slugs are the lowercase label with spaces as dashes (`GPT-6.1 Terra` → `gpt-6.1-terra`); effort rows likewise.
    id: label.toLowerCase().replace(/…$/, "").trim().replace(/\s+/g, "-"),
    label,
    isCurrent: markers.includes("current"),
    isDefault: markers.includes("default"),
    selected: d.selected,
    raw: d.raw.join(" "),
  };
  return description === "" ? base : { ...base, description };
}

/** Parses the Codex picker in rows[start..end], or undefined when no picker header is there. */
export function parseCodexModelPicker(rows: readonly string[], start: number, end: number): ModelPickerFact | undefined {
  let header = -1;
  let stage: ModelPickerFact["stage"] = "model";
  for (let r = start; r <= end; r += 1) {
    const row = rows[r] ?? "";
    if (MODEL_HEADER.test(row)) header = r;
    else if (EFFORT_HEADER.test(row)) {
      header = r;
      stage = "effort";
    }
    if (header >= 0) break;
  }
  if (header < 0) return undefined;
  const drafts: Draft[] = [];
  let moreAbove = false;
  let moreBelow = false;
  let complete = false;
  let flat = "";
  for (let r = header + 1; r <= end; r += 1) {
    const row = rows[r] ?? "";
    flat += ` ${row.trim()}`;
    if (row.trim() === "↑") {
      moreAbove = true;
      continue;
    }
    if (row.trim() === "↓") {
      moreBelow = true;
      continue;
    }
    if (FOOTER.test(row)) {
      // The footer paints last: only now are the rows and the `↓` marker above it known to be whole.
      complete = drafts.length > 0;
      continue;
    }
    if (row.trim() === "") continue;
    const m = NUMBERED.exec(row);
    const prev = drafts[drafts.length - 1];
    if (m !== null) {
      const text = m[3] ?? "";
      const gap = COLUMN_GAP.exec(text);
      const label = gap ? text.slice(0, gap.index + 1) : text;
      const description = gap ? text.slice(gap.index + 1 + (gap[1]?.length ?? 0)) : "";
      drafts.push({ label: label.trim(), description: description ? [description] : [], selected: m[1] !== undefined, raw: [row.trim()], labelCol: row.length - text.length });
      continue;
    }
    const u = UNNUMBERED.exec(row);
    if (u === null || prev === undefined) continue;
    const text = u[3] ?? "";
    const col = row.length - text.length;
    // A row whose text starts near the label column and has its own description column is an unnumbered option;
    // deeper text is a wrapped description of the row above.
    if (col <= prev.labelCol + 2 && COLUMN_GAP.test(text)) {
      const gap = COLUMN_GAP.exec(text);
      const label = gap ? text.slice(0, gap.index + 1) : text;
      const description = gap ? text.slice(gap.index + 1 + (gap[1]?.length ?? 0)) : "";
      drafts.push({ label: label.trim(), description: description ? [description] : [], selected: u[1] !== undefined, raw: [row.trim()], labelCol: col });
    } else if (indentOf(row) > prev.labelCol) {
      prev.description.push(text.trim());
      prev.raw.push(text.trim());
    }
  }
  if (drafts.length === 0) return undefined;
  return { stage, rows: drafts.map(toRow), sessionKey: SESSION_KEY.test(flat), moreAbove, moreBelow, complete };
}
