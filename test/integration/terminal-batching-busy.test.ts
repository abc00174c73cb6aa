// Integration test of batching under load on a real @xterm/headless: a batch window that closes while xterm is still
// parsing earlier batches stays open (up to the size bound) and is written when xterm catches up (issue 16 part 2).
import { afterEach, describe, expect, it } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { TerminalFrame } from "../../effects/terminal/types.js";

const KiB = 1024;
const bytes = (s: string): number => Buffer.byteLength(s, "utf8");

/** Holds the thread like a slow observer would, so xterm parses one batch per macrotask and yields in between. */
function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

const open: HeadlessTerminal[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

describe("HeadlessTerminal batching while xterm is behind (issue 16, C-PERF-06 bounds kept)", () => {
  it("issue 16: output arriving while earlier batches are still queued in xterm joins one batch, written once xterm caught up", async () => {
    const t = new HeadlessTerminal({ cols: 80, rows: 24, batchWindowMs: 0 });
    open.push(t);
    const FULL = 64 * KiB;
    const fullBatches = 6;
    const frames: TerminalFrame[] = [];
    const smalls: string[] = [];
    t.onFrame((frame) => {
      frames.push(frame);
      // During each of the first full batches' frames (later full batches still queued in xterm), a little more
      // output arrives; the slow observer then makes xterm yield, so the batch window's timer runs in between.
      if (frames.length < fullBatches) {
        const small = `\u001b[24;1H\u001b[2Ksmall-${frames.length}`;
        smalls.push(small);
        t.writeOutput(small);
        busyWait(15);
      }
    });
    const row = "x".repeat(79) + "\n";
    for (let i = 0; i < fullBatches; i += 1) {
      const batch = `\u001b[H${row.repeat(Math.ceil(FULL / row.length))}`.slice(0, FULL);
      expect(bytes(batch)).toBe(FULL);
      t.writeOutput(batch);
    }
    await t.settled();

    expect(frames.slice(0, fullBatches).map((f) => f.bytes)).toEqual(Array(fullBatches).fill(FULL));
    // Every small chunk rendered, in order, in a single frame after the last full batch (not one frame each).
    const rest = frames.slice(fullBatches);
    expect(rest).toHaveLength(1);
    expect(rest[0]?.bytes).toBe(smalls.reduce((n, s) => n + bytes(s), 0));
    expect(rest[0]?.snapshot.lines[23]).toBe(`small-${fullBatches - 1}`);
    for (const frame of frames) expect(frame.bytes).toBeLessThanOrEqual(FULL);
  });
});
