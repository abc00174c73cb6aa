// Qwen Code `/model` picker parser: the live dialog's rows (read without the box) in, picker facts out.

import type { ModelPickerFact, ModelPickerRowFact } from "../../src/contracts/screen-facts.js";
import { indexRules } from "../screen-regions.js";
import { qwenScreenRules } from "./screen-rules.js";

/** Verified against qwen 0.24.4 (screens 11-model-picker, 17-model-picker-two-providers; the bundle's ModelDialog). */
export const QWEN_PICKER_VERIFIED = ["qwen 0.24.4"] as const;

const rule = indexRules(qwenScreenRules);
const HEADER = rule("qwen-model_picker-prompt");
const ROW = rule("qwen-model-picker-row");
const FOOTER = rule("qwen-model-picker-footer");
/** The details block's top border (`────…`) ends the list. */
const DETAILS_BORDER = /^─{3,}$/;
/** What 0.24.4 appends after a row's label and id: a model from the env or argv, a discontinued Qwen OAuth model. */
const SUFFIX = /\s+\((?:Runtime|Discontinued)\)$/;
/** The id in parentheses that follows a label differing from it (an id has no spaces). */
const TRAILING_ID = /^(.*\S)\s+\(([^\s()]+)\)$/;
/**
 * 0.24.4's dialog shows at most 10 rows (MAX_MODEL_ITEMS_TO_SHOW) and paints no scroll marker, only absolute row
 * numbers: a first row numbered above 1 proves rows above; a full window may have rows below (a shorter terminal's
 * smaller window cannot be told from the list's end on one frame: measured limitation, see adapter notes).
 */
const WINDOW_CAP = 10;

interface Draft {
  readonly number: number;
  readonly title: string;
  readonly selected: boolean;
  readonly description: string[];
  readonly raw: string[];
}

function toRow(d: Draft): ModelPickerRowFact {
  const bare = d.title.replace(SUFFIX, "");
  const named = TRAILING_ID.exec(bare);
  const label = named?.[1] ?? bare;
  const id = (named?.[2] ?? bare).toLowerCase();
  const description = d.description.join(" ").replace(/\s+/g, " ").trim();
  // No row carries a current or default marker: the machine takes the cursor of the opening frame as the current row.
  const base = { id, label, isCurrent: false, isDefault: false, selected: d.selected, raw: d.raw.join(" ") };
  return description === "" ? base : { ...base, description };
}

/** Parses the Qwen picker in rows[start..end] (box borders already removed), or undefined when no picker is there. */
export function parseQwenModelPicker(rows: readonly string[], start: number, end: number): ModelPickerFact | undefined {
  let header = -1;
  for (let r = start; r <= end && header < 0; r += 1) if (HEADER.test(rows[r] ?? "")) header = r;
  if (header < 0) return undefined;
  const drafts: Draft[] = [];
  let listOver = false;
  let complete = false;
  for (let r = header + 1; r <= end; r += 1) {
    const row = rows[r] ?? "";
    const text = row.trim();
    if (FOOTER.test(text)) {
      // The footer paints last: only now are the rows above it known to be whole.
      complete = drafts.length > 0;
      break;
    }
    if (listOver || text === "") continue;
    if (DETAILS_BORDER.test(text)) {
      listOver = true;
      continue;
    }
    const m = ROW.exec(row);
    if (m !== null) {
      drafts.push({ number: Number(m[2]), title: `${m[4] ?? ""}`.trim(), selected: m[1] !== undefined, description: [], raw: [text] });
      continue;
    }
    // An indented row under a model row is its description (`Runtime model` under an env model).
    const prev = drafts[drafts.length - 1];
    if (prev !== undefined) {
      prev.description.push(text);
      prev.raw.push(text);
    }
  }
  if (drafts.length === 0) return undefined;
  return {
    stage: "model",
    rows: drafts.map(toRow),
    sessionKey: false,
    moreAbove: (drafts[0]?.number ?? 1) > 1,
    moreBelow: drafts.length >= WINDOW_CAP,
    complete,
  };
}
