// Backpressure of HeadlessTerminal with a slow renderer: pause at high water, resume below low water, drop nothing;
// and batching while xterm is behind: a closed window waits for xterm to catch up instead of adding a frame.
import { afterEach, describe, expect, it } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { TerminalFrame } from "../../src/contracts/terminal-snapshot.js";

const KiB = 1024;
const MiB = 1024 * KiB;
const bytes = (s: string): number => Buffer.byteLength(s, "utf8");

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // A slow observer: blocks the loop like an expensive screen classifier would.
  }
}

const open: HeadlessTerminal[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

describe("HeadlessTerminal backpressure (C-PERF-06)", () => {
  it("C-PERF-06: a 4 MiB flood pauses at 1 MiB, resumes below 512 KiB, and renders every byte", async () => {
    const t = new HeadlessTerminal({ cols: 120, rows: 30 });
    open.push(t);
    let renderedBytes = 0;
    let frames = 0;
    t.onFrame((frame) => {
      renderedBytes += frame.bytes;
      frames += 1;
      busyWait(12);
    });
    const events: Array<{ paused: boolean; unrendered: number }> = [];
    let paused = false;
    t.onBackpressure((p) => {
      paused = p;
      events.push({ paused: p, unrendered: t.unrenderedBytes() });
    });
    const raw: string[] = [];
    t.onRawOutput((chunk) => raw.push(chunk), { replay: false });

    // Producer: like a PTY reader, delivers chunks each loop turn while not paused, faster than
    // the renderer can keep up (128 KiB per turn vs. one 64 KiB batch per render turn).
    const chunkBytes = 16 * KiB;
    const total = 4 * MiB;
    let written = 0;
    let maxUnrendered = 0;
    let lineNo = 0;
    const sent: string[] = [];
    const makeChunk = (): string => {
      let s = "";
      while (bytes(s) < chunkBytes - 40) s += `\u001b[32mline ${lineNo++}\u001b[0m │ 中文 ${"=".repeat(10)}\r\n`;
      return s;
    };
    await new Promise<void>((resolve) => {
      const step = (): void => {
        let thisTurn = 0;
        while (!paused && thisTurn < 128 * KiB && written < total) {
          const chunk = makeChunk();
          sent.push(chunk);
          written += bytes(chunk);
          thisTurn += bytes(chunk);
          t.writeOutput(chunk);
          maxUnrendered = Math.max(maxUnrendered, t.unrenderedBytes());
        }
        if (written >= total) resolve();
        else setImmediate(step);
      };
      step();
    });
    const lastLine = lineNo - 1;
    await t.settled();

    const pauses = events.filter((e) => e.paused);
    const resumes = events.filter((e) => !e.paused);
    expect(pauses.length).toBeGreaterThanOrEqual(1);
    expect(resumes.length).toBe(pauses.length);
    for (const e of pauses) expect(e.unrendered).toBeGreaterThanOrEqual(1 * MiB);
    for (const e of resumes) expect(e.unrendered).toBeLessThan(512 * KiB);
    // High water may be exceeded by the one chunk already delivered, no more.
    expect(maxUnrendered).toBeLessThan(1 * MiB + chunkBytes);
    // Nothing dropped: every byte rendered, raw stream intact and in order, final line on screen.
    expect(renderedBytes).toBe(written);
    expect(raw.join("")).toBe(sent.join(""));
    expect(frames).toBeGreaterThanOrEqual(Math.ceil(written / (64 * KiB)));
    expect(t.snapshot().text).toContain(`line ${lastLine}`);
    expect(t.unrenderedBytes()).toBe(0);
  });

  it("C-PERF-06: notifyChildExited releases a pause at once and the terminal never pauses again", async () => {
    const t = new HeadlessTerminal({ cols: 80, rows: 24, highWaterBytes: 64 * KiB, lowWaterBytes: 32 * KiB });
    open.push(t);
    const events: boolean[] = [];
    t.onBackpressure((p) => events.push(p));
    t.writeOutput("a".repeat(80 * KiB));
    expect(events).toEqual([true]);
    t.notifyChildExited();
    expect(events).toEqual([true, false]);
    t.writeOutput("b".repeat(200 * KiB));
    expect(events).toEqual([true, false]);
    expect(t.backpressured).toBe(false);
    await t.settled();
    expect(t.snapshot().text).toContain("bbbb");
  });
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
