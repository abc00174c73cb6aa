// Reads one xterm buffer row as right-trimmed text straight from its cell array (the per-frame hot path).

/**
 * xterm stores a row as a Uint32Array with three words per cell; the first word holds the code point (bits 0–20), a
 * "combined" flag (bit 21: the cell's text, e.g. a base letter plus combining marks, lives in `_combined[col]`) and
 * the cell width (bits 22–23; a wide character's second cell has width 0 and is skipped). An empty cell reads as a
 * space. This is the layout of @xterm/headless 6.0; `rowText` checks its own answer against xterm's public
 * translateToString on the first rows it reads and, on any difference, never takes this path again.
 */
interface RowInternals {
  readonly length?: number;
  readonly _data?: unknown;
  readonly _combined?: unknown;
  translateToString?(trimRight?: boolean): string;
}

const CELL_WORDS = 3;
const CODEPOINT_MASK = 0x1fffff;
const COMBINED_FLAG = 0x200000;
const HAS_CONTENT_MASK = 0x3fffff;
const WIDTH_SHIFT = 22;
const SPACE = 32;
/** Rows compared against xterm's own reading before the direct path is trusted. */
const ROWS_TO_VERIFY = 64;

let units = new Uint16Array(1024);
/** Decodes the collected UTF-16 code units into one flat string (no per-character concatenation). */
const utf16 = new TextDecoder("utf-16le");
let verifiedRows = 0;
let directPathBroken = false;

/** Drops trailing U+0020 spaces without a regex (this runs on every re-read row of every frame). */
export function trimTrailingSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === SPACE) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

function readDirect(data: Uint32Array, combined: Record<number, string | undefined>, cols: number): string {
  if (units.length < cols * 2 + 8) units = new Uint16Array(cols * 2 + 8);
  // Cells after the last one with content are never-written padding; xterm's trimmed reading ends there too.
  let end = 0;
  for (let col = cols - 1; col >= 0; col -= 1) {
    const content = data[col * CELL_WORDS] as number;
    if ((content & HAS_CONTENT_MASK) !== 0) {
      end = Math.min(cols, col + (content >> WIDTH_SHIFT));
      break;
    }
  }
  let n = 0;
  let kept = 0;
  for (let col = 0; col < end; ) {
    const content = data[col * CELL_WORDS] as number;
    if ((content & COMBINED_FLAG) !== 0) {
      const text = combined[col] ?? "";
      for (let k = 0; k < text.length; k += 1) units[n++] = text.charCodeAt(k);
    } else {
      const cp = content & CODEPOINT_MASK;
      if (cp === 0) units[n++] = SPACE;
      else if (cp <= 0xffff) units[n++] = cp;
      else {
        const v = cp - 0x10000;
        units[n++] = 0xd800 + (v >> 10);
        units[n++] = 0xdc00 + (v & 0x3ff);
      }
    }
    // Trailing spaces (drawn or empty) are dropped in the same pass.
    if (units[n - 1] !== SPACE) kept = n;
    col += content >> WIDTH_SHIFT || 1;
  }
  return utf16.decode(units.subarray(0, kept));
}

/** The row's text without trailing spaces, or undefined when `line` is not an xterm buffer line this can read. */
export function rowText(line: object | undefined): string | undefined {
  const row = line as RowInternals | undefined;
  if (row === undefined || typeof row.translateToString !== "function") return undefined;
  const { _data: data, _combined: combined, length: cols } = row;
  if (directPathBroken || !(data instanceof Uint32Array) || typeof combined !== "object" || combined === null || typeof cols !== "number") {
    return trimTrailingSpaces(row.translateToString(true));
  }
  const text = readDirect(data, combined as Record<number, string | undefined>, Math.min(cols, Math.floor(data.length / CELL_WORDS)));
  if (verifiedRows < ROWS_TO_VERIFY && text.length > 0) {
    verifiedRows += 1;
    const expected = trimTrailingSpaces(row.translateToString(true));
    if (expected !== text) {
      directPathBroken = true;
      return expected;
    }
  }
  return text;
}

/** False once the direct reading disagreed with xterm's and every row goes through translateToString instead. */
export function directRowReadingTrusted(): boolean {
  return !directPathBroken;
}
