// Builds terminal snapshots so that an unchanged screen costs nothing: same object back, text joined only on demand.
import type { TerminalCursor, TerminalSnapshot } from "../../src/contracts/terminal-snapshot.js";

export type SnapshotFields = Omit<TerminalSnapshot, "text">;

/** One join per lines array, shared by every snapshot built on it (the arrays are never mutated). */
const joined = new WeakMap<readonly string[], string>();

function textOf(lines: readonly string[]): string {
  let text = joined.get(lines);
  if (text === undefined) {
    text = lines.join("\n");
    joined.set(lines, text);
  }
  return text;
}

function sameCursor(a: TerminalCursor, b: TerminalCursor): boolean {
  return a.x === b.x && a.y === b.y && a.visible === b.visible;
}

/**
 * `previous` itself when every field matches it (the lines array is compared by identity: ScreenLines hands back the
 * same array while no row changed), else a new snapshot. Its `text` is an own, enumerable getter that joins the
 * lines on first read (once per lines array), so spreading, JSON and structural equality still see a plain string.
 */
export function reuseOrBuildSnapshot(previous: TerminalSnapshot | undefined, fields: SnapshotFields): TerminalSnapshot {
  if (
    previous !== undefined &&
    previous.lines === fields.lines &&
    previous.cols === fields.cols &&
    previous.rows === fields.rows &&
    previous.title === fields.title &&
    previous.altScreen === fields.altScreen &&
    sameCursor(previous.cursor, fields.cursor)
  ) {
    return previous;
  }
  const { lines } = fields;
  return {
    lines,
    get text(): string {
      return textOf(lines);
    },
    cursor: fields.cursor,
    cols: fields.cols,
    rows: fields.rows,
    title: fields.title,
    altScreen: fields.altScreen,
  };
}
