// Unit test of the render drain before a dispose (C-LIFE-12): received output renders first, the drain ends after a
// settle pass with nothing new, and a stalled renderer or a never-quiet PTY is disposed once the shared budget is spent.

import { afterEach, describe, expect, it } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { drainThenDispose, type DrainableTerminal } from "../../effects/terminal/render-drain.js";

const open: HeadlessTerminal[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

function terminal(opts: { readonly behindFrameIntervalMs?: number } = {}): HeadlessTerminal {
  const t = new HeadlessTerminal({ cols: 80, rows: 24, ...opts });
  open.push(t);
  return t;
}

function screenText(t: HeadlessTerminal): string {
  return t.snapshot().lines.join("\n");
}

describe("render drain before dispose (C-LIFE-12)", () => {
  it("output received right before the dispose is rendered into the screen first, then the terminal is disposed", async () => {
    const t = terminal();
    let lastScreen = "";
    t.onFrame((frame) => (lastScreen = frame.snapshot.lines.join("\n")));
    const burst = Array.from({ length: 200 }, (_, n) => `burst line ${n}\r\n`).join("") + "THE LAST WORDS";
    t.writeOutput(burst);
    expect(screenText(t)).not.toContain("THE LAST WORDS");
    await drainThenDispose(t);
    expect(lastScreen).toContain("THE LAST WORDS");
    expect(t.isDisposed).toBe(true);
  });

  it("output arriving right after a settle pass gets another pass: the drain ends only after a pass with nothing new", async () => {
    const t = terminal();
    let lastScreen = "";
    let tailSent = false;
    t.onFrame((frame) => {
      lastScreen = frame.snapshot.lines.join("\n");
      // The PTY's last read lands in the loop turn after the first pass rendered everything received so far.
      if (!tailSent) {
        tailSent = true;
        setImmediate(() => t.writeOutput("LATE TAIL"));
      }
    });
    t.writeOutput("first\r\n");
    await drainThenDispose(t);
    expect(t.isDisposed).toBe(true);
    expect(lastScreen).toContain("LATE TAIL");
  });

  it("a direct dispose() does not wait: pending output is dropped and nothing renders afterwards", () => {
    const t = terminal();
    const frames: number[] = [];
    t.onFrame((frame) => frames.push(frame.seq));
    t.writeOutput("never rendered");
    t.dispose();
    expect(t.isDisposed).toBe(true);
    expect(t.unrenderedBytes()).toBe(0);
    expect(frames).toEqual([]);
  });

  it("a stalled renderer is disposed once the budget is spent", async () => {
    let disposed = false;
    const stalled: DrainableTerminal = { settled: () => new Promise<void>(() => {}), receivedBytes: () => 10, dispose: () => void (disposed = true) };
    await drainThenDispose(stalled, 30);
    expect(disposed).toBe(true);
  });

  it("a PTY that never goes quiet is disposed once the budget is spent, its output rendering until then", async () => {
    // Every xterm write observed: a flood's frames are otherwise folded for up to 250 ms (issue 16), longer than this
    // drain's budget, and the frames would show only the first chunk (written at once after the quiet start).
    const t = terminal({ behindFrameIntervalMs: 0 });
    let lastScreen = "";
    t.onFrame((frame) => (lastScreen = frame.snapshot.lines.join("\n")));
    // Something new in every loop turn: no settle pass ever ends with nothing new.
    let n = 0;
    let flooding = true;
    const flood = (): void => {
      if (!flooding) return;
      t.writeOutput(`more ${n++}\r\n`);
      setImmediate(flood);
    };
    flood();
    try {
      await drainThenDispose(t, 50);
    } finally {
      flooding = false;
    }
    expect(t.isDisposed).toBe(true);
    const rendered = [...lastScreen.matchAll(/more (\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...rendered)).toBeGreaterThan(1);
  });

  it("a renderer that fails to settle because it throws is still disposed", async () => {
    let disposed = false;
    const broken: DrainableTerminal = {
      settled: () => Promise.resolve(),
      receivedBytes: () => {
        throw new Error("gone");
      },
      dispose: () => void (disposed = true),
    };
    await expect(drainThenDispose(broken, 30)).rejects.toThrow("gone");
    expect(disposed).toBe(true);
  });
});
