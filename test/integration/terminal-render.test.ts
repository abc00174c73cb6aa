// Integration tests of HeadlessTerminal on a real @xterm/headless: batching, frames, snapshot, OSC, replay, input.
import { afterEach, describe, expect, it } from "vitest";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { CODEX_STATE_CHANNEL, parseCodexStateOsc } from "../../adapters/codex/state-channel.js";
import type { TerminalFrame } from "../../src/contracts/terminal-snapshot.js";

const KiB = 1024;
const bytes = (s: string): number => Buffer.byteLength(s, "utf8");
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const open: HeadlessTerminal[] = [];
function terminal(opts: Partial<ConstructorParameters<typeof HeadlessTerminal>[0]> = {}): HeadlessTerminal {
  const t = new HeadlessTerminal({ cols: 80, rows: 24, stateChannel: CODEX_STATE_CHANNEL, ...opts });
  open.push(t);
  return t;
}
afterEach(() => {
  for (const t of open.splice(0)) t.dispose();
});

function collectFrames(t: HeadlessTerminal): TerminalFrame[] {
  const frames: TerminalFrame[] = [];
  t.onFrame((frame) => frames.push(frame));
  return frames;
}

describe("HeadlessTerminal batching (C-PERF-06)", () => {
  it("C-PERF-06: a 200 KiB write renders as ≥4 frames of ≤64 KiB each, in byte order", async () => {
    const t = terminal();
    const frames = collectFrames(t);
    const raw: string[] = [];
    t.onRawOutput((chunk) => raw.push(chunk));
    let input = "";
    for (let i = 0; input.length < 200 * KiB; i += 1) input += `row ${String(i).padStart(6, "0")} ${"·".repeat(20)}\r\n`;
    input = input.slice(0, 200 * KiB - 12) + "\r\nFINAL-MARK";
    t.writeOutput(input);
    await t.settled();
    expect(frames.length).toBeGreaterThanOrEqual(4);
    for (const frame of frames) expect(frame.bytes).toBeLessThanOrEqual(64 * KiB);
    expect(frames.reduce((sum, f) => sum + f.bytes, 0)).toBe(bytes(input));
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(raw.join("")).toBe(input);
    expect(frames.at(-1)?.snapshot.text).toContain("FINAL-MARK");
    expect(t.unrenderedBytes()).toBe(0);
  });

  it("C-PERF-06: adjacent small chunks coalesce into few batches instead of one frame per chunk", async () => {
    const t = terminal();
    const frames = collectFrames(t);
    for (let i = 0; i < 1000; i += 1) t.writeOutput(`chunk ${String(i).padStart(4, "0")} ${"-".repeat(88)}\r\n`);
    await t.settled();
    const total = 1000 * 101;
    expect(frames.reduce((sum, f) => sum + f.bytes, 0)).toBe(total);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(total / (64 * KiB)) + 1);
    expect(frames.at(-1)?.snapshot.text).toContain("chunk 0999");
  });

  it("C-PERF-06: each frame observes exactly its own batch, before later writes are parsed", async () => {
    // 32-byte batches: each write below is one whole batch that rewrites row 1.
    const t = terminal({ batchMaxBytes: 32 });
    const seen: string[] = [];
    t.onFrame((frame) => seen.push(frame.snapshot.lines[0] ?? ""));
    const expected: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const text = `MARK-${String(i).padStart(3, "0")}`;
      const chunk = `\u001b[H${text}`.padEnd(32, " ");
      expect(bytes(chunk)).toBe(32);
      expected.push(text);
      t.writeOutput(chunk);
    }
    await t.settled();
    expect(seen).toEqual(expected);
  });

  /** Feeds `chunks` one per event-loop turn (as PTY reads arrive), counting the writes handed to xterm. */
  async function flood(t: HeadlessTerminal, chunks: readonly string[]): Promise<{ writes: number }> {
    let writes = 0;
    const write = t.xterm.write.bind(t.xterm);
    t.xterm.write = ((data: string | Uint8Array, callback?: () => void) => {
      writes += 1;
      write(data, callback);
    }) as typeof t.xterm.write;
    for (const chunk of chunks) {
      t.writeOutput(chunk);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await t.settled();
    return { writes };
  }

  const floodChunks = (n: number): string[] =>
    Array.from({ length: n }, (_, i) => `\u001b[${(i % 22) + 1};1H\u001b[2Kflood ${String(i).padStart(5, "0")} ${"=".repeat(1000)}`);

  it("issue 16, C-PERF-06: writes that arrive while earlier output is still unrendered are observed together, one frame per ≤64 KiB batch, and the settled screen at once", async () => {
    const t = terminal({ batchWindowMs: 0, behindFrameIntervalMs: 60_000 });
    const frames: TerminalFrame[] = [];
    const mismatches: number[] = [];
    t.onFrame((frame) => {
      frames.push(frame);
      // A frame shows the screen as parsed so far, never a later or an earlier one.
      const buffer = t.xterm.buffer.active;
      const row = (y: number): string => (buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? "").replace(/ +$/, "");
      if (frame.snapshot.lines.some((line, y) => line !== row(y))) mismatches.push(frame.seq);
    });
    const chunks = floodChunks(1500);
    const { writes } = await flood(t, chunks);
    const total = chunks.reduce((n, c) => n + bytes(c), 0);
    expect(mismatches).toEqual([]);
    expect(frames.reduce((n, f) => n + f.bytes, 0)).toBe(total);
    for (const frame of frames) expect(frame.bytes).toBeLessThanOrEqual(64 * KiB);
    // Fewer observations than xterm writes: what arrived during a parse is observed with it, as one batch.
    expect(frames.length).toBeLessThan(writes);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(total / (64 * KiB)) * 2 + 2);
    expect(frames.at(-1)?.snapshot.text).toContain("flood 01499");
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
  });

  it("issue 16: behindFrameIntervalMs bounds how long a flood goes unobserved (0 observes every xterm write)", async () => {
    const t = terminal({ batchWindowMs: 0, behindFrameIntervalMs: 0 });
    const frames = collectFrames(t);
    const { writes } = await flood(t, floodChunks(300));
    expect(frames).toHaveLength(writes);
    expect(frames.at(-1)?.snapshot.text).toContain("flood 00299");
  });

  it("C-PERF-06: Unicode and escape sequences split across chunks and batch edges render intact", async () => {
    const t = terminal({ cols: 60, rows: 10, batchMaxBytes: 7 });
    const input = "\u001b[2J\u001b[H\u001b[1;31m中文😀é\u001b[0m ok\r\n\u001b[3;5H┌──┐\u001b]0;tïtle\u0007";
    // Cut the input into 1..3 code-unit pieces, deliberately splitting escapes (surrogates stay whole).
    const points = [...input];
    for (let i = 0; i < points.length; i += 2) t.writeOutput(points.slice(i, i + 2).join(""));
    await t.settled();
    const snap = t.snapshot();
    expect(snap.lines[0]).toBe("中文😀é ok");
    expect(snap.lines[2]).toBe("    ┌──┐");
    expect(snap.text).not.toContain("\uFFFD");
    expect(t.title).toBe("tïtle");
  });
});

