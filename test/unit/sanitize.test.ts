// Unit tests for submission-text sanitizing and bracketed-paste framing (C-API-40, C-API-06).

import { describe, expect, it } from "vitest";
import { hasUnsafeControl, sanitizeSubmissionText } from "../../machines/sanitize.js";
import { ENTER, frameBracketedPaste, parseTerminalInput, PASTE_END, PASTE_START } from "../../machines/paste-framing.js";

describe("sanitizeSubmissionText (C-API-40)", () => {
  it("C-API-40 removes both paste sentinels", () => {
    expect(sanitizeSubmissionText(`a${PASTE_END}\rb${PASTE_START}c`)).toBe("a\rbc");
  });

  it("C-API-40 removes 8-bit CSI sentinels whole, leaving no residue", () => {
    expect(sanitizeSubmissionText("x\u009b201~y\u009b200~z")).toBe("xyz");
  });

  it("C-API-40 removes sentinels re-formed by removing an inner sentinel", () => {
    expect(sanitizeSubmissionText(`\x1b[20${PASTE_END}1~tail`)).toBe("tail");
  });

  it("C-API-40 removes sentinels split by other control characters", () => {
    expect(sanitizeSubmissionText("a\x1b\x01[2\x0701~b")).toBe("ab");
  });

  it("C-API-40 keeps tab, LF and CR; strips other C0, DEL and C1", () => {
    const c0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join("");
    const c1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)).join("");
    expect(sanitizeSubmissionText(`[${c0}\x7f${c1}]`)).toBe("[\t\n\r]");
  });

  it("C-API-40 strips ESC so escape sequences become inert text", () => {
    expect(sanitizeSubmissionText("go\x1b[A\x1bOPup")).toBe("go[AOPup");
  });

  it("keeps multi-byte text, emoji and newlines untouched", () => {
    const text = "héllo 世界 👩‍💻\n\tline two\r\nline three";
    expect(sanitizeSubmissionText(text)).toBe(text);
  });

  it("is idempotent and leaves no unsafe control", () => {
    const nasty = "\x1b[201~\x1b\x1b[200~\u009b\x00\x7f\u0085ok";
    const once = sanitizeSubmissionText(nasty);
    expect(sanitizeSubmissionText(once)).toBe(once);
    expect(hasUnsafeControl(once)).toBe(false);
  });
});

describe("frameBracketedPaste + parseTerminalInput (C-API-06, C-API-40)", () => {
  it("C-API-06 a multi-line text is one paste token; newlines stay paste content", () => {
    expect(parseTerminalInput(frameBracketedPaste("line 1\nline 2\rline 3"))).toEqual([
      { kind: "paste", text: "line 1\nline 2\rline 3", terminated: true },
    ]);
  });

  it("C-API-40 an embedded end sentinel cannot inject an Enter or Escape", () => {
    const tokens = parseTerminalInput(frameBracketedPaste(`hi${PASTE_END}\r\x1b1`));
    expect(tokens).toEqual([{ kind: "paste", text: "hi\r1", terminated: true }]);
  });

  it("the tokenizer sees live keys outside a paste (proves it can detect injection)", () => {
    const tokens = parseTerminalInput(`${PASTE_START}a${PASTE_END}\r\x1b\x1b[A\x03x`);
    expect(tokens).toEqual([
      { kind: "paste", text: "a", terminated: true },
      { kind: "key", key: "enter" },
      { kind: "key", key: "escape" },
      { kind: "key", key: "\x1b[A" },
      { kind: "key", key: "ctrl+c" },
      { kind: "key", key: "x" },
    ]);
  });

  it("Enter is a lone CR", () => {
    expect(ENTER).toBe("\r");
    expect(parseTerminalInput(ENTER)).toEqual([{ kind: "key", key: "enter" }]);
  });
});
