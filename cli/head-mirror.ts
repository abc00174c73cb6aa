// The `--head` display: the session's raw terminal bytes written to stderr in order, bounded, and restored exactly once.

import type { CliOutput } from "./cli-io.js";

/** Outstanding display work beyond either cap fails the run (C-CLI-18). */
export const HEAD_MAX_BYTES = 4 * 1024 * 1024;
export const HEAD_MAX_FRAMES = 1024;

/** Reset attributes, mouse and bracketed paste off, cursor shown, Kitty keyboard flags popped, then leave the alternate screen. */
export const HEAD_RESTORE = "\x1b[0m\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l\x1b[?25h\x1b[<u\x1b[?1049l";

export class HeadMirror {
  private readonly queue: string[] = [];
  private outstandingBytes = 0;
  private writing = false;
  private idle: (() => void)[] = [];
  private restored = false;
  /** Set once a cap was crossed: no more frames are accepted. */
  overflowed = false;
  /** Set once the display failed (a terminal-gone write error): nothing more is written. */
  private gone = false;

  constructor(
    private readonly out: CliOutput,
    private readonly onOverflow: () => void,
  ) {
    out.on("error", () => {
      this.gone = true;
      this.queue.length = 0;
      this.settleIdle();
    });
  }

  /** Accepts one raw frame; crossing a cap stops acceptance and reports the overflow once. */
  push(frame: string): void {
    if (this.overflowed || this.restored || this.gone) return;
    const bytes = Buffer.byteLength(frame, "utf8");
    if (this.queue.length + 1 > HEAD_MAX_FRAMES || this.outstandingBytes + bytes > HEAD_MAX_BYTES) {
      this.overflowed = true;
      this.onOverflow();
      return;
    }
    this.queue.push(frame);
    this.outstandingBytes += bytes;
    this.pump();
  }

  /** Outstanding frames, written or waiting (for tests and the overflow rule). */
  get pending(): number {
    return this.queue.length;
  }

  private pump(): void {
    if (this.writing) return;
    this.writing = true;
    void this.drainLoop();
  }

  private async drainLoop(): Promise<void> {
    while (this.queue.length > 0 && !this.gone) {
      const frame = this.queue[0] as string;
      const more = this.safeWrite(frame);
      // Backpressure: the next frame waits for 'drain' so the display never buffers without bound.
      if (!more && !this.gone) await new Promise<void>((resolve) => this.out.once("drain", () => resolve()));
      this.queue.shift();
      this.outstandingBytes -= Buffer.byteLength(frame, "utf8");
    }
    this.writing = false;
    this.settleIdle();
  }

  private safeWrite(chunk: string): boolean {
    try {
      return this.out.write(chunk);
    } catch {
      this.gone = true;
      return true;
    }
  }

  private settleIdle(): void {
    if (this.writing && !this.gone) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves once every accepted frame was written. */
  flush(): Promise<void> {
    if (!this.writing || this.gone) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Stops accepting frames, drains the accepted ones in order, then writes the restore sequence exactly once. */
  async restore(): Promise<void> {
    if (this.restored) return;
    this.restored = true;
    await this.flush();
    if (!this.gone) this.safeWrite(HEAD_RESTORE);
  }
}
