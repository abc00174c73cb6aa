// Seeded fuzz: no text, however hostile, escapes its bracketed paste once sanitized and framed (C-API-40).

import { describe, expect, it } from "vitest";
import { hasUnsafeControl, sanitizeSubmissionText } from "../../machines/sanitize.js";
import { frameBracketedPaste, parseTerminalInput, PASTE_END, PASTE_START } from "../../machines/paste-framing.js";
import { prng } from "../support/prng.js";


const PIECES = [
  "\x1b[200~", "\x1b[201~", "\u009b200~", "\u009b201~", "\x1b[20", "0~", "1~", "\x1b", "\x1b[", "[", "~", "\u009b",
  "\r", "\n", "\r\n", "\t", "\x1b[A", "\x1bOP", "\x1b[1;5C", "\x1b]0;title\x07", "\x7f", "\x03", "\x04", "\x00",
  "😀", "👩‍💻", "é", "世界", "\ud83d", "a", "b", " ", "y\r", "1", "/compact",
];

function randomText(next: () => number): string {
  const length = Math.floor(next() * 24);
  let out = "";
  for (let i = 0; i < length; i++) {
    if (next() < 0.25) {
      // A raw code unit from the control-heavy low ranges or anywhere in the BMP.
      const pick = next();
      const code = pick < 0.4 ? Math.floor(next() * 0x20) : pick < 0.7 ? 0x7f + Math.floor(next() * 0x21) : Math.floor(next() * 0xffff);
      out += String.fromCharCode(code);
    } else {
      out += PIECES[Math.floor(next() * PIECES.length)] ?? "";
    }
  }
  return out;
}

describe("paste framing fuzz (C-API-40)", () => {
  it("C-API-40 10 000 hostile strings each frame to exactly one paste token and zero live keys", () => {
    const seed = 0x5eed2;
    const next = prng(seed);
    let naiveEscapes = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = randomText(next);
      const naive = parseTerminalInput(PASTE_START + text + PASTE_END);
      if (naive.length !== 1) naiveEscapes++;
      const clean = sanitizeSubmissionText(text);
      const tokens = parseTerminalInput(frameBracketedPaste(text));
      const context = `seed ${seed} case ${i}: ${JSON.stringify(text)}`;
      expect(tokens, context).toEqual([{ kind: "paste", text: clean, terminated: true }]);
      expect(hasUnsafeControl(clean), context).toBe(false);
      expect(sanitizeSubmissionText(clean), context).toBe(clean);
    }
    // The corpus must be hostile enough that unsanitized framing breaks out often.
    expect(naiveEscapes).toBeGreaterThan(1000);
  });
});
