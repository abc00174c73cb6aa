// An append-only, bounded log of one session's server events, with cursors that replay from an id and then follow live.
// A cursor reads the log itself (it holds no copy), so replay and live delivery are one sequence: nothing appended
// during a replay can be skipped or delivered twice, and a slow reader costs no memory beyond the log's own bound.

/** One event as it was appended: its id, name and data, with the data's JSON already serialised (SSE writes it as is). */
export interface LoggedEvent {
  /** Strictly increasing within the log, one more than the previous event's; never reused while the log lives. */
  readonly id: number;
  readonly event: string;
  readonly data: unknown;
  readonly json: string;
  /** UTF-8 size of `json`, what retention counts. */
  readonly bytes: number;
}

/** Why a cursor could not continue exactly after the id it was asked for. */
export type EventGapReason = "evicted" | "unknown_id";

/** What a cursor yields: an event, or first (at most once) the signal that the events it asked for are not all there. */
export type CursorItem =
  | { readonly kind: "event"; readonly event: LoggedEvent }
  | {
      readonly kind: "gap";
      readonly reason: EventGapReason;
      /** The id the reader asked to continue after. */
      readonly requestedAfter: number;
      /** The id of the first event that follows (undefined when the log holds none yet). */
      readonly resumesAt: number | undefined;
    };

export interface EventLogOptions {
  /** Most events kept (the oldest are evicted first); at least 1. */
  readonly maxEvents?: number;
  /** Most bytes of serialised data kept; the newest event is always kept, whatever its size. */
  readonly maxBytes?: number;
  /** The first id handed out (default 1), so 0 can mean "before everything". */
  readonly firstId?: number;
}

export const DEFAULT_MAX_EVENTS = 10_000;

/**
 * The first event id of every log the server keeps, fixed per process: microseconds since the epoch at start. A later
 * process starts above every id an earlier one could have handed out (that would take a thousand events a
 * millisecond), so a client reconnecting after a restart with an old Last-Event-ID gets `unknown_id`, never a silent
 * resume in the middle of a new log. It stays a safe integer until the year 2255.
 */
