// A CLI's synchronized update (DEC mode 2026) is one paint: no frame is observed from inside it, so a paint split over
// PTY reads is never read half done (Codex 0.171.0's `/model` page was read without its `↓` under load in CI).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { TerminalFrame } from "../../src/contracts/terminal-snapshot.js";

const BEGIN = "\x1b[?2026h";
const END = "\x1b[?2026l";
const open: HeadlessTerminal[] = [];
beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "performance", "Date"] }));
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
  vi.useRealTimers();
});

function terminal(): { t: HeadlessTerminal; frames: TerminalFrame[] } {
  const t = new HeadlessTerminal({ cols: 40, rows: 5, batchWindowMs: 4 });
  open.push(t);
  const frames: TerminalFrame[] = [];
  t.onFrame((frame) => frames.push(frame));
  return { t, frames };
}

/** Lets xterm parse what it was handed and the batch window close. */
const parse = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(5);
};
const texts = (frames: TerminalFrame[]): string[] => frames.map((f) => f.snapshot.text.trim().replace(/\s+/g, " "));

describe("HeadlessTerminal: synchronized updates", () => {
  it("stop 42 CI failure: a paint split over two reads is observed once, whole, when its update ends", async () => {
    const { t, frames } = terminal();
    t.writeOutput(`${BEGIN}1. first row\r\n2. second row`);
    await parse();
    expect(frames).toEqual([]);
    t.writeOutput(`\r\n↓\r\nenter select · esc back${END}`);
    await parse();
    expect(texts(frames)).toEqual(["1. first row 2. second row ↓ enter select · esc back"]);
  });

  it("stop 42 CI failure: output outside an update is observed as before, and an update never ended is observed at the bound", async () => {
    const { t, frames } = terminal();
    t.writeOutput("plain");
    await parse();
    expect(texts(frames)).toEqual(["plain"]);
    t.writeOutput(`${BEGIN}\r\nstuck`);
    await vi.advanceTimersByTimeAsync(999);
    expect(frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(texts(frames)).toEqual(["plain", "plain stuck"]);
  });
});
