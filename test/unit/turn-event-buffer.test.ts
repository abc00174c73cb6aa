// Unit: the bounded buffer between a turn and its consumer (issue 17: bounded buffering policy, early break).
import { describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import type { TurnEvent } from "../../src/contracts/turn-events.js";
import { TurnEventBuffer } from "../../src/conversation/turn-event-buffer.js";

const text = (t: string): TurnEvent => ({ type: "text", text: t });

describe("TurnEventBuffer", () => {
  it("delivers events in order, then ends (issue 17: stream order)", async () => {
    const buffer = new TurnEventBuffer({ maxEvents: 10, maxBytes: 10_000 });
    buffer.push(text("a"));
    const pending = buffer.next();
    buffer.push(text("b"));
    buffer.end();
    const got: TurnEvent[] = [];
    for await (const e of buffer) got.push(e);
    expect((await pending).value).toEqual(text("a"));
    expect(got).toEqual([text("b")]);
  });

  it("a slow consumer past the count cap gets wait_timeout with the caps and the buffer holds nothing (issue 17: bounded buffering, B §5.7)", async () => {
    const buffer = new TurnEventBuffer({ maxEvents: 3, maxBytes: 1_000_000 });
    for (let i = 0; i < 10; i++) buffer.push(text(String(i)));
    expect(buffer.size).toBe(0);
    const error = await buffer.next().catch((e: unknown) => e);
    expect(isElwoodError(error, "wait_timeout")).toBe(true);
    expect(error).toMatchObject({ details: { maxEvents: 3, maxBytes: 1_000_000 } });
    expect(await buffer.next()).toEqual({ value: undefined, done: true });
  });

  it("the byte cap bounds memory even with few events (issue 17: bounded buffering)", async () => {
    const buffer = new TurnEventBuffer({ maxEvents: 1000, maxBytes: 1024 });
    buffer.push(text("x".repeat(400)));
    expect(buffer.size).toBe(1);
    buffer.push(text("x".repeat(400)));
    expect(buffer.size).toBe(0);
    await expect(buffer.next()).rejects.toMatchObject({ name: "wait_timeout", details: { maxBytes: 1024 } });
  });

  it("a consumer that breaks early detaches: later events are discarded, not kept (issue 17: early break leaks nothing)", async () => {
    const buffer = new TurnEventBuffer({ maxEvents: 3, maxBytes: 1_000_000 });
    buffer.push(text("first"));
    for await (const e of buffer) {
      expect(e).toEqual(text("first"));
      break;
    }
    for (let i = 0; i < 100; i++) buffer.push(text(String(i)));
    expect(buffer.size).toBe(0);
    expect(await buffer.next()).toEqual({ value: undefined, done: true });
  });

  it("a failure reaches the consumer after the events already queued (issue 17: kill mid-stream)", async () => {
    const buffer = new TurnEventBuffer({ maxEvents: 10, maxBytes: 10_000 });
    buffer.push(text("before"));
    buffer.fail(new (await import("../../src/contracts/errors.js")).ElwoodError("session_not_running", "gone"));
    expect((await buffer.next()).value).toEqual(text("before"));
    await expect(buffer.next()).rejects.toMatchObject({ name: "session_not_running" });
  });
});
