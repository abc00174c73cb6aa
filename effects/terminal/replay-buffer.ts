// Bounded, live-only buffer of raw PTY output that late `terminal:data` subscribers receive first.
import { utf8Length } from "./utf8.js";

export const DEFAULT_REPLAY_BYTES = 128 * 1024;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
/** A UTF-8 continuation byte (10xxxxxx): never the first byte of a code point. */
const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

/** Shared encoding scratch for a chunk that may not fit before the ring's end: encoded here, then copied. */
let scratch = Buffer.allocUnsafe(16 * 1024);
const SCRATCH_KEEP_BYTES = 1024 * 1024;

function scratchOf(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.allocUnsafe(bytes);
  return scratch;
}

/**
 * Keeps the most recent `maxBytes` of output (UTF-8 measure), trimmed from the front on a code-point boundary, so the
 * replay never opens with half a character (which a browser xterm.js would render as U+FFFD). Memory only.
 *
 * Every PTY chunk passes through here, so the output is kept as UTF-8 bytes in one fixed ring rather than as the
 * chunk strings themselves: holding the last 128 KiB of strings per session kept every chunk alive across young
 * garbage collections, which copied and promoted them, and under a flood that garbage collection cost more than the
 * buffer's own work. A chunk ending in the first half of a surrogate pair keeps that half back until the next push,
 * so a pair split across two chunks is stored whole; a truly lone surrogate is stored as U+FFFD (as any UTF-8 sink
 * would write it).
 */
export class ReplayBuffer {
  readonly maxBytes: number;
  private readonly ring: Buffer;
  /** Index of the oldest stored byte, and how many bytes are stored. */
  private start = 0;
  private stored = 0;
  private heldHigh = "";
  private cached: string | undefined;

  constructor(maxBytes: number = DEFAULT_REPLAY_BYTES) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
    // Never read beyond what was stored, so the memory need not be zeroed first.
    this.ring = Buffer.allocUnsafe(this.maxBytes);
  }

  /** The UTF-8 size of what `contents()` returns. */
  get byteLength(): number {
    return this.stored - this.leadingContinuations();
  }

  /**
   * Stores `chunk` and returns its UTF-8 length (lone surrogates count 3 bytes, as the encoder writes U+FFFD), which
   * the encoding measures anyway, so the caller need not measure the chunk a second time.
   */
  push(chunk: string): number {
    if (chunk.length === 0) return 0;
    if (this.maxBytes === 0) return utf8Length(chunk);
    const held = this.heldHigh.length > 0;
    let text = held ? this.heldHigh + chunk : chunk;
    this.heldHigh = "";
    const holds = isHighSurrogate(text.charCodeAt(text.length - 1));
    if (holds) {
      this.heldHigh = text.slice(-1);
      text = text.slice(0, -1);
    }
    const written = text.length === 0 ? 0 : this.encode(text);
    this.cached = undefined;
    // With a surrogate held back on either side the bytes written are not this chunk's own measure.
    return held || holds ? utf8Length(chunk) : written;
  }

  contents(): string {
    if (this.cached !== undefined) return this.cached;
    const skip = this.leadingContinuations();
    const from = (this.start + skip) % Math.max(1, this.maxBytes);
    const length = this.stored - skip;
    const firstPart = Math.min(length, this.maxBytes - from);
    this.cached =
      firstPart === length
        ? this.ring.toString("utf8", from, from + length)
        : Buffer.concat([this.ring.subarray(from, from + firstPart), this.ring.subarray(0, length - firstPart)]).toString("utf8");
    return this.cached;
  }

  clear(): void {
    this.start = 0;
    this.stored = 0;
    this.heldHigh = "";
    this.cached = undefined;
  }

  /** Encodes `text` after the newest byte, straight into the ring when it surely fits before the ring's end. */
  private encode(text: string): number {
    const max = this.maxBytes;
    const end = (this.start + this.stored) % max;
    // At most 3 UTF-8 bytes per UTF-16 code unit.
    const bound = text.length * 3;
    if (bound <= max - end) {
      const written = this.ring.write(text, end, "utf8");
      this.advance(written);
      return written;
    }
    // An outsized chunk gets a buffer of its own rather than growing the shared scratch for good.
    const target = bound <= SCRATCH_KEEP_BYTES ? scratchOf(bound) : Buffer.allocUnsafe(bound);
    const written = target.write(text, 0, "utf8");
    // Only the last maxBytes of it can survive.
    const take = Math.min(written, max);
    const from = written - take;
    const firstPart = Math.min(take, max - end);
    target.copy(this.ring, end, from, from + firstPart);
    if (firstPart < take) target.copy(this.ring, 0, from + firstPart, from + take);
    this.advance(take);
    return written;
  }

  /** `count` new bytes were stored after the newest one; the oldest beyond maxBytes are overwritten. */
  private advance(count: number): void {
    const total = this.stored + count;
    if (total > this.maxBytes) {
      this.start = (this.start + total - this.maxBytes) % this.maxBytes;
      this.stored = this.maxBytes;
    } else {
      this.stored = total;
    }
  }

  /** Bytes at the front that continue a code point whose lead byte was already overwritten (at most 3). */
  private leadingContinuations(): number {
    let skip = 0;
    while (skip < this.stored && skip < 3 && isContinuation(this.ring[(this.start + skip) % this.maxBytes] as number)) skip += 1;
    return skip;
  }
}
