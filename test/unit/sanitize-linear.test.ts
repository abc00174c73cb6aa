// Issue 14 item 2: the sanitizer is one linear pass with the fixpoint's result, also on adversarially nested sentinels.

import { describe, expect, it } from "vitest";
import { hasUnsafeControl, sanitizeSubmissionText } from "../../machines/sanitize.js";
import { frameBracketedPaste, parseTerminalInput } from "../../machines/paste-framing.js";
import { nestedSentinels } from "../support/nested-sentinels.js";
import { prng } from "../support/prng.js";

/** The rule as first written: drop sentinels until none is left, then controls, again sentinels, then introducers. */
function fixpointReference(text: string): string {
  const sentinel = /(?:\x1b\[|\u009b)20[01]~/g;
  const drop = (s: string): string => {
    let previous: string;
    let current = s;
    do {
      previous = current;
      current = current.replace(sentinel, "");
    } while (current !== previous);
    return current;
  };
  const noControls = drop(text).replace(/[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f\u0080-\u009a\u009c-\u009f]/g, "");
  return drop(noControls).replace(/[\x1b\u009b]/g, "");
}


const ALPHABET = ["\x1b", "\u009b", "[", "2", "0", "1", "~", "\x01", "\x07", "\x7f", "\u0085", "\t", "\n", "\r", "a", "é", "\ud83d"];

describe("sanitizeSubmissionText is linear (issue 14 item 2)", () => {
  it("issue 14 item 2: 20 000 random sentinel-dense strings give the fixpoint's result", () => {
    const next = prng(0x14_02);
    for (let i = 0; i < 20_000; i++) {
      let text = "";
      const length = Math.floor(next() * 40);
      for (let k = 0; k < length; k++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      expect(sanitizeSubmissionText(text), JSON.stringify(text)).toBe(fixpointReference(text));
    }
  });

  it("issue 14 item 2: nested sentinels collapse entirely, at any depth", () => {
    for (const depth of [1, 2, 3, 17]) expect(sanitizeSubmissionText(`a${nestedSentinels(depth)}b`)).toBe("ab");
    expect(sanitizeSubmissionText(`\u009b20${nestedSentinels(3)}1~x`)).toBe("x");
  });

  // Before the fix this case ran one replace pass per nesting level over the whole string: it did not finish.
  it("issue 14 item 2: 8 MiB of adversarial nesting is sanitised whole, framed as exactly one paste, idempotently", () => {
    const depth = Math.floor((8 * 1024 * 1024 - 16) / 6);
    const text = `keep ${nestedSentinels(depth)} me\t\r\n`;
    const clean = sanitizeSubmissionText(text);
    expect(clean).toBe("keep  me\t\r\n");
    expect(hasUnsafeControl(clean)).toBe(false);
    expect(sanitizeSubmissionText(clean)).toBe(clean);
    expect(parseTerminalInput(frameBracketedPaste(text))).toEqual([{ kind: "paste", text: clean, terminated: true }]);
  });

  it("issue 14 item 2: 8 MiB of plain text and of lone controls keep their content", () => {
    const plain = "x".repeat(8 * 1024 * 1024);
    expect(sanitizeSubmissionText(plain)).toBe(plain);
    const mixed = "ab\x1b\x01c\ud83d".repeat(1024 * 1024);
    expect(sanitizeSubmissionText(mixed)).toBe("abc\ud83d".repeat(1024 * 1024));
  });
});
