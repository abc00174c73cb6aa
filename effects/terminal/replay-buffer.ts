// Bounded, live-only buffer of raw PTY output that late `terminal:data` subscribers receive first.
import { boundaryAtByte, isLowSurrogate, utf8Length } from "./utf8.js";

export const DEFAULT_REPLAY_BYTES = 128 * 1024;

/**
 * Keeps the most recent `maxBytes` of output (UTF-8 measure). Trimming happens from the
 * front and always on a code-point boundary, so the replay never opens with half a
 * character (which a browser xterm.js would render as U+FFFD). It lives in memory only.
 *
 * Every PTY chunk passes through here, so a push only drops whole chunks from the front (cheap);
 * the exact code-point cut inside the oldest chunk, a walk over its characters, waits until
 * someone reads the buffer. Held memory is therefore at most `maxBytes` plus one chunk.
 */
export class ReplayBuffer {
  readonly maxBytes: number;
  private chunks: string[] = [];
  /** UTF-8 size of each entry of `chunks`, so trimming never measures a chunk twice. */
  private sizes: number[] = [];
  private head = 0;
  private bytes = 0;

  constructor(maxBytes: number = DEFAULT_REPLAY_BYTES) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
  }

  get byteLength(): number {
    this.trim();
    return this.bytes;
  }

  /** `bytes` is the chunk's UTF-8 length when the caller already measured it. */
  push(chunk: string, bytes: number = utf8Length(chunk)): void {
    if (chunk.length === 0 || this.maxBytes === 0) return;
    this.chunks.push(chunk);
    this.sizes.push(bytes);
    this.bytes += bytes;
    this.dropWholeChunks();
  }

  contents(): string {
    this.trim();
    if (this.head > 0 || this.chunks.length > 1) {
      // Join once and keep the result so repeated subscribers don't pay for it again.
      const joined = this.chunks.slice(this.head).join("");
      this.chunks = joined.length > 0 ? [joined] : [];
      this.sizes = joined.length > 0 ? [this.bytes] : [];
      this.head = 0;
    }
    return this.chunks[0] ?? "";
  }

  clear(): void {
    this.chunks = [];
    this.sizes = [];
    this.head = 0;
    this.bytes = 0;
  }

  /** Drops front chunks that lie entirely outside the bound; the one straddling it stays whole for now. */
  private dropWholeChunks(): void {
    while (this.head < this.chunks.length) {
      const size = this.sizes[this.head] as number;
      if (this.bytes - size < this.maxBytes) break;
      this.head += 1;
      this.bytes -= size;
    }
    this.compact();
  }

  /** The exact cut: the largest suffix within the bound that starts on a code-point boundary. */
  private trim(): void {
    while (this.bytes > this.maxBytes && this.head < this.chunks.length) {
      const first = this.chunks[this.head] as string;
      const size = this.sizes[this.head] as number;
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
      const keptSize = utf8Length(kept);
      this.bytes -= size - keptSize;
      this.chunks[this.head] = kept;
      this.sizes[this.head] = keptSize;
      if (kept.length === 0) this.head += 1;
    }
    const next = this.chunks[this.head];
    if (next !== undefined && next.length > 0 && isLowSurrogate(next.charCodeAt(0))) {
      const kept = next.slice(1);
      const keptSize = utf8Length(kept);
      this.bytes -= (this.sizes[this.head] as number) - keptSize;
      this.chunks[this.head] = kept;
      this.sizes[this.head] = keptSize;
    }
    this.compact();
  }

  /** Compacts the consumed prefix occasionally so the arrays do not grow without bound. */
  private compact(): void {
    if (this.head > 64 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.sizes = this.sizes.slice(this.head);
      this.head = 0;
    }
  }
}