describe("HeadlessTerminal snapshot, title and OSC state", () => {
  it("C-PTY-07: cursor-addressed output is in the snapshot with cursor position, DECTCEM and alt screen", async () => {
    const t = terminal({ cols: 40, rows: 6 });
    t.writeOutput("\u001b[2J\u001b[5;10HHELLO   \u001b[2;1Htop line\u001b[5;15H");
    await t.settled();
    let snap = t.snapshot();
    expect(snap.lines).toHaveLength(6);
    expect(snap.lines[1]).toBe("top line");
    expect(snap.lines[4]).toBe("         HELLO");
    expect(snap.text).toBe(snap.lines.join("\n"));
    expect(snap.cursor).toEqual({ x: 14, y: 4, visible: true });
    expect(snap.cols).toBe(40);
    expect(snap.rows).toBe(6);
    expect(snap.altScreen).toBe(false);

    t.writeOutput("\u001b[?25l\u001b[?1049h\u001b[HALT SCREEN");
    await t.settled();
    snap = t.snapshot();
    expect(snap.altScreen).toBe(true);
    expect(snap.cursor.visible).toBe(false);
    expect(snap.lines[0]).toBe("ALT SCREEN");

    t.writeOutput("\u001b[?1049l\u001b[?25h");
    await t.settled();
    snap = t.snapshot();
    expect(snap.altScreen).toBe(false);
    expect(snap.cursor.visible).toBe(true);
    expect(snap.lines[1]).toBe("top line");
  });

  it("OSC 0/2 set the title; OSC 7501 states are collected per frame, oldest first", async () => {
    const t = terminal();
    const frames = collectFrames(t);
    t.writeOutput("\u001b]0;repo\u0007\u001b]7501;state=working:app=codex\u001b\\busy");
    await t.settled();
    expect(t.title).toBe("repo");
    expect(frames.at(-1)?.oscState).toEqual(["working"]);
    expect(frames.at(-1)?.snapshot.title).toBe("repo");

    t.writeOutput("\u001b]7501;state=blocked:app=codex:kind=permission\u001b\\");
    t.writeOutput("\u001b]7501;state=done:app=codex\u0007\u001b]7501;state=idle:app=codex\u001b\\");
    t.writeOutput("\u001b]2;⠋ task | repo\u0007");
    await t.settled();
    const states = frames.slice(1).flatMap((f) => f.oscState);
    expect(states).toEqual(["blocked", "done", "idle"]);
    expect(t.title).toBe("⠋ task | repo");

    t.writeOutput("\u001b]0;\u0007\u001b]7501;state=clear\u001b\\");
    await t.settled();
    expect(t.title).toBe("");
    expect(frames.at(-1)?.oscState).toEqual(["clear"]);
    expect(frames.at(-1)?.snapshot.text.trim()).toBe("busy");
  });

  it("parses OSC 7501 payloads into their state word", () => {
    expect(parseCodexStateOsc("state=idle:app=codex")).toBe("idle");
    expect(parseCodexStateOsc("app=codex:state=blocked:kind=permission")).toBe("blocked");
    expect(parseCodexStateOsc("state=clear")).toBe("clear");
    expect(parseCodexStateOsc("nothing")).toBeUndefined();
  });

  it("C-PTY-05: resize changes the model size seen by snapshots", async () => {
    const t = terminal({ cols: 100, rows: 30 });
    t.resize({ cols: 120, rows: 40 });
    expect(t.size).toEqual({ cols: 120, rows: 40 });
    t.writeOutput("x");
    await t.settled();
    const snap = t.snapshot();
    expect([snap.cols, snap.rows, snap.lines.length]).toEqual([120, 40, 40]);
  });
});

