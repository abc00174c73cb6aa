// The per-session event log of `elwood serve`: ids, bounded retention, and replay-then-follow without gap or duplicate.

import { describe, expect, it } from "vitest";
import { type CursorItem, EventLog, PROCESS_FIRST_EVENT_ID, requestedLastEventId } from "../../cli/serve/event-log.js";
import { prng } from "../support/prng.js";

const ids = (items: readonly CursorItem[]): number[] => items.flatMap((i) => (i.kind === "event" ? [i.event.id] : []));

describe("event log", () => {
  it("hands out strictly increasing ids, one apart, and never reuses one after eviction", () => {
    const log = new EventLog({ maxEvents: 3 });
    const appended = Array.from({ length: 10 }, (_, n) => log.append("tick", { n })?.id);
    expect(appended).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.size).toBe(3);
    expect(log.firstRetainedId).toBe(8);
    expect(log.lastId).toBe(10);
    expect(log.append("tick", {})?.id).toBe(11);
  });

  it("bounds retention by bytes, always keeping the newest event", () => {
    const log = new EventLog({ maxEvents: 100, maxBytes: 50 });
    for (let n = 0; n < 20; n++) log.append("text", { text: "0123456789" });
    expect(log.bytes).toBeLessThanOrEqual(50);
    expect(log.size).toBeGreaterThan(0);
    // Bytes are UTF-8 bytes, not characters: 20 three-byte characters pass a 50-byte bound.
    const wide = new EventLog({ maxBytes: 50 });
    wide.append("text", "€".repeat(20));
    wide.append("text", "a");
    expect(wide.size).toBe(1);
    log.append("big", { text: "x".repeat(500) });
    expect(log.size).toBe(1);
    expect(log.firstRetainedId).toBe(21);
  });

  it("replays what follows the requested id, then the live events", () => {
    const log = new EventLog();
    for (let n = 0; n < 5; n++) log.append("e", n);
    const cursor = log.cursor(2);
    expect(ids(cursor.take())).toEqual([3, 4, 5]);
    expect(cursor.take()).toEqual([]);
    log.append("e", 5);
    expect(ids(cursor.take())).toEqual([6]);
    expect(cursor.lastDeliveredId).toBe(6);
  });

  it("without an id replays everything retained; at the last id it waits for the next", async () => {
    const log = new EventLog();
    log.append("e", 1);
    log.append("e", 2);
    expect(ids(log.cursor().take())).toEqual([1, 2]);
    const atEnd = log.cursor(2);
    expect(atEnd.take()).toEqual([]);
    const woke = atEnd.wait();
    log.append("e", 3);
    await woke;
    expect(ids(atEnd.take())).toEqual([3]);
  });

  it("signals a gap, never skips silently, when the requested id was evicted", () => {
    const log = new EventLog({ maxEvents: 3 });
    for (let n = 0; n < 6; n++) log.append("e", n);
    const items = log.cursor(1).take();
    expect(items[0]).toEqual({ kind: "gap", reason: "evicted", requestedAfter: 1, resumesAt: 4 });
    expect(ids(items)).toEqual([4, 5, 6]);
  });

  it("signals an unknown id (from the future, negative, or not a number) and replays what is retained", () => {
    const log = new EventLog();
    log.append("e", 0);
    for (const asked of [99, -1]) {
      const items = log.cursor(asked).take();
      expect(items[0]).toMatchObject({ kind: "gap", reason: "unknown_id", requestedAfter: asked, resumesAt: 1 });
      expect(ids(items)).toEqual([1]);
    }
    expect(requestedLastEventId("abc", new URLSearchParams())).toBe(-1);
    expect(requestedLastEventId(undefined, new URLSearchParams("lastEventId=7"))).toBe(7);
    expect(requestedLastEventId("3", new URLSearchParams("lastEventId=7"))).toBe(3);
    expect(requestedLastEventId(undefined, new URLSearchParams())).toBeUndefined();
  });

  it("a reader that falls behind retention while following gets a gap item, then continues", () => {
    const log = new EventLog({ maxEvents: 2 });
    log.append("e", 1);
    const cursor = log.cursor();
    expect(ids(cursor.take())).toEqual([1]);
    for (let n = 0; n < 5; n++) log.append("e", n);
    const items = cursor.take();
    expect(items[0]).toEqual({ kind: "gap", reason: "evicted", requestedAfter: 1, resumesAt: 5 });
    expect(ids(items)).toEqual([5, 6]);
  });

  it("a closed log ends its cursors after their last event and accepts nothing more", async () => {
    const log = new EventLog();
    log.append("e", 1);
    const cursor = log.cursor(0);
    const waiting = log.cursor(1);
    const woke = waiting.wait();
    log.close();
    await woke;
    expect(log.append("e", 2)).toBeUndefined();
    const seen: number[] = [];
    for await (const item of cursor.items()) if (item.kind === "event") seen.push(item.event.id);
    expect(seen).toEqual([1]);
    expect(waiting.done).toBe(true);
  });

  it("replay and live delivery interleaved at random yield every id exactly once, in order", async () => {
    const random = prng(20);
    for (let round = 0; round < 50; round++) {
      const log = new EventLog({ maxEvents: 10_000 });
      const before = Math.floor(random() * 30);
      for (let n = 0; n < before; n++) log.append("e", n);
      const after = Math.floor(random() * before);
      const cursor = log.cursor(after);
      const seen: number[] = [];
      const reader = (async () => {
        for await (const item of cursor.items()) {
          if (item.kind === "event") seen.push(item.event.id);
          // A slow consumer: events keep arriving while it is still replaying.
          if (random() < 0.3) await new Promise((r) => setImmediate(r));
        }
      })();
      const live = 1 + Math.floor(random() * 40);
      for (let n = 0; n < live; n++) {
        log.append("e", n);
        if (random() < 0.5) await new Promise((r) => setImmediate(r));
      }
      log.close();
      await reader;
      expect(seen).toEqual(Array.from({ length: before + live - after }, (_, i) => after + 1 + i));
    }
  });

  it("review D: ids start at a per-process base, so an id from an earlier server process is unknown, never a silent resume mid-log", () => {
    expect(Number.isSafeInteger(PROCESS_FIRST_EVENT_ID)).toBe(true);
    // Microseconds at start: a process started a second later starts a million ids higher.
    expect(PROCESS_FIRST_EVENT_ID).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1) * 1000);
    const earlier = new EventLog({ firstId: PROCESS_FIRST_EVENT_ID - 1_000_000 });
    for (let n = 0; n < 5; n++) earlier.append("e", n);
    const now = new EventLog({ firstId: PROCESS_FIRST_EVENT_ID });
    for (let n = 0; n < 5; n++) now.append("e", n);
    const stale = earlier.lastId;
    const items = now.cursor(requestedLastEventId(String(stale), new URLSearchParams())).take();
    expect(items[0]).toMatchObject({ kind: "gap", reason: "unknown_id", requestedAfter: stale, resumesAt: PROCESS_FIRST_EVENT_ID });
    expect(ids(items)).toHaveLength(5);
    // "Before everything" of this log is still a valid place to resume from; a 17-digit id is unknown.
    expect(now.cursor(PROCESS_FIRST_EVENT_ID - 1).take()[0]).toMatchObject({ kind: "event" });
    expect(requestedLastEventId(String(PROCESS_FIRST_EVENT_ID + 3), new URLSearchParams())).toBe(PROCESS_FIRST_EVENT_ID + 3);
    expect(requestedLastEventId("12345678901234567", new URLSearchParams())).toBe(-1);
  });
});
