// The `--head` terminal: its size or the default, raw stdin that passes only Ctrl-C, resizes, and a restore that survives a closed terminal.

import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { DEFAULT_HEAD_SIZE, HeadTerminal, headSize } from "../../cli/head-terminal.js";

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  isRaw = false;
  modes: boolean[] = [];
  failRestore = false;
  setRawMode(mode: boolean): void {
    if (!mode && this.failRestore) throw Object.assign(new Error("setRawMode EIO"), { code: "EIO" });
    this.modes.push(mode);
    this.isRaw = mode;
  }
}

class FakeDisplay extends EventEmitter {
  readonly isTTY = true;
  columns = 150;
  rows = 40;
}

describe("head terminal (issue 19, C-CLI-18)", () => {
  it("C-CLI-18: sizes from positive integer cols/rows, else the default 189×48", () => {
    expect(headSize({ columns: 150, rows: 40 })).toEqual({ cols: 150, rows: 40 });
    expect(headSize({ columns: 0, rows: 40 })).toEqual(DEFAULT_HEAD_SIZE);
    expect(headSize({ columns: 80.5, rows: 40 })).toEqual(DEFAULT_HEAD_SIZE);
    expect(headSize({})).toEqual({ cols: 189, rows: 48 });
  });

  it("C-CLI-18: raw mode while attached; only Ctrl-C bytes reach the listener; resizes follow; detach removes listeners and restores the mode", () => {
    const stdin = new FakeStdin();
    const display = new FakeDisplay();
    const sizes: unknown[] = [];
    const head = new HeadTerminal(stdin, display, (size) => sizes.push(size));
    let presses = 0;
    head.onCtrlC(() => presses++);
    expect(stdin.isRaw).toBe(true);
    stdin.emit("data", Buffer.from("abc\x1b[<0;1;1M\x03"));
    stdin.emit("data", "\x03");
    expect(presses).toBe(2);
    display.columns = 100;
    display.emit("resize");
    expect(sizes).toEqual([{ cols: 100, rows: 40 }]);
    head.detach();
    head.detach();
    expect(stdin.modes).toEqual([true, false]);
    expect(stdin.listenerCount("data")).toBe(0);
    expect(display.listenerCount("resize")).toBe(0);
    stdin.emit("data", "\x03");
    expect(presses).toBe(2);
  });

  it("C-CLI-18: a terminal-gone EIO from setRawMode(false) is contained", () => {
    const stdin = new FakeStdin();
    const head = new HeadTerminal(stdin, new FakeDisplay(), () => {});
    stdin.failRestore = true;
    expect(() => head.detach()).not.toThrow();
    // An asynchronous terminal-gone error on stdin is contained too (an unhandled 'error' would throw here).
    expect(() => stdin.emit("error", Object.assign(new Error("read EIO"), { code: "EIO" }))).not.toThrow();
  });
});
