// @ts-check
// ANSI building blocks for the simulated TUIs: colours, wrapping, rules, titles and a row-diffing painter.

export const RESET = "\x1b[0m";
export const fg = (/** @type {number} */ n) => `\x1b[38;5;${n}m`;
export const BOLD = "\x1b[1m";
export const DIM = fg(246);
export const INVERSE_CELL = "\x1b[7m \x1b[0m";
export const osc0 = (/** @type {string} */ title) => `\x1b]0;${title}\x07`;
export const osc7501 = (/** @type {string} */ state) => `\x1b]7501;${state}\x1b\\`;

/** @typedef {{ t: string, s?: string, i?: number }} Line  text, SGR prefix, continuation indent */

/** Wraps one logical line to `cols` at word boundaries when it can; continuation rows get a hanging indent. */
export function wrap(/** @type {string} */ text, /** @type {number} */ cols, indent = 2) {
  const chars = [...text];
  if (chars.length === 0) return [""];
  const pad = " ".repeat(Math.min(indent, cols - 1));
  /** @type {string[]} */
  const rows = [];
  while (chars.length) {
    const room = rows.length === 0 ? cols : cols - pad.length;
    const space = chars.length > room ? chars.lastIndexOf(" ", room) : -1;
    const atWord = space > room / 2; // break after the last space that fits, dropping it
    const piece = chars.splice(0, atWord ? space + 1 : room).join("");
    rows.push((rows.length === 0 ? "" : pad) + (atWord ? piece.replace(/ +$/, "") : piece));
  }
  return rows;
}

/** @param {Line} line @param {number} cols */
export const fit = (line, cols) => wrap(line.t, cols, line.i ?? 2).map((r) => (line.s ? line.s + r + RESET : r));

export const rule = (/** @type {number} */ cols, ch = "─", color = 244) => fg(color) + ch.repeat(cols) + RESET;

/** Right-aligns a short label on an otherwise empty row (effort tag). */
export const rightAligned = (/** @type {string} */ label, /** @type {number} */ cols, left = "") =>
  left + " ".repeat(Math.max(1, cols - left.length - label.length)) + DIM + label + RESET;

/** Writes only rows that changed, inside a synchronized update, like diffing TUI renderers do. */
export class Painter {
  /** @param {(s: string) => void} write */
  constructor(write) {
    this.write = write;
    /** @type {string[]} */
    this.prev = [];
  }

  invalidate() { this.prev = []; this.write("\x1b[H\x1b[2J"); }

  /** @param {string[]} rows exactly the screen height @param {{ row: number, col: number } | null} cursor 1-based */
  present(rows, cursor) {
    let s = "\x1b[?2026h\x1b[?25l";
    rows.forEach((r, i) => { if (this.prev[i] !== r) s += `\x1b[${i + 1};1H\x1b[2K${r}`; });
    if (cursor) s += `\x1b[${cursor.row};${cursor.col}H\x1b[?25h`;
    this.write(`${s}\x1b[?2026l`);
    this.prev = rows;
  }
}