describe("HeadlessTerminal replay and input", () => {
  it("C-PTY-03: late raw subscribers get the bounded replay in one call, then live chunks", async () => {
    const t = terminal({ replayBytes: 1000 });
    for (let i = 0; i < 100; i += 1) t.writeOutput(`out-${String(i).padStart(3, "0")}\r\n`);
    const late: string[] = [];
    t.onRawOutput((chunk) => late.push(chunk));
    const noReplay: string[] = [];
    t.onRawOutput((chunk) => noReplay.push(chunk), { replay: false });
    expect(late).toHaveLength(1);
    expect(bytes(late[0] as string)).toBeLessThanOrEqual(1000);
    expect(late[0]?.endsWith("out-099\r\n")).toBe(true);
    expect(noReplay).toHaveLength(0);
    t.writeOutput("live\r\n");
    expect(late).toHaveLength(2);
    expect(late[1]).toBe("live\r\n");
    expect(noReplay).toEqual(["live\r\n"]);
    await t.settled();
  });

  it("C-PTY-04: sendInput goes through xterm's input path; automatic query answers reach onInput", async () => {
    const t = terminal();
    const input: Array<string | Uint8Array> = [];
    t.onInput((data) => input.push(data));
    t.sendInput("hello\r");
    expect(input).toEqual(["hello\r"]);
    // DA1 query from the application: xterm answers it through the same channel.
    t.writeOutput("\u001b[c");
    await t.settled();
    expect(input.slice(1).join("")).toMatch(/^\u001b\[\?[\d;]+c$/);
    // Application cursor mode set by the app changes how xterm encodes the same key input.
    t.writeOutput("\u001b[?1h");
    await t.settled();
    t.sendInput("\u001b[A");
    expect(input.at(-1)).toBe("\u001b[A");
    expect(t.xterm.modes.applicationCursorKeysMode).toBe(true);
  });
});

describe("HeadlessTerminal settle, dispose, render failure", () => {
  it("C-PERF-06: settled() covers output received while waiting and never rejects", async () => {
    const t = terminal();
    expect(await t.settled()).toBeUndefined();
    t.writeOutput("first\r\n");
    const waiting = t.settled();
    t.writeOutput("x".repeat(150 * KiB));
    setTimeout(() => t.writeOutput("\r\nLATE-MARK"), 1);
    await waiting;
    // `waiting` could resolve only once the output received meanwhile was rendered too.
    await sleep(5);
    await t.settled();
    expect(t.unrenderedBytes()).toBe(0);
    expect(t.snapshot().text).toContain("LATE-MARK");
  });

  it("C-PERF-06: dispose drops pending output, suppresses later frames and settles waiters", async () => {
    const t = terminal();
    const frames = collectFrames(t);
    const backpressure: boolean[] = [];
    t.onBackpressure((paused) => backpressure.push(paused));
    t.writeOutput("y".repeat(2 * 1024 * KiB));
    expect(backpressure).toEqual([true]);
    const waiting = t.settled();
    t.dispose();
    await waiting;
    expect(backpressure).toEqual([true, false]);
    await sleep(50);
    expect(frames).toHaveLength(0);
    expect(t.unrenderedBytes()).toBe(0);
    t.writeOutput("after dispose");
    await t.settled();
    expect(frames).toHaveLength(0);
  });

  it("a throwing xterm write marks renderFailed (sticky) and rendering continues best-effort", async () => {
    const t = terminal();
    const realWrite = t.xterm.write.bind(t.xterm);
    let failNext = true;
    // Mock at the edge: make xterm's write throw once, as it does when its buffer overflows.
    t.xterm.write = ((data: string | Uint8Array, callback?: () => void) => {
      if (failNext) {
        failNext = false;
        throw new Error("write data discarded");
      }
      realWrite(data, callback);
    }) as typeof t.xterm.write;
    t.writeOutput("lost batch");
    await t.settled();
    expect(t.renderFailed).toBe(true);
    expect(t.unrenderedBytes()).toBe(0);
    t.writeOutput("\r\nstill rendering");
    await t.settled();
    expect(t.renderFailed).toBe(true);
    expect(t.snapshot().text).toContain("still rendering");
  });

  it("a throwing frame listener is reported and does not stall later frames", async () => {
    const t = terminal();
    const errors: unknown[] = [];
    t.onListenerError((error) => errors.push(error));
    t.onFrame(() => {
      throw new Error("observer bug");
    });
    const frames = collectFrames(t);
    t.writeOutput("one");
    await t.settled();
    t.writeOutput("two");
    await t.settled();
    expect(frames).toHaveLength(2);
    expect(errors).toHaveLength(2);
    expect(t.renderFailed).toBe(false);
  });
});
