// Bracketed-paste framing for submissions, plus a small TUI-style input tokenizer used to prove the framing is safe.

import { sanitizeSubmissionText } from "./sanitize.js";

export const PASTE_START = "\x1b[200~";
export const PASTE_END = "\x1b[201~";
/** The submitting key: a lone CR, always written as its own PTY write after the paste settles. */
export const ENTER = "\r";
export const ESCAPE = "\x1b";

/** Wraps text as one bracketed paste; the text is sanitized here too, so framing is safe by construction. */
export function frameBracketedPaste(text: string): string {
  return PASTE_START + sanitizeSubmissionText(text) + PASTE_END;
}

export type TerminalInputToken =
  | { readonly kind: "paste"; readonly text: string; readonly terminated: boolean }
  | { readonly kind: "key"; readonly key: string };

// The 8-bit CSI introducer is honoured too, so the tokenizer is at least as strict as any TUI we drive.
const CSI_8BIT = "\u009b";

function keyName(ch: string): string {
  switch (ch) {
    case "\r":
    case "\n":
      return "enter";
    case "\t":
      return "tab";
    case "\x7f":
    case "\b":
      return "backspace";
    default: {
      const code = ch.charCodeAt(0);
      if (code < 0x20) return `ctrl+${String.fromCharCode(code + 0x60)}`;
      return ch;
    }
  }
}

/** Length of a CSI sequence body starting at `i` (after the introducer): params, intermediates, final. */
function csiLength(input: string, i: number): number {
  let j = i;
  while (j < input.length && /[\x30-\x3f]/.test(input[j] ?? "")) j++;
  while (j < input.length && /[\x20-\x2f]/.test(input[j] ?? "")) j++;
  if (j < input.length && /[\x40-\x7e]/.test(input[j] ?? "")) return j + 1 - i;
  return j - i; // unterminated: consume what we have, like a TUI's parser timing out
}

/**
 * Tokenizes terminal input the way a TUI input loop does: a bracketed paste region is one paste token
 * (only an end sentinel closes it); outside it every key, control byte and escape sequence is a live key.
 */
export function parseTerminalInput(input: string): TerminalInputToken[] {
  const tokens: TerminalInputToken[] = [];
  let i = 0;
  while (i < input.length) {
    const startLen = input.startsWith(PASTE_START, i) ? PASTE_START.length : input.startsWith(`${CSI_8BIT}200~`, i) ? 5 : 0;
    if (startLen > 0) {
      const from = i + startLen;
      const ends = [input.indexOf(PASTE_END, from), input.indexOf(`${CSI_8BIT}201~`, from)].filter((n) => n >= 0);
      const end = ends.length > 0 ? Math.min(...ends) : -1;
      if (end < 0) {
        tokens.push({ kind: "paste", text: input.slice(from), terminated: false });
        break;
      }
      tokens.push({ kind: "paste", text: input.slice(from, end), terminated: true });
      i = end + (input.startsWith(PASTE_END, end) ? PASTE_END.length : 5);
      continue;
    }
    const ch = input[i] ?? "";
    if (ch === "\x1b") {
      const next = input[i + 1];
      if (next === "[") {
        const len = 2 + csiLength(input, i + 2);
        tokens.push({ kind: "key", key: input.slice(i, i + len) });
        i += len;
      } else if (next === "O" && i + 2 < input.length) {
        tokens.push({ kind: "key", key: input.slice(i, i + 3) });
        i += 3;
      } else if (next !== undefined && next !== "\x1b") {
        // ESC + char is how terminals spell Alt+char.
        const cp = String.fromCodePoint(input.codePointAt(i + 1) ?? 0);
        tokens.push({ kind: "key", key: `alt+${cp}` });
        i += 1 + cp.length;
      } else {
        tokens.push({ kind: "key", key: "escape" });
        i += 1;
      }
      continue;
    }
    if (ch === CSI_8BIT) {
      const len = 1 + csiLength(input, i + 1);
      tokens.push({ kind: "key", key: input.slice(i, i + len) });
      i += len;
      continue;
    }
    const cp = String.fromCodePoint(input.codePointAt(i) ?? 0);
    tokens.push({ kind: "key", key: keyName(cp) });
    i += cp.length;
  }
  return tokens;
}
