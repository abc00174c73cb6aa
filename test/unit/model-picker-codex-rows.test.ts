// Unit tests: the Codex /model picker parser against the real captured screens of 0.144.6 and 0.171.0 (C-API-23, C-CODEX-14).

import { SCREENS_DIR } from "../fixtures/capture-snapshot.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCodexScreen } from "../../adapters/codex/read-screen.js";
import type { ModelPickerFact } from "../../src/contracts/screen-facts.js";

const DIR = `${SCREENS_DIR}/codex/`;
/** `cut` keeps the screen only up to the first line matching it: a paint split over PTY reads. */
function pickerOf(file: string, cut?: RegExp): ModelPickerFact | undefined {
  const all = readFileSync(DIR + file, "utf8").split("\n").filter((l) => !l.startsWith("# "));
  const end = cut === undefined ? -1 : all.findIndex((l) => cut.test(l));
  const lines = end < 0 ? all : [...all.slice(0, end), ...all.slice(end).map(() => "")];
  return readCodexScreen({ lines, cols: file.includes("-60") ? 60 : 189, rows: lines.length, title: "", cursor: { x: 0, y: 0 } } as never).modelPicker;
}
const ids = (p: ModelPickerFact | undefined) => p?.rows.map((r) => r.id);

describe("Codex /model picker rows", () => {
  it("C-API-23: 0.144.6 lists slugs with the (default) marker and no session key", () => {
    const p = pickerOf("v144-model-picker-189.txt");
    expect(ids(p)).toEqual(["gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5", "gpt-5.4", "gpt-5.4-mini", "gpt-5.2"]);
    expect(p?.rows[0]).toMatchObject({ isDefault: true, selected: true, isCurrent: false, description: "Latest frontier agentic coding model." });
    expect(p?.sessionKey).toBe(false);
    expect(pickerOf("v144-model-picker-with-current-189.txt")?.rows[0]).toMatchObject({ id: "gpt-5.6-sol", isCurrent: true });
  });

  it("C-API-23: 0.171.0 marks (current), scrolls (↓ / ↑) and keeps unnumbered legacy rows", () => {
    const first = pickerOf("v171-model-picker-with-current-189.txt");
    expect(first?.rows[0]).toMatchObject({ id: "gpt-6.2-sol", label: "GPT-6.2-Sol", isCurrent: true });
    expect(first?.rows[2]?.id).toBe("gpt-6.1-terra");
    expect(first?.moreBelow).toBe(true);
    const end = pickerOf("v171-model-picker-scrolled-end-189.txt");
    expect(end?.moreAbove).toBe(true);
    expect(end?.moreBelow).toBe(false);
    expect(ids(end)?.slice(-3)).toEqual(["gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5"]);
    expect(end?.rows.at(-1)?.selected).toBe(true);
  });

  it("C-API-23: a page whose `↓` and footer are not painted yet is not complete; a whole page is", () => {
    for (const file of ["v144-model-picker-189.txt", "v171-model-picker-189.txt", "v171-model-picker-60.txt", "v171-model-picker-effort-step-189.txt"]) {
      expect(pickerOf(file)?.complete, file).toBe(true);
    }
    const split = pickerOf("v171-model-picker-189.txt", /^↓$/);
    expect(split?.rows).toHaveLength(8);
    expect(split).toMatchObject({ moreBelow: false, complete: false });
    expect(pickerOf("v171-model-picker-effort-step-189.txt", /esc back/)).toMatchObject({ sessionKey: false, complete: false });
  });

  it("C-API-23: wrapped descriptions at 60 columns stay with their row", () => {
    const p = pickerOf("v171-model-picker-60.txt");
    expect(p?.rows).toHaveLength(8);
    expect(p?.rows[1]?.description).toBe("Our most capable model for complex coding and professional work.");
  });

  it("C-CODEX-14: the effort step names the CLI's default level; 0.171 offers `s session`, 0.144 does not", () => {
    const v171 = pickerOf("v171-model-picker-effort-with-current-189.txt");
    expect(v171?.stage).toBe("effort");
    expect(v171?.rows.find((r) => r.isDefault)?.id).toBe("low");
    expect(v171?.rows.find((r) => r.isCurrent)?.id).toBe("medium");
    expect(v171?.sessionKey).toBe(true);
    const v144 = pickerOf("v144-model-picker-effort-with-current-189.txt");
    expect(v144?.stage).toBe("effort");
    expect(v144?.sessionKey).toBe(false);
  });
});
