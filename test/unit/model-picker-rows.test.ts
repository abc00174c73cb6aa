// Unit tests: the Claude /model picker and cache-warning parsers against the real captured screens (C-API-23, C-ATTN-04).

import { SCREENS_DIR } from "../fixtures/capture-snapshot.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import type { ScreenFacts } from "../../src/contracts/screen-facts.js";

const DIR = `${SCREENS_DIR}/claude/`;

/** Facts of a capture as the live reader computes them (header comment lines dropped). */
function factsOf(file: string): ScreenFacts {
  const lines = readFileSync(DIR + file, "utf8").split("\n").filter((l) => !l.startsWith("# "));
  const cols = file.includes("w60") ? 60 : file.includes("w100") ? 100 : 189;
  return readClaudeScreen({ lines, cols, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never);
}

describe("Claude /model picker rows (captures 2.1.215, 2.1.332)", () => {
  it.each(["model-picker.txt", "model-picker-w100.txt", "model-picker-w60.txt"])("C-API-23: 2.1.332 %s parses five rows, Default current and default", (file) => {
    const picker = factsOf(file).modelPicker;
    expect(picker?.stage).toBe("model");
    expect(picker?.rows.map((r) => r.id)).toEqual(["default", "opus", "fable", "sonnet", "haiku"]);
    expect(picker?.rows.map((r) => r.label)).toEqual(["Default", "Opus", "Fable", "Sonnet", "Haiku"]);
    expect(picker?.rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["default"]);
    expect(picker?.rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual(["default"]);
    expect(picker?.rows.filter((r) => r.selected).map((r) => r.id)).toEqual(["default"]);
    expect(picker?.sessionKey).toBe(true);
    expect(picker?.complete).toBe(true);
    expect(picker?.rows[1]?.description).toMatch(/^Opus 5\.5/);
  });

  it.each(["model-picker.txt", "model-picker-w60.txt", "model-picker-215.txt"])("C-API-23: %s cut before its footer (a paint split over PTY reads) is not complete", (file) => {
    const all = readFileSync(DIR + file, "utf8").split("\n").filter((l) => !l.startsWith("# "));
    const footer = all.findIndex((l) => /Enter to (?:save|set as default)|Esc to cancel/.test(l));
    expect(footer).toBeGreaterThan(0);
    const lines = [...all.slice(0, footer), ...all.slice(footer).map(() => "")];
    const cols = file.includes("w60") ? 60 : 189;
    const picker = readClaudeScreen({ lines, cols, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never).modelPicker;
    expect(picker?.rows.length).toBeGreaterThan(0);
    expect(picker?.complete).toBe(false);
  });

  it.each(["model-picker-215.txt", "model-picker-215-w60.txt"])("C-API-23: 2.1.215 %s keeps wrapped descriptions with their row", (file) => {
    const picker = factsOf(file).modelPicker;
    expect(picker?.rows.map((r) => r.id)).toEqual(["default", "opus", "sonnet", "sonnet 5 (1m context)", "haiku"]);
    expect(picker?.rows[4]?.description).toBe("Haiku 4.5 · Fastest for quick answers · $1/$5 per Mtok");
    expect(picker?.rows[0]?.raw).toContain("(recommended)");
    expect(picker?.sessionKey).toBe(true);
  });

  it.each(["model-switch-confirm.txt", "model-switch-confirm-215.txt"])("C-ATTN-04: %s is the standard cache warning with a recognized affirmative", (file) => {
    const facts = factsOf(file);
    expect(facts.dialog?.kind).toBe("model_switch_confirm");
    expect(facts.dialog?.blocking).toBe(true);
    expect(facts.modelSwitch).toEqual({ standardCopy: true, affirmative: 0, selected: 0 });
  });

  it("C-ATTN-04: a PreModelSwitch-style confirmation in the same shell is not standard copy", () => {
    const lines = readFileSync(DIR + "model-switch-confirm.txt", "utf8")
      .split("\n")
      .filter((l) => !l.startsWith("# "))
      .map((l) => (/slower and use more tokens|cached for the current model/.test(l) ? "  A hook asks you to confirm this switch." : l));
    const facts = readClaudeScreen({ lines, cols: 189, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never);
    expect(facts.dialog?.kind).toBe("model_switch_confirm");
    expect(facts.modelSwitch?.standardCopy).toBe(false);
    expect(facts.modelSwitch?.affirmative).toBe(-1);
  });

  it("C-API-23: screens without the live picker carry no picker fact (transcript `/model` lines do not count)", () => {
    for (const file of ["paste-image-path.txt", "after-image-turn.txt", "composer-idle.txt"]) {
      expect(factsOf(file).modelPicker, file).toBeUndefined();
    }
  });
});
