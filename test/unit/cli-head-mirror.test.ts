// The `--head` mirror: ordered writes under backpressure, the 1,024-frame / 4 MiB caps, and a restore written once.

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { HEAD_MAX_BYTES, HEAD_MAX_FRAMES, HEAD_RESTORE, HeadMirror } from "../../cli/head-mirror.js";

/** A writable whose write returns false (full) until the test drains it. */
class SlowTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly written: string[] = [];
  full = true;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return !this.full;
  }
  drain(): void {
    this.emit("drain");
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function drainAll(t: SlowTerminal, done: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !done(); i++) {
    t.drain();
    await tick();
  }
}

describe("head mirror (issue 19, C-CLI-18)", () => {
  it("C-CLI-18: keeps frame order and waits for drain under backpressure", async () => {
    const t = new SlowTerminal();
    const mirror = new HeadMirror(t, () => {});
    mirror.push("a");
    mirror.push("b");
    mirror.push("c");
    await tick();
    expect(t.written).toEqual(["a"]);
    t.drain();
    await tick();
    expect(t.written).toEqual(["a", "b"]);
    const restored = mirror.restore();
    await drainAll(t, () => t.written.length >= 4);
    await restored;
    expect(t.written).toEqual(["a", "b", "c", HEAD_RESTORE]);
  });

  it("C-CLI-18: crossing 1,024 outstanding frames fails once, stops accepting, and still drains the accepted frames in order", async () => {
    const t = new SlowTerminal();
    let overflows = 0;
    const mirror = new HeadMirror(t, () => overflows++);
    for (let i = 0; i < HEAD_MAX_FRAMES + 5; i++) mirror.push(`${i};`);
    expect(overflows).toBe(1);
    expect(mirror.overflowed).toBe(true);
    const restored = mirror.restore();
    await drainAll(t, () => t.written.at(-1) === HEAD_RESTORE);
    await restored;
    const frames = t.written.slice(0, -1);
    expect(frames).toEqual(Array.from({ length: HEAD_MAX_FRAMES }, (_, i) => `${i};`));
    expect(t.written.filter((w) => w === HEAD_RESTORE)).toHaveLength(1);
  });

  it("C-CLI-18: crossing 4 MiB of outstanding UTF-8 fails the run and drains the accepted bytes", async () => {
    const t = new SlowTerminal();
    let overflows = 0;
    const mirror = new HeadMirror(t, () => overflows++);
    const big = "é".repeat(HEAD_MAX_BYTES / 4); // 2 bytes each: 2 MiB per frame
    mirror.push(big);
    mirror.push(big);
    expect(overflows).toBe(0);
    mirror.push("x");
    expect(overflows).toBe(1);
    mirror.push("y");
    const restored = mirror.restore();
    await drainAll(t, () => t.written.at(-1) === HEAD_RESTORE);
    await restored;
    expect(t.written).toEqual([big, big, HEAD_RESTORE]);
  });

  it("C-CLI-18: the restore sequence is written exactly once, after pending frames, and resets, shows the cursor and pops Kitty flags before leaving the alternate screen", async () => {
    const t = new SlowTerminal();
    t.full = false;
    const mirror = new HeadMirror(t, () => {});
    mirror.push("\x1b[?1049h\x1b[>1uhello");
    await mirror.restore();
    await mirror.restore();
    mirror.push("late");
    await tick();
    expect(t.written).toEqual(["\x1b[?1049h\x1b[>1uhello", HEAD_RESTORE]);
    expect(HEAD_RESTORE.startsWith("\x1b[0m")).toBe(true);
    expect(HEAD_RESTORE).toContain("\x1b[?25h");
    expect(HEAD_RESTORE).toContain("\x1b[?2004l");
    expect(HEAD_RESTORE.indexOf("\x1b[<u")).toBeLessThan(HEAD_RESTORE.indexOf("\x1b[?1049l"));
  });

  it("C-CLI-18: a display that is gone (write throws) is contained and restore still resolves", async () => {
    const t = new SlowTerminal();
    t.write = () => {
      throw Object.assign(new Error("EIO"), { code: "EIO" });
    };
    const mirror = new HeadMirror(t, () => {});
    mirror.push("a");
    await expect(mirror.restore()).resolves.toBeUndefined();
  });
});
