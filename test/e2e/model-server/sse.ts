// One server-sent-events response: writes events, sleeps abortably, and notices when the client hangs up.
import type { ServerResponse } from "node:http";

/**
 * Wraps a streaming HTTP response. A client abort is detected with res 'close' while the response is not
 * yet ended (req 'close' fires as soon as the body was read, so it cannot be used). On abort every pending
 * sleep resolves at once and its timer is cleared, so no stream keeps writing into a dead socket.
 */
export class SseStream {
  readonly #res: ServerResponse;
  readonly #timers = new Map<NodeJS.Timeout, () => void>();
  #aborted = false;
  readonly #abortListeners: Array<() => void> = [];

  constructor(res: ServerResponse) {
    this.#res = res;
    res.on("close", () => {
      if (!res.writableEnded) {
        this.#aborted = true;
        this.#abortListeners.forEach((fn) => fn());
      }
      this.cancel();
    });
  }

  /** True once the client closed the connection before the stream finished. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** True while events can still be written. */
  get open(): boolean {
    return !this.#aborted && !this.#res.writableEnded && !this.#res.destroyed;
  }

  onAbort(fn: () => void): void {
    this.#abortListeners.push(fn);
  }

  begin(): void {
    this.#res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    this.#res.flushHeaders();
  }

  /** Writes `event: <name>` with a JSON data line; silently drops the event when the stream is closed. */
  event(name: string, data: unknown): void {
    if (!this.open) return;
    this.#res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Writes a bare `data:` line (the Chat Completions framing: no event names); dropped when the stream is closed. */
  data(payload: unknown): void {
    if (!this.open) return;
    this.#res.write(`data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}\n\n`);
  }

  /** Waits ms, or less if the stream is aborted or cancelled meanwhile. */
  sleep(ms: number): Promise<void> {
    if (!this.open || ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.set(timer, resolve);
    });
  }

  /** Waits until the client goes away (or the server cancels the stream). */
  async untilClosed(): Promise<void> {
    while (this.open) await this.sleep(60_000);
  }

  end(): void {
    if (!this.#res.writableEnded) this.#res.end();
  }

  /** Stops all pending sleeps (server shutdown or abort); callers see `open === false` afterwards. */
  cancel(): void {
    for (const [timer, resolve] of this.#timers) {
      clearTimeout(timer);
      resolve();
    }
    this.#timers.clear();
  }

  /** Hard stop used by server shutdown: cancel timers and destroy the socket. */
  destroy(): void {
    this.cancel();
    this.#res.destroy();
  }
}
