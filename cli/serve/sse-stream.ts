// Writes one Server-Sent Events response from an event log: framing, retry, heartbeats, Last-Event-ID resume, and a
// bound on what a client that stops reading may leave buffered (the stream ends; the client resumes with its last id).

import type { ServerResponse } from "node:http";
import type { CursorItem, EventLog } from "./event-log.js";

export interface SseFrame {
  readonly id?: number;
  readonly event?: string;
  /** Written as `data:` lines, split at every line break so a multi-line payload survives the framing. */
  readonly data: string;
}

export interface SseStreamOptions {
  readonly log: EventLog;
  readonly res: ServerResponse;
  /** The stream ends when this aborts (client gone, server shutting down). */
  readonly signal: AbortSignal;
  /** Continue after this id (from `requestedLastEventId`); undefined replays everything retained. */
  readonly lastEventId?: number | undefined;
  /** The reconnection delay suggested to the client, in ms. */
  readonly retryMs?: number;
  /** A comment line this often keeps proxies and clients from timing the connection out, in ms (0: none). */
  readonly heartbeatMs?: number;
  /** When the response's unsent bytes pass this, the stream ends instead of buffering more. */
  readonly maxBufferedBytes?: number;
  /** When the client has not drained the socket for this long, the stream ends (it resumes with Last-Event-ID). */
  readonly stallTimeoutMs?: number;
  /** The event name written when the requested id cannot be continued exactly (its data says why and where). */
  readonly gapEvent?: string;
  /**
   * Instead of the gap event: the current state as frames (without ids) and the id it is current as of, taken in one
   * tick. The stream writes the frames and continues after that id (agentapi's stream, which declares no gap event).
   */
  readonly resync?: () => { readonly frames: readonly SseFrame[]; readonly lastEventId: number };
  /** Frames written first, before any logged event (e.g. a snapshot of the current state); they carry no id. */
  readonly prelude?: readonly SseFrame[];
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Why a stream ended. */
export type SseStreamEnd = "aborted" | "client_closed" | "log_closed" | "backpressure";

export const DEFAULT_RETRY_MS = 1_000;
export const DEFAULT_HEARTBEAT_MS = 15_000;
export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
export const DEFAULT_STALL_TIMEOUT_MS = 30_000;

const LINE_BREAK = /\r\n|\r|\n/;

/** One SSE frame as text: `id:`, `event:`, one `data:` per line, then the blank line that dispatches it. */
export function formatSseFrame(frame: SseFrame): string {
  let text = "";
  if (frame.id !== undefined) text += `id: ${String(frame.id)}\n`;
  // A line break in a field would end it early; event names are ours, but never trust that.
  if (frame.event !== undefined) text += `event: ${frame.event.replace(/[\r\n]/g, " ")}\n`;
  for (const line of frame.data.split(LINE_BREAK)) text += `data: ${line}\n`;
  return `${text}\n`;
}

function frameOf(item: CursorItem, gapEvent: string): SseFrame {
  if (item.kind === "event") return { id: item.event.id, event: item.event.event, data: item.event.json };
  const { reason, requestedAfter, resumesAt } = item;
  return { event: gapEvent, data: JSON.stringify({ reason, requestedAfter, resumesAt: resumesAt ?? null }) };
}

/**
 * Streams `log` to `res` until the signal aborts, the client goes away, the log closes, or the client falls too far
 * behind. Never rejects: every way out resolves with its reason.
 */
export async function streamEventLog(options: SseStreamOptions): Promise<SseStreamEnd> {
  const { log, res, signal } = options;
  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const gapEvent = options.gapEvent ?? "reset";
  const stop = new AbortController();
  let end: SseStreamEnd | undefined;
  const finish = (why: SseStreamEnd): void => {
    end ??= why;
    stop.abort();
  };
  const onAbort = (): void => finish("aborted");
  const onClose = (): void => finish("client_closed");
  signal.addEventListener("abort", onAbort, { once: true });
  res.once("close", onClose);
  if (signal.aborted) finish("aborted");

  /** Writes text unless the client is gone or too far behind; false when the stream must end. */
  const write = (text: string): boolean => {
    if (end !== undefined || res.destroyed) return false;
    res.write(text);
    if (res.writableLength > maxBuffered) {
      finish("backpressure");
      return false;
    }
    return true;
  };

  const stallMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  /** Waits until the socket drained; a client that reads nothing for `stallMs` ends the stream. */
  const drained = (): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        res.off("drain", done);
        stop.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(() => {
        finish("backpressure");
        done();
      }, stallMs);
      res.once("drain", done);
      stop.signal.addEventListener("abort", done, { once: true });
    });

  let cursor = log.cursor(options.lastEventId);
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    if (end === undefined && !res.headersSent) {
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        // Reverse proxies (nginx) would otherwise hold events back in their buffer.
        "x-accel-buffering": "no",
        ...options.headers,
      });
      res.flushHeaders();
    }
    write(`retry: ${String(options.retryMs ?? DEFAULT_RETRY_MS)}\n\n`);
    for (const frame of options.prelude ?? []) write(formatSseFrame(frame));
    if (heartbeatMs > 0) {
      heartbeat = setInterval(() => write(": keep-alive\n\n"), heartbeatMs);
      heartbeat.unref();
    }
    while (end === undefined) {
      // The log is the buffer: take more from it only once the socket took what was written (no growth per client).
      if (res.writableNeedDrain) {
        await drained();
        continue;
      }
      // One item at a time, so a large backlog is written only as fast as the client reads it.
      const [item] = cursor.take(1);
      if (item === undefined) {
        if (cursor.done) {
          finish("log_closed");
          break;
        }
        await cursor.wait(stop.signal);
        continue;
      }
      if (item.kind === "gap" && options.resync !== undefined) {
        // The events the client missed are gone (or were never ours): send what a new subscriber gets, then go on live.
        const state = options.resync();
        cursor.close();
        cursor = log.cursor(state.lastEventId);
        for (const frame of state.frames) write(formatSseFrame(frame));
        continue;
      }
      write(formatSseFrame(frameOf(item, gapEvent)));
    }
  } catch {
    // A write to a socket that died between checks: the client is gone.
    finish("client_closed");
  } finally {
    if (heartbeat !== undefined) clearInterval(heartbeat);
    cursor.close();
    signal.removeEventListener("abort", onAbort);
    res.off("close", onClose);
    // A stalled client's buffered bytes are dropped with the socket; it resumes from the last id it really received.
    if (end === "backpressure") res.destroy();
    else if (!res.writableEnded && !res.destroyed) res.end();
  }
  return end ?? "log_closed";
}
