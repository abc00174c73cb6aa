// UTF-8 length arithmetic on JS strings, so byte budgets can be cut on code-point boundaries.

/** UTF-8 encoded length of `s` (lone surrogates count as 3 bytes, as the encoder emits U+FFFD). */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Code-unit index of a code-point boundary near byte offset `bytes` of `s`'s UTF-8 encoding:
 * the last boundary at or before it (`"floor"`) or the first at or after it (`"ceil"`).
 * Walking code points (not code units) is what keeps surrogate pairs and multi-byte
 * sequences whole.
 */
export function boundaryAtByte(s: string, bytes: number, mode: "floor" | "ceil"): number {
  let offset = 0;
  let i = 0;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    let units = 1;
    let size: number;
    if (code < 0x80) size = 1;
    else if (code < 0x800) size = 2;
    else if (isHighSurrogate(code) && i + 1 < s.length && isLowSurrogate(s.charCodeAt(i + 1))) {
      size = 4;
      units = 2;
    } else size = 3;
    if (offset + size > bytes) {
      if (mode === "floor" || offset === bytes) return i;
      return i + units;
    }
    offset += size;
    i += units;
  }
  return s.length;
}

/** Splits `s` into pieces of at most `maxBytes` UTF-8 bytes each, never inside a code point. */
export function splitUtf8(s: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let rest = s;
  while (utf8Length(rest) > maxBytes) {
    // A single code point is at most 4 bytes; guarantee progress even for tiny budgets.
    let cut = boundaryAtByte(rest, maxBytes, "floor");
    if (cut === 0) cut = boundaryAtByte(rest, 1, "ceil");
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}
