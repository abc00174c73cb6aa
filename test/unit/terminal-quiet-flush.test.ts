// Issue 41 item 4: the first output after a quiet period renders at once; the batch window only gathers output that
// keeps coming (a fake clock: nothing here waits for real time).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { TerminalFrame } from "../../src/contracts/terminal-snapshot.js";

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

/** Lets xterm parse what it was handed (its own zero-delay timers) without moving the clock. */
const parse = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

describe("HeadlessTerminal: quiet output is not held for the batch window (issue 41 item 4)", () => {
  it("issue 41 item 4: the first write after a quiet period is rendered and emitted without waiting for the window", async () => {
    const { t, frames } = terminal();
    t.writeOutput("first");
    await parse();
    expect(frames.map((f) => f.snapshot.text.trim())).toEqual(["first"]);
    // Quiet again (longer than the window): the next write, too, goes at once.
    await vi.advanceTimersByTimeAsync(50);
    t.writeOutput("\r\nsecond");
    await parse();
    expect(frames).toHaveLength(2);
    expect(frames[1]?.snapshot.text).toContain("second");
  });

  it("issue 41 item 4: output that keeps coming still batches: a burst after the first chunk is one frame after the window", async () => {
    const { t, frames } = terminal();
    t.writeOutput("a");
    await parse();
    t.writeOutput("b");
    t.writeOutput("c");
    await vi.advanceTimersByTimeAsync(1);
    t.writeOutput("d");
    await parse();
    // The burst waits for its window: only the first chunk is on screen yet.
    expect(frames.map((f) => f.bytes)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(4);
    expect(frames.map((f) => f.bytes)).toEqual([1, 3]);
    expect(frames[1]?.snapshot.text.trim()).toBe("abcd");
  });
});
