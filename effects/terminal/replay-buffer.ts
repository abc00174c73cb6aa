// Bounded, live-only buffer of raw PTY output that late `terminal:data` subscribers receive first.
import { boundaryAtByte, isLowSurrogate, utf8Length } from "./utf8.js";

export const DEFAULT_REPLAY_BYTES = 128 * 1024;

/**
 * Keeps the most recent `maxBytes` of output (UTF-8 measure). Trimming happens from the
 * front and always on a code-point boundary, so the replay never opens with half a
 * character (which a browser xterm.js would render as U+FFFD). It lives in memory only.
 */
export class ReplayBuffer {
  readonly maxBytes: number;
  private chunks: string[] = [];
  private head = 0;
  private bytes = 0;

  constructor(maxBytes: number = DEFAULT_REPLAY_BYTES) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
  }

  get byteLength(): number {
    return this.bytes;
  }

  push(chunk: string): void {
    if (chunk.length === 0 || this.maxBytes === 0) return;
    this.chunks.push(chunk);
    this.bytes += utf8Length(chunk);
    this.trim();
  }

  contents(): string {
    if (this.head > 0 || this.chunks.length > 1) {
      // Join once and keep the result so repeated subscribers don't pay for it again.
      const joined = this.chunks.slice(this.head).join("");
      this.chunks = joined.length > 0 ? [joined] : [];
      this.head = 0;
    }
    return this.chunks[0] ?? "";
  }

  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.bytes = 0;
  }

  private trim(): void {
    while (this.bytes > this.maxBytes && this.head < this.chunks.length) {
      const first = this.chunks[this.head] as string;
      const size = utf8Length(first);
      const excess = this.bytes - this.maxBytes;
      if (size <= excess) {
        this.head += 1;
        this.bytes -= size;
        continue;
      }
      let cut = boundaryAtByte(first, excess, "ceil");
      // A pair split across two pushes leaves a lone low surrogate: drop it too.
      if (cut < first.length && isLowSurrogate(first.charCodeAt(cut))) cut += 1;
      const kept = first.slice(cut);
      this.bytes -= size - utf8Length(kept);
      this.chunks[this.head] = kept;
      if (kept.length === 0) this.head += 1;
    }
    const next = this.chunks[this.head];
    if (next !== undefined && next.length > 0 && isLowSurrogate(next.charCodeAt(0))) {
      const kept = next.slice(1);
      this.bytes -= utf8Length(next) - utf8Length(kept);
      this.chunks[this.head] = kept;
    }
    // Compact the consumed prefix occasionally so the array does not grow without bound.
    if (this.head > 64 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
  }
}
