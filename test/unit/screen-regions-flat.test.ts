// Unit tests for regionTexts: the one-pass flattened region text equals the trim / join / collapse-whitespace reading.
import { describe, expect, it } from "vitest";
import { regionTexts } from "../../adapters/screen-regions.js";

/** The reading regionTexts must reproduce exactly: trimmed non-blank rows joined by spaces, every \s run one space. */
function reference(rows: readonly string[], start: number, end: number): string {
  return rows
    .slice(Math.max(0, start), end + 1)
    .map((row) => row.trim())
    .filter((row) => row.length > 0)
    .join(" ")
    .replace(/\s+/g, " ");
}

describe("regionTexts", () => {
  it("flattens rows the way trim, join and /\\s+/g → ' ' do, for every whitespace character and surrogates", () => {
    const pieces = ["a", "Do you trust", "❯", "1.", "中文", "😀", " ", "  ", "\t", "\u00a0", "\u3000", "\u2028", "\ufeff", "\u200b", "\u2009", "\ud83d", "\ude00", "│"];
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let trial = 0; trial < 2000; trial += 1) {
      const rows = Array.from({ length: 1 + random(8) }, () => Array.from({ length: random(7) }, () => pieces[random(pieces.length)] as string).join(""));
      const start = random(rows.length + 1) - 1;
      const end = start + random(rows.length + 1);
      const { rowText, flatText } = regionTexts(rows, start, end);
      expect(flatText, JSON.stringify({ rows, start, end })).toBe(reference(rows, start, end));
      expect(rowText).toBe(rows.slice(Math.max(0, start), end + 1).join("\n"));
    }
  });

  it("reads a dialog region as one line of copy", () => {
    const rows = ["", "  Do you trust the files", "   in this folder?  ", "", " ❯ 1. Yes, proceed ", "   2. No, exit"];
    expect(regionTexts(rows, 1, 5).flatText).toBe("Do you trust the files in this folder? ❯ 1. Yes, proceed 2. No, exit");
  });
});
