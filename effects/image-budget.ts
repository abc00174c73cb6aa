// The per-session ceiling on image bytes cloned from callers and still held by queued submissions (200 MiB).

import { ElwoodError } from "../src/contracts/errors.js";

export const MAX_SESSION_IMAGE_CLONE_BYTES = 200 * 1024 * 1024;

/** One budget per session; every image-bearing call reserves its cloned bytes until its submission settles. */
export class ImageCloneBudget {
  private reserved = 0;

  constructor(private readonly limit: number = MAX_SESSION_IMAGE_CLONE_BYTES) {}

  get reservedBytes(): number {
    return this.reserved;
  }

  /** Reserves `bytes`; returns a release function (idempotent), or `input_queue_full` when over the ceiling. */
  reserve(bytes: number): (() => void) | ElwoodError {
    if (this.reserved + bytes > this.limit) {
      return new ElwoodError("input_queue_full", `queued image bytes would exceed ${this.limit} bytes for this session`, {
        limit: this.limit,
        reserved: this.reserved,
        requested: bytes,
      });
    }
    this.reserved += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= bytes;
    };
  }
}
