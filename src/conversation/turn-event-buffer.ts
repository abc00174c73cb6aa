// The bounded queue between a running turn and its consumer: an async iterator over TurnEvents with count and byte caps.

import { ElwoodError } from "../contracts/errors.js";
import type { TurnEvent } from "../contracts/turn-events.js";

/** Defaults of the buffering caps (per stream); the byte cap is the real memory bound. */
export const DEFAULT_MAX_BUFFERED_EVENTS = 10_000;
export const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface BufferCaps {
  readonly maxEvents: number;
  readonly maxBytes: number;
}

/** What an event costs against the byte cap: its text-bearing fields, as UTF-16 code units × 2. */
export function eventBytes(event: TurnEvent): number {
  switch (event.type) {
    case "text":
    case "thinking":
      return event.text.length * 2;
    case "tool_call":
      return (event.name.length + safeLength(event.input)) * 2;
    case "tool_result":
      return (event.name.length + event.output.length) * 2;
    case "warning":
      return (event.message.length + event.raw.length) * 2;
    case "result":
      return event.text.length * 2;
    default:
      return 64;
  }
}

function safeLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Policy: events wait here until the consumer reads them. When the unread events exceed either cap, the buffer
 * drops them all, keeps nothing more, and the consumer's next read rejects `wait_timeout` (the spec's code for an unconsumed-event cap); the turn itself runs on
 * to its boundary. A consumer that stops early (break / return) detaches: later events are discarded on arrival.
 */
export class TurnEventBuffer implements AsyncIterableIterator<TurnEvent> {
  private readonly queue: TurnEvent[] = [];
  private bytes = 0;
  private ended = false;
  private failure: ElwoodError | undefined;
  private detached = false;
  private waiter: { resolve: (r: IteratorResult<TurnEvent>) => void; reject: (e: unknown) => void } | undefined;

  constructor(private readonly caps: BufferCaps) {}

  push(event: TurnEvent): void {
    if (this.detached || this.ended || this.failure) return;
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter.resolve({ value: event, done: false });
      return;
    }
    this.queue.push(event);
    this.bytes += eventBytes(event);
    if (this.queue.length > this.caps.maxEvents || this.bytes > this.caps.maxBytes) {
      this.queue.length = 0;
      this.bytes = 0;
      this.failure = new ElwoodError("wait_timeout", "the stream's consumer fell behind: unread events exceeded the buffer cap", {
        maxEvents: this.caps.maxEvents,
        maxBytes: this.caps.maxBytes,
      });
    }
  }

  /** No more events: the consumer reads what is queued, then the iteration ends. */
  end(): void {
    this.ended = true;
    this.settleWaiter();
  }

  /** The turn failed: the consumer reads what is queued, then its next read rejects with `error`. */
  fail(error: ElwoodError): void {
    if (this.ended || this.failure) return;
    this.failure = error;
    this.settleWaiter();
  }

  /** How many events wait unread (for tests and diagnostics). */
  get size(): number {
    return this.queue.length;
  }

  next(): Promise<IteratorResult<TurnEvent>> {
    const event = this.queue.shift();
    if (event !== undefined) {
      this.bytes -= eventBytes(event);
      return Promise.resolve({ value: event, done: false });
    }
    if (this.failure && !this.detached) {
      this.detached = true;
      return Promise.reject(this.failure);
    }
    if (this.ended || this.detached) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  return(): Promise<IteratorResult<TurnEvent>> {
    this.detached = true;
    this.queue.length = 0;
    this.bytes = 0;
    this.settleWaiter();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private settleWaiter(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = undefined;
    if (this.failure && !this.detached) {
      this.detached = true;
      waiter.reject(this.failure);
    } else waiter.resolve({ value: undefined, done: true });
  }
}