export const PROCESS_FIRST_EVENT_ID = Date.now() * 1000;
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export class EventLog {
  private readonly events: LoggedEvent[] = [];
  /** Index in `events` of the oldest retained event (evicted slots are dropped in batches, not one shift per event). */
  private head = 0;
  private retainedBytes = 0;
  private nextId: number;
  /** The first id this log handed out (or will): anything before it was never this log's. */
  readonly firstId: number;
  private closed = false;
  private readonly waiters = new Set<() => void>();
  private readonly maxEvents: number;
  private readonly maxBytes: number;

  constructor(options: EventLogOptions = {}) {
    this.maxEvents = Math.max(1, Math.floor(options.maxEvents ?? DEFAULT_MAX_EVENTS));
    this.maxBytes = Math.max(0, options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.firstId = Math.max(1, Math.floor(options.firstId ?? 1));
    this.nextId = this.firstId;
  }

  /** The id the next appended event will get minus one: every id so far is ≤ this (firstId − 1 when empty). */
  get lastId(): number {
    return this.nextId - 1;
  }

  /** The oldest id still retained, or undefined when nothing is. */
  get firstRetainedId(): number | undefined {
    return this.events[this.head]?.id;
  }

  get size(): number {
    return this.events.length - this.head;
  }

  get bytes(): number {
    return this.retainedBytes;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Appends one event and wakes every waiting cursor; returns it, or undefined once the log is closed. */
  append(event: string, data: unknown): LoggedEvent | undefined {
    if (this.closed) return undefined;
    const json = JSON.stringify(data) ?? "null";
    const logged: LoggedEvent = { id: this.nextId++, event, data, json, bytes: Buffer.byteLength(json) };
    this.events.push(logged);
    this.retainedBytes += logged.bytes;
    this.evict();
    this.wake();
    return logged;
  }

  /** No more events: cursors deliver what is retained and then end. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.wake();
  }

  /**
   * A reader that continues after `afterId` (undefined: from the oldest retained event). When events after
   * `afterId` were evicted, or `afterId` is not an id this log handed out, its first item says so.
   */
  cursor(afterId?: number): EventCursor {
    return new EventCursor(this, afterId);
  }

  /** @internal The retained events with id > `afterId`, oldest first. */
  readAfter(afterId: number, max: number): LoggedEvent[] {
    const first = this.firstRetainedId;
    if (first === undefined || afterId >= this.lastId) return [];
    const start = this.head + Math.max(0, afterId + 1 - first);
    return this.events.slice(start, start + max);
  }

  /** @internal Resolves on the next append or close. */
  waitForAppend(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.waiters.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      if (this.closed || signal?.aborted === true) return resolve();
      this.waiters.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private evict(): void {
    while (this.size > 1 && (this.size > this.maxEvents || this.retainedBytes > this.maxBytes)) {
      const oldest = this.events[this.head++];
      if (oldest !== undefined) this.retainedBytes -= oldest.bytes;
    }
    // Drop the evicted prefix once it is as long as what is kept, so the array stays within twice the bound.
    if (this.head > 0 && this.head >= this.size) {
      this.events.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** A position in one log: `take` returns what is there after it, `wait` resolves when more may be. */
export class EventCursor {
  private position: number;
  private pendingGap: CursorItem | undefined;
  private ended = false;

  constructor(
    private readonly log: EventLog,
    afterId: number | undefined,
  ) {
    const first = log.firstRetainedId;
    const before = first === undefined ? log.lastId : first - 1;
    if (afterId === undefined) {
      this.position = before;
    } else if (!Number.isSafeInteger(afterId) || afterId < log.firstId - 1 || afterId > log.lastId) {
      // Before the log's first id (another process's, or garbage) or after its last: not an id this log handed out.
      this.position = before;
      this.pendingGap = { kind: "gap", reason: "unknown_id", requestedAfter: afterId, resumesAt: first };
    } else if (afterId < before) {
      this.position = before;
      this.pendingGap = { kind: "gap", reason: "evicted", requestedAfter: afterId, resumesAt: first };
    } else {
      this.position = afterId;
    }
  }

  /** The id of the last event this cursor yielded (or the position it started after). */
  get lastDeliveredId(): number {
    return this.position;
  }

  /** True once the cursor was closed, or the log is closed and everything retained was taken. */
  get done(): boolean {
    return this.ended || (this.log.isClosed && this.pendingGap === undefined && this.position >= this.log.lastId);
  }

  /** Everything available now, in order, at most `max` items; empty when caught up. Never waits. */
  take(max = Number.POSITIVE_INFINITY): CursorItem[] {
    if (this.ended) return [];
    const items: CursorItem[] = [];
    const first = this.log.firstRetainedId;
    // The reader fell behind retention since its last take: say so instead of skipping silently.
    if (this.pendingGap === undefined && first !== undefined && this.position < first - 1) {
      this.pendingGap = { kind: "gap", reason: "evicted", requestedAfter: this.position, resumesAt: first };
      this.position = first - 1;
    }
    if (this.pendingGap !== undefined && max > 0) {
      items.push(this.pendingGap);
      this.pendingGap = undefined;
    }
    for (const event of this.log.readAfter(this.position, Math.max(0, max - items.length))) {
      items.push({ kind: "event", event });
      this.position = event.id;
    }
    return items;
  }

  /** Resolves when `take` may return something new, the log closes, or `signal` aborts. */
  wait(signal?: AbortSignal): Promise<void> {
    if (this.ended || this.pendingGap !== undefined || this.position < this.log.lastId) return Promise.resolve();
    return this.log.waitForAppend(signal);
  }

  close(): void {
    this.ended = true;
  }

  /** Yields items until the log closes (after its last event), the cursor is closed, or `signal` aborts. */
  async *items(signal?: AbortSignal): AsyncGenerator<CursorItem, void, undefined> {
    while (!this.done && signal?.aborted !== true) {
      const items = this.take();
      if (items.length === 0) {
        await this.wait(signal);
        continue;
      }
      yield* items;
    }
  }
}

/** The id a client asks to resume after: the `Last-Event-ID` header, else `?lastEventId=`; undefined when absent. */
export function requestedLastEventId(header: string | string[] | undefined, query: URLSearchParams): number | undefined {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query.get("lastEventId") ?? undefined;
  if (raw === undefined || raw.trim() === "") return undefined;
  // Anything but a plain decimal integer is an id this server never sent: the cursor reports it as unknown.
  // Up to 16 digits: ids start at a per-process base near 2e15; a value past the safe integers is unknown too.
  return /^\s*\d{1,16}\s*$/.test(raw) ? Number(raw) : -1;
}
