// Integration tests of the incremental snapshot on a real @xterm/headless: after any sequence of screen operations it
// equals a full re-read of every row, and an unchanged screen hands back the previous snapshot object.
import { afterEach, describe, expect, it } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { directRowReadingTrusted, rowText, trimTrailingSpaces } from "../../effects/terminal/row-text.js";
import { prng as seededRandom } from "../support/prng.js";

const open: HeadlessTerminal[] = [];
function terminal(cols = 40, rows = 12): HeadlessTerminal {
  const t = new HeadlessTerminal({ cols, rows, batchWindowMs: 0, scrollback: 30 });
  open.push(t);
  return t;
}
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

/** What the snapshot must equal: every visible row read afresh from xterm, trailing spaces dropped. */
function fullRead(t: HeadlessTerminal): string[] {
  const buffer = t.xterm.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < t.xterm.rows; y += 1) lines.push((buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? "").replace(/ +$/, ""));
  return lines;
}

async function write(t: HeadlessTerminal, data: string): Promise<void> {
  t.writeOutput(data);
  await t.settled();
}

/** A seeded integer source in [0, n) (the shared mulberry32: every operation kind is drawn, and a failure replays). */
function prng(seed: number): (n: number) => number {
  const next = seededRandom(seed);
  return (n) => Math.floor(next() * n);
}

const WORDS = ["hello", "中文", "テスト", "😀ok", "e\u0301", "│ box ─", "tab\there", "    ", "end  ", "█▸", "x"];

/** One random screen operation: text, cursor moves, erases, scrolls (whole screen and regions), inserts, modes. */
function operation(random: (n: number) => number, rows: number, cols: number): string {
  const row = 1 + random(rows);
  const col = 1 + random(cols);
  const word = WORDS[random(WORDS.length)] as string;
  switch (random(16)) {
    case 0:
      return `\u001b[${row};${col}H${word}`;
    case 1:
      return `${word}\r\n`.repeat(1 + random(4));
    case 2:
      return `\u001b[${row};1H\u001b[${random(3)}K${word}`;
    case 3:
      return `\u001b[${random(4)}J`;
    case 4: {
      const top = 1 + random(rows - 1);
      const bottom = top + 1 + random(rows - top);
      return `\u001b[${top};${bottom}r\u001b[${bottom};1H${word}\n\n\u001b[r`;
    }
    case 5:
      return `\u001b[${row};1H\u001b[${1 + random(3)}${random(2) === 0 ? "L" : "M"}`;
    case 6:
      return `\u001b[${row};${col}H\u001b[${1 + random(5)}${["@", "P", "X"][random(3)] as string}`;
    case 7:
      return `\u001b[${1 + random(3)}${random(2) === 0 ? "S" : "T"}`;
    case 8:
      return random(2) === 0 ? "\u001b[?1049h" : "\u001b[?1049l";
    case 9:
      return "\u001b[H\u001bM\u001bM";
    case 10:
      return random(6) === 0 ? "\u001bc" : `\u001b[${row};${col}H${"#".repeat(cols + random(cols))}`;
    case 11:
      return random(4) === 0 ? "\u001b#8" : `\u001b[${row};${col}H${word}\u001b[${1 + random(4)}b`;
    case 12:
      return `\u001b[${row};${col}H${word}\u001b[?25l`;
    case 13:
      return `\u001b[?25h\u001b[${row};${col}H`;
    case 14:
      return `\u001b[${rows};1H${"\n".repeat(1 + random(rows))}${word}`;
    default:
      return `\u001b[${row};${col}H${" ".repeat(random(cols))}`;
  }
}

