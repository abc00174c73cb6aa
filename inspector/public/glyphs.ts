// Display-only glyph substitutes: Claude Code's footer uses media-control symbols (⏸ manual mode, ⏵⏵ accept edits)
// that common monospace fonts (DejaVu Sans Mono, Menlo) lack, so the page would draw a missing-glyph box.

/** Each U+23F4..U+23FA symbol → a one-column look-alike that DejaVu Sans Mono has (the cell width stays the same). */
const SUBSTITUTES: Readonly<Record<string, string>> = {
  "\u23f4": "\u25c2", // ⏴ → ◂
  "\u23f5": "\u25b8", // ⏵ → ▸
  "\u23f6": "\u25b4", // ⏶ → ▴
  "\u23f7": "\u25be", // ⏷ → ▾
  "\u23f8": "\u2016", // ⏸ → ‖
  "\u23f9": "\u25a0", // ⏹ → ■
  "\u23fa": "\u25cf", // ⏺ → ●
};

const MEDIA_SYMBOLS = /[\u23f4-\u23fa]/g;

/** The text as the browser terminal draws it; the session's own bytes (timeline, export) are untouched. */
export function displayGlyphs(text: string): string {
  return text.replace(MEDIA_SYMBOLS, (c) => SUBSTITUTES[c] ?? c);
}
