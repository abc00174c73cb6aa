// Unit tests: the Qwen Code 0.24.4 /model picker parser against the real captured screens (C-API-23, issue 34).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { qwenAdapter } from "../../adapters/qwen/adapter.js";
import { parseQwenModelPicker } from "../../adapters/qwen/model-picker.js";
import { readQwenScreen } from "../../adapters/qwen/read-screen.js";
import { finalizeOptions } from "../../machines/model-picker-rows.js";
import type { ScreenFacts } from "../../src/contracts/screen-facts.js";
import { syntheticSnapshot } from "../fixtures/capture-snapshot.js";

const SCREENS = fileURLToPath(new URL("../fixtures/screens/qwen/0.24.4/", import.meta.url));
const CAPTURES = fileURLToPath(new URL("../fixtures/captures/qwen/", import.meta.url));

/** `cut` blanks the screen from the first line matching it on: a paint split over PTY reads. */
function facts(path: string, cut?: RegExp): ScreenFacts {
  const all = readFileSync(path, "utf8").replace(/\n$/, "").split("\n").filter((l) => !l.startsWith("# "));
  const end = cut === undefined ? -1 : all.findIndex((l) => cut.test(l));
  const rows = end < 0 ? all : [...all.slice(0, end), ...all.slice(end).map(() => "")];
  return readQwenScreen(syntheticSnapshot(rows, { cols: 120, rows: 40, title: "Qwen - work" }));
}
const screen = (name: string, cut?: RegExp) => facts(`${SCREENS}${name}.txt`, cut);

describe("Qwen Code 0.24.4 /model picker rows", () => {
  it("two modelProviders entries: the id in parentheses, the label before it, the cursor on the first; whole and unscrolled", () => {
    const p = screen("17-model-picker-two-providers").modelPicker;
    expect(p).toMatchObject({ stage: "model", sessionKey: false, moreAbove: false, moreBelow: false, complete: true });
    expect(p?.rows).toEqual([
      { id: "fake-model", label: "Fake One", isCurrent: false, isDefault: false, selected: true, raw: "› 1. [openai] Fake One (fake-model)" },
      { id: "fake-model-2", label: "Fake Two", isCurrent: false, isDefault: false, selected: false, raw: "2. [openai] Fake Two (fake-model-2)" },
    ]);
  });

  it("the cursor moved by ↓ is read on the second row", () => {
    const p = facts(`${CAPTURES}model-picker-two-providers-down.txt`).modelPicker;
    expect(p?.rows.map((r) => [r.id, r.selected])).toEqual([
      ["fake-model", false],
      ["fake-model-2", true],
    ]);
  });

  it("an env-only model is one `(Runtime)` row whose id is its label, with its description row", () => {
    const p = screen("11-model-picker").modelPicker;
    expect(p?.rows).toEqual([
      { id: "fake-model", label: "fake-model", description: "Runtime model", isCurrent: false, isDefault: false, selected: true, raw: "› 1. [openai] fake-model (Runtime) Runtime model" },
    ]);
  });

  it("the opening cursor's row is the current one and, with no default marked, the default", () => {
    const p = screen("17-model-picker-two-providers").modelPicker;
    const options = finalizeOptions(p?.rows ?? [], qwenAdapter.picker, "fake-model");
    expect(options.map((o) => [o.id, o.isCurrent, o.isDefault])).toEqual([
      ["fake-model", true, true],
      ["fake-model-2", false, false],
    ]);
  });

  it("a picker painted without its footer yet is not complete", () => {
    const p = screen("17-model-picker-two-providers", /Enter to select/).modelPicker;
    expect(p?.rows.map((r) => r.id)).toEqual(["fake-model", "fake-model-2"]);
    expect(p?.complete).toBe(false);
  });

  it("no picker on a screen without one: the idle composer, the `/model` completion, the history after a selection, a permission dialog", () => {
    for (const name of ["03-idle-composer", "10-slash-model-completion", "05-permission-dialog-shell", "04-reply"]) expect(screen(name).modelPicker, name).toBeUndefined();
    expect(facts(`${CAPTURES}after-model-selected.txt`).modelPicker).toBeUndefined();
    expect(facts(`${CAPTURES}after-model-picker-esc.txt`).modelPicker).toBeUndefined();
    // A region without the dialog's title is no picker, even with rows shaped like its rows.
    expect(parseQwenModelPicker(["› 1. [openai] Fake One (fake-model)", "Enter to select, ↑↓ to navigate, Esc to close"], 0, 1)).toBeUndefined();
  });

  it("a window that starts past row 1 has rows above; a full ten-row window may have rows below; Runtime and Discontinued are not ids", () => {
    const rows = ["Select Model", ""];
    for (let n = 3; n <= 12; n += 1) rows.push(`${n === 12 ? "›" : " "} ${String(n).padStart(2)}. [openai] Model ${n} (m-${n})`);
    rows.push("", "Enter to select, ↑↓ to navigate, Esc to close");
    const p = parseQwenModelPicker(rows, 0, rows.length - 1);
    expect(p).toMatchObject({ moreAbove: true, moreBelow: true, complete: true });
    expect(p?.rows.at(-1)).toMatchObject({ id: "m-12", label: "Model 12", selected: true });
    const other = parseQwenModelPicker(["Select Model", "› 1. [qwen-oauth] Coder Model (coder-model) (Discontinued)", "  2. [openai] Label (id-x) (Runtime)", "Enter to select, ↑↓ to navigate, Esc to close"], 0, 3);
    expect(other?.rows.map((r) => [r.id, r.label])).toEqual([
      ["coder-model", "Coder Model"],
      ["id-x", "Label"],
    ]);
  });
});
