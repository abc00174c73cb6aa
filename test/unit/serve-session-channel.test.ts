// A served session's channel: turns accepted at once and run in order, their events and status changes logged with
// ids, a turn that cannot run logged as turn_error, and the stream ended when the session closes.

import { describe, expect, it } from "vitest";
import type { LoggedEvent } from "../../cli/serve/event-log.js";
import { type ChannelSession, MAX_QUEUED_TURNS, SessionChannel } from "../../cli/serve/session-channel.js";
import { ElwoodError, type StatusChangeEvent, type TurnEvent, type TurnStream } from "../../src/index.js";

/** A library session stand-in: each turn yields the given events once `release` is called for it. */
function fakeSession() {
  const statusListeners = new Set<(e: StatusChangeEvent) => void>();
  const gates: Array<() => void> = [];
  const prompts: string[] = [];
  const session: ChannelSession = {
    status: "ready",
    on: (_event, listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    stream(prompt): TurnStream {
      prompts.push(prompt);
      const gate = new Promise<void>((resolve) => gates.push(resolve));
      const events: TurnEvent[] = [
        { type: "text", text: `reply to ${prompt}` },
        { type: "result", text: `reply to ${prompt}`, status: "completed", durationMs: 1, turnId: `lib-${prompt}` },
      ];
      const failing = prompt === "fail";
      async function* run(): AsyncGenerator<TurnEvent> {
        await gate;
        if (failing) throw new ElwoodError("session_not_running", "the CLI is gone");
        yield* events;
      }
      const result = Promise.resolve(events[1] as Extract<TurnEvent, { type: "result" }>);
      return { result, [Symbol.asyncIterator]: () => run() };
    },
  };
  return {
    session,
    prompts,
    status: (e: StatusChangeEvent) => {
      for (const l of statusListeners) l(e);
    },
    release: async (n: number) => {
      for (let waited = 0; gates.length <= n && waited < 100; waited++) await new Promise((r) => setImmediate(r));
      gates[n]?.();
    },
    listeners: () => statusListeners.size,
  };
}

const summary = (events: readonly LoggedEvent[]) => events.map((e) => `${String(e.id)} ${e.event} ${JSON.stringify(e.data)}`);
const logged = (channel: SessionChannel): LoggedEvent[] => channel.log.cursor(0).take().flatMap((i) => (i.kind === "event" ? [i.event] : []));

describe("session channel", () => {
  it("accepts turns at once, queues the later ones, runs them in order and logs every event with its turn id", async () => {
    const fake = fakeSession();
    const channel = new SessionChannel(fake.session);
    const one = channel.send({ text: "one" });
    const two = channel.send({ text: "two" });
    expect(one).toEqual({ turnId: "turn-1", queued: false, afterEventId: 0 });
    expect(two).toMatchObject({ turnId: "turn-2", queued: true });
    expect(channel.queuedTurns).toBe(1);
    await fake.release(0);
    await fake.release(1);
    await channel.idle();
    expect(fake.prompts).toEqual(["one", "two"]);
    expect(channel.busy).toBe(false);
    expect(channel.queuedTurns).toBe(0);
    expect(summary(logged(channel))).toEqual([
      '1 turn_started {"turnId":"turn-1","prompt":"one"}',
      '2 turn_queued {"turnId":"turn-2","position":1}',
      '3 text {"type":"text","text":"reply to one","turnId":"turn-1"}',
      '4 result {"type":"result","text":"reply to one","status":"completed","durationMs":1,"turnId":"turn-1","submissionId":"lib-one"}',
      '5 turn_started {"turnId":"turn-2","prompt":"two"}',
      '6 text {"type":"text","text":"reply to two","turnId":"turn-2"}',
      '7 result {"type":"result","text":"reply to two","status":"completed","durationMs":1,"turnId":"turn-2","submissionId":"lib-two"}',
    ]);
  });

  it("a turn that breaks off is logged as turn_error with the library's code, and the next turn still runs", async () => {
    const fake = fakeSession();
    const channel = new SessionChannel(fake.session);
    channel.send({ text: "fail" });
    channel.send({ text: "after" });
    await fake.release(0);
    await fake.release(1);
    await channel.idle();
    const events = logged(channel);
    expect(events.find((e) => e.event === "turn_error")?.data).toEqual({ turnId: "turn-1", code: "session_not_running", message: "the CLI is gone" });
    expect(events.at(-1)).toMatchObject({ event: "result", data: { turnId: "turn-2", status: "completed" } });
  });

  it("logs the session's status changes, and on close says why, stops listening and closes the log", () => {
    const fake = fakeSession();
    const channel = new SessionChannel(fake.session);
    fake.status({ status: "running", previous: "ready" });
    channel.close("deleted");
    fake.status({ status: "ready", previous: "running" });
    expect(summary(logged(channel))).toEqual(['1 status_change {"status":"running","previous":"ready"}', '2 session_ended {"reason":"deleted"}']);
    expect(fake.listeners()).toBe(0);
    expect(channel.log.isClosed).toBe(true);
  });

  it("closing drops the queued turns: none reaches the CLI, each gets a turn_error session_closed before session_ended (review A)", async () => {
    const fake = fakeSession();
    const channel = new SessionChannel(fake.session);
    channel.send({ text: "A" });
    channel.send({ text: "B" });
    channel.send({ text: "C" });
    // A is running (its stream was asked for); B and C wait behind it.
    for (let n = 0; n < 100 && fake.prompts.length === 0; n++) await new Promise((r) => setImmediate(r));
    channel.close("deleted");
    await fake.release(0);
    await channel.idle();
    expect(fake.prompts).toEqual(["A"]);
    expect(channel.busy).toBe(false);
    expect(logged(channel).map((e) => `${e.event} ${JSON.stringify(e.data)}`).slice(-3)).toEqual([
      'turn_error {"turnId":"turn-2","code":"session_closed","message":"the session closed before this turn started"}',
      'turn_error {"turnId":"turn-3","code":"session_closed","message":"the session closed before this turn started"}',
      'session_ended {"reason":"deleted"}',
    ]);
    expect(() => channel.send({ text: "late" })).toThrow(expect.objectContaining({ status: 409, code: "session_closing" }));
  });

  it(`refuses a turn past ${MAX_QUEUED_TURNS} waiting ones with 429 queue_full, as agentapi's side does (review F)`, () => {
    const fake = fakeSession();
    const channel = new SessionChannel(fake.session);
    channel.send({ text: "running" });
    for (let n = 0; n < MAX_QUEUED_TURNS; n++) channel.send({ text: `q${String(n)}` });
    expect(channel.queuedTurns).toBe(MAX_QUEUED_TURNS);
    expect(() => channel.send({ text: "one too many" })).toThrow(expect.objectContaining({ status: 429, code: "queue_full" }));
    expect(channel.queuedTurns).toBe(MAX_QUEUED_TURNS);
    channel.close("deleted");
  });
});
