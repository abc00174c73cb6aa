// Unit tests for the bounded live-only replay buffer behind late `terminal:data` subscribers.
import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_BYTES, ReplayBuffer } from "../../effects/terminal/replay-buffer.js";

const bytes = (s: string): number => Buffer.byteLength(s, "utf8");
/** A string survives a UTF-8 round trip unchanged only if it holds no lone surrogate. */
const roundTrips = (s: string): boolean => Buffer.from(s, "utf8").toString("utf8") === s;

describe("ReplayBuffer", () => {
  it("C-PTY-03: defaults to 128 KiB and keeps only the newest output within the bound", () => {
    const buffer = new ReplayBuffer();
    expect(buffer.maxBytes).toBe(DEFAULT_REPLAY_BYTES);
    expect(DEFAULT_REPLAY_BYTES).toBe(128 * 1024);
    let all = "";
    for (let i = 0; i < 5000; i += 1) {
      const chunk = `line ${i} ${"x".repeat(i % 97)}\r\n`;
      all += chunk;
      buffer.push(chunk);
      expect(buffer.byteLength).toBeLessThanOrEqual(128 * 1024);
    }
    const contents = buffer.contents();
    expect(bytes(contents)).toBe(buffer.byteLength);
    expect(bytes(contents)).toBe(128 * 1024);
    expect(all.endsWith(contents)).toBe(true);
  });

  it("C-PTY-03: trims on UTF-8 code-point boundaries (never a split sequence or U+FFFD)", () => {
    const alphabet = ["a", "é", "中", "😀", "\u001b[31m", "─", "\r\n"];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (const max of [1, 2, 3, 5, 17, 100, 1023]) {
      const buffer = new ReplayBuffer(max);
      let all = "";
      for (let i = 0; i < 400; i += 1) {
        let chunk = "";
        const len = 1 + random(12);
        for (let j = 0; j < len; j += 1) chunk += alphabet[random(alphabet.length)] as string;
        all += chunk;
        buffer.push(chunk);
        const contents = buffer.contents();
        expect(bytes(contents)).toBeLessThanOrEqual(max);
        expect(bytes(contents)).toBe(buffer.byteLength);
        expect(roundTrips(contents)).toBe(true);
        expect(contents.includes("\uFFFD")).toBe(false);
        expect(all.endsWith(contents)).toBe(true);
        // Largest suffix that fits: dropping one more whole code point would not be needed.
        const first = contents.codePointAt(0);
        if (contents.length > 0 && first !== undefined) {
          const dropped = all.slice(0, all.length - contents.length);
          const previous = [...dropped].pop();
          if (previous !== undefined) expect(bytes(previous + contents)).toBeGreaterThan(max);
        }
      }
    }
  });

  it("C-PTY-03: a single chunk larger than the bound keeps its tail only", () => {
    const buffer = new ReplayBuffer(10);
    buffer.push("0123456789中文ABC");
    const contents = buffer.contents();
    // 19 bytes, bound 10: the cut after 9 bytes lands on a boundary, keeping exactly 10 bytes.
    expect(contents).toBe("9中文ABC");
    buffer.push("中");
    // Removing 3 more bytes: "9" alone is not enough, so the whole "中" after it goes too.
    expect(buffer.contents()).toBe("文ABC中");
    expect(buffer.byteLength).toBe(9);
  });

  it("C-PTY-03: a surrogate pair split across two pushes never leaves a lone half at the front", () => {
    const buffer = new ReplayBuffer(6);
    buffer.push("ab\uD83D");
    buffer.push("\uDE00cdef");
    const contents = buffer.contents();
    expect(roundTrips(contents)).toBe(true);
    expect(contents.endsWith("cdef")).toBe(true);
    expect(bytes(contents)).toBeLessThanOrEqual(6);
  });

  it("C-PTY-03: an outsized chunk (over 1 MiB encoded) keeps its tail only and the buffer goes on working", () => {
    const buffer = new ReplayBuffer(101);
    const huge = `${"x".repeat(300_000)}${"é".repeat(200_000)}`;
    expect(buffer.push(huge)).toBe(bytes(huge));
    // 101 bytes from the end start inside an "é": the half is dropped.
    expect(buffer.contents()).toBe("é".repeat(50));
    buffer.push("ok");
    expect(buffer.contents()).toBe(`${"é".repeat(49)}ok`);
  });

  it("C-PTY-03: a surrogate pair split across two pushes is kept whole, and each push reports its chunk's UTF-8 size", () => {
    const buffer = new ReplayBuffer(64);
    expect(buffer.push("ab\uD83D")).toBe(bytes("ab\uD83D"));
    expect(buffer.push("\uDE00cd")).toBe(bytes("\uDE00cd"));
    expect(buffer.contents()).toBe("ab😀cd");
    expect(buffer.byteLength).toBe(8);
    expect(buffer.push("x\uDC00y")).toBe(bytes("x\uDC00y"));
    // A truly lone surrogate is kept as UTF-8 can carry it: U+FFFD.
    expect(buffer.contents()).toBe("ab😀cdx\uFFFDy");
    expect(new ReplayBuffer(0).push("中")).toBe(3);
  });

  it("C-PTY-03: output wrapping around the ring many times reads back as the newest suffix", () => {
    const buffer = new ReplayBuffer(4096);
    let all = "";
    for (let i = 0; i < 3000; i += 1) {
      const chunk = i % 7 === 0 ? `中文${i}😀`.repeat(1 + (i % 50)) : `\u001b[${i % 40};1Hrow ${i} ${"─".repeat(i % 13)}`;
      all += chunk;
      expect(buffer.push(chunk)).toBe(bytes(chunk));
      if (i % 97 === 0 || i === 2999) {
        const contents = buffer.contents();
        expect(all.endsWith(contents)).toBe(true);
        expect(bytes(contents)).toBe(buffer.byteLength);
        // Full once 4 KiB went through: at most one code point's leftover bytes short of the bound.
        expect(buffer.byteLength).toBeGreaterThanOrEqual(Math.min(bytes(all), 4096 - 3));
        expect(buffer.byteLength).toBeLessThanOrEqual(4096);
      }
    }
  });

  it("clear() empties it and zero-size buffers keep nothing", () => {
    const buffer = new ReplayBuffer(64);
    buffer.push("hello");
    buffer.clear();
    expect(buffer.contents()).toBe("");
    expect(buffer.byteLength).toBe(0);
    const none = new ReplayBuffer(0);
    none.push("data");
    expect(none.contents()).toBe("");
  });
});