describe("incremental terminal snapshot (issue 16 part 2: only changed rows re-read)", () => {
  it("issue 16: after 600 random batches of screen operations the snapshot equals a full re-read of every row", async () => {
    const t = terminal();
    const random = prng(16);
    for (let i = 0; i < 600; i += 1) {
      let batch = "";
      for (let k = 1 + random(4); k > 0; k -= 1) batch += operation(random, t.xterm.rows, t.xterm.cols);
      await write(t, batch);
      const snap = t.snapshot();
      expect(snap.lines, `batch ${i}: ${JSON.stringify(batch)}`).toEqual(fullRead(t));
      expect(snap.text).toBe(snap.lines.join("\n"));
    }
    expect(directRowReadingTrusted()).toBe(true);
  });

  it("issue 16: every frame a consumer receives equals a full translateToString read across random writes, viewport scrolls, resizes, alternate-screen switches, clears and resets", async () => {
    // Small batches split escape sequences and wide characters across xterm writes; frames are checked in the listener,
    // i.e. exactly the screen the screen reader and the session machine see, not a later re-read.
    const t = new HeadlessTerminal({ cols: 40, rows: 12, batchWindowMs: 0, batchMaxBytes: 97, scrollback: 30 });
    open.push(t);
    const mismatches: string[] = [];
    let frames = 0;
    t.onFrame((frame) => {
      frames += 1;
      const expected = fullRead(t);
      if (JSON.stringify(frame.snapshot.lines) !== JSON.stringify(expected)) mismatches.push(`frame ${frame.seq}: ${JSON.stringify(frame.snapshot.lines)} != ${JSON.stringify(expected)}`);
      if (frame.snapshot.rows !== t.xterm.rows || frame.snapshot.cols !== t.xterm.cols) mismatches.push(`frame ${frame.seq}: size`);
      if (frame.snapshot.altScreen !== (t.xterm.buffer.active.type === "alternate")) mismatches.push(`frame ${frame.seq}: altScreen`);
    });
    const random = prng(1616);
    const extras = ["\u001b[?47h", "\u001b[?47l", "\u001b[?1047h", "\u001b[?1047l", "\u001b[3J", "\u001b[2J", "\u001b[?7l", "\u001b[?7h", "\u001b[?6h", "\u001b[?6l"];
    for (let i = 0; i < 500; i += 1) {
      switch (random(12)) {
        case 0:
          t.resize({ cols: 10 + random(70), rows: 3 + random(28) });
          break;
        case 1:
          t.xterm.scrollLines(random(2) === 0 ? -(1 + random(10)) : 1 + random(10));
          break;
        case 2:
          if (random(3) === 0) t.xterm.clear();
          else if (random(4) === 0) t.xterm.reset();
          else t.xterm.scrollToTop();
          break;
        default:
          break;
      }
      let batch = "";
      for (let k = 1 + random(5); k > 0; k -= 1) {
        batch += random(5) === 0 ? (extras[random(extras.length)] as string) : operation(random, t.xterm.rows, t.xterm.cols);
      }
      await write(t, batch);
      expect(t.snapshot().lines, `step ${i}: ${JSON.stringify(batch)}`).toEqual(fullRead(t));
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(frames).toBeGreaterThan(500);
    expect(directRowReadingTrusted()).toBe(true);
  });

  it("issue 16: resize, clear() and reset() through the xterm API are seen by the next snapshot", async () => {
    const t = terminal();
    await write(t, "\u001b[2;1Hfirst\u001b[5;3Hsecond");
    expect(t.snapshot().lines).toEqual(fullRead(t));
    t.resize({ cols: 20, rows: 8 });
    await write(t, "\u001b[8;1Hbottom");
    expect(t.snapshot().lines).toEqual(fullRead(t));
    expect(t.snapshot().lines).toHaveLength(8);
    t.xterm.clear();
    expect(t.snapshot().lines).toEqual(fullRead(t));
    await write(t, "\u001b[3;1Hagain");
    t.xterm.reset();
    expect(t.snapshot().lines).toEqual(fullRead(t));
    expect(t.snapshot().text.trim()).toBe("");
  });

  it("issue 16: an unchanged screen returns the same snapshot object; a cursor move alone keeps the lines array", async () => {
    const t = terminal();
    await write(t, "\u001b[1;1Hstable row\u001b[3;1H");
    const first = t.snapshot();
    expect(t.snapshot()).toBe(first);
    await write(t, "\u001b[?25h");
    expect(t.snapshot()).toBe(first);
    await write(t, "\u001b[1;1Hstable row");
    const repainted = t.snapshot();
    expect(repainted.lines).toBe(first.lines);
    expect(repainted.cursor).not.toEqual(first.cursor);
    await write(t, "\u001b[2;1Hnew");
    const changed = t.snapshot();
    expect(changed.lines).not.toBe(first.lines);
    expect(first.lines[1]).toBe("");
    expect(changed.lines[1]).toBe("new");
    expect({ ...changed }.text).toBe(changed.lines.join("\n"));
    expect(JSON.parse(JSON.stringify(changed)).text).toBe(changed.text);
  });

  it("issue 16: the direct cell-array row reading equals xterm's translateToString on wide, combined and astral text", async () => {
    const t = terminal(30, 8);
    await write(t, "\u001b[1;1H中文字符 テスト\u001b[2;1He\u0301 a\u0308 😀x  \u001b[3;29H中\u001b[4;1H\tz\u001b[5;1H   \u001b[6;4H#");
    const lines = (t.xterm as unknown as { _core: { buffers: { active: { lines: { get(i: number): object } } } } })._core.buffers.active.lines;
    const buffer = t.xterm.buffer.active;
    for (let y = 0; y < 8; y += 1) {
      const expected = (buffer.getLine(y)?.translateToString(true) ?? "").replace(/ +$/, "");
      expect(rowText(lines.get(y)), `row ${y}`).toBe(expected);
    }
    expect(rowText(lines.get(0))).toBe("中文字符 テスト");
    expect(rowText(lines.get(1))).toBe("e\u0301 a\u0308 😀x");
    expect(rowText(undefined)).toBeUndefined();
    expect(directRowReadingTrusted()).toBe(true);
  });

  it("issue 16: trailing spaces are trimmed without a regex exactly as / +$/ did", () => {
    for (const s of ["", " ", "   ", "a", "a ", "a  b  ", " \u00a0 ", "中 ", "x\t "]) expect(trimTrailingSpaces(s)).toBe(s.replace(/ +$/, ""));
  });
});
