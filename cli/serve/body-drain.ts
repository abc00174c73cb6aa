// After an early error reply (413), the rest of the request body is read and discarded, bounded in bytes and time, so a
// client still writing can finish and read the reply instead of meeting a connection reset.

import type { IncomingMessage } from "node:http";

/** At most this many bytes are read and discarded after the reply; a larger body is cut off (the client may see a reset). */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** At most this long is spent discarding a body after the reply. */
export const DRAIN_MAX_MS = 10_000;

export interface DrainLimits {
  readonly maxBytes?: number;
  readonly maxMs?: number;
  /** Stops the drain (the server is closing, or the response went away). */
  readonly signal: AbortSignal;
}

/**
 * Reads the rest of `req` and throws it away. Resolves `true` once the body ended, `false` when a bound or the signal
 * stopped it first (the caller then closes the connection with bytes unread).
 */
export function drainRequest(req: IncomingMessage, limits: DrainLimits): Promise<boolean> {
  const maxBytes = limits.maxBytes ?? DRAIN_MAX_BYTES;
  if (req.readableEnded || req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onError);
      limits.signal.removeEventListener("abort", onError);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(onError, limits.maxMs ?? DRAIN_MAX_MS);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onError);
    limits.signal.addEventListener("abort", onError);
    if (limits.signal.aborted) return finish(false);
    req.resume();
  });
}
