// Unit tests for TurnRun (one send/stream turn) against a fake session at the unit edge: how a prompt with no acceptance is replayed.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EMPTY_FACTS, type ScreenFacts } from "../../src/contracts/screen-facts.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import type { TranscriptItem } from "../../src/contracts/turn-events.js";
import type { TurnHookReader } from "../../src/contracts/turn-hooks.js";
import type { AgentSession } from "../../src/session-api.js";
import { TypedEmitter } from "../../src/typed-emitter.js";
import type { FeedBatch, TranscriptFeed } from "../../src/conversation/transcript-feed.js";
import { TurnEventBuffer } from "../../src/conversation/turn-event-buffer.js";
import { ACCEPTANCE_WINDOW_MS, TurnRun } from "../../src/conversation/turn-run.js";
import { composerReader } from "../../src/conversation/composer-state.js";

const PROMPT = "message number 19";

/** Claude's turn hooks as the real reader reports them (acceptance with the prompt, Stop with the last message). */
const readHook: TurnHookReader = (name, payload) => {
  if (name === "UserPromptSubmit") return { kind: "accepted", prompt: String(payload["prompt"]) };
  if (name === "Stop") return { kind: "boundary", expected: String(payload["last_assistant_message"] ?? "") };
  return undefined;
};

type SessionEvents = {
  status: { status: SessionStatus; previous: SessionStatus };
  hook: { name: string; payload: Record<string, unknown> };
  activity: { kind: string; label?: string };
  warning: { code: string; message: string };
};

/** The unit edge: a session whose status, hooks and screen the test sets, recording what the turn submits and types. */
function fakeSession() {
  const emitter = new TypedEmitter<SessionEvents>();
  const state = { status: "ready" as SessionStatus, facts: { ...EMPTY_FACTS, composer: true } as ScreenFacts };
  const sent: string[] = [];
  const keys: string[] = [];
  const session = {
    get status() {
      return state.status;
    },
    on: (event: keyof SessionEvents, listener: (payload: SessionEvents[keyof SessionEvents]) => void) => emitter.on(event, listener),
    sendMessage: (text: string) => {
      sent.push(text);
      return Promise.resolve(`turn-${sent.length}`);
    },
    sendKeys: (input: string) => {
      keys.push(input);
      return Promise.resolve();
    },
    terminal: { settled: () => Promise.resolve(), snapshot: () => ({}) },
  } as unknown as AgentSession;
  return {
    session,
    sent,
    keys,
    screen(facts: Partial<ScreenFacts>) {
      state.facts = { ...EMPTY_FACTS, composer: true, ...facts };
    },
    readScreen: () => state.facts,
    status(to: SessionStatus) {
      const previous = state.status;
      state.status = to;
      emitter.emit("status", { status: to, previous });
    },
    hook(name: string, payload: Record<string, unknown>) {
      emitter.emit("hook", { name, payload });
    },
  };
}

function startTurn(fake: ReturnType<typeof fakeSession>) {
  const feed = { events: new TypedEmitter<{ items: FeedBatch; dropped: { cause: string } }>() };
  const run = new TurnRun(
    { session: fake.session, feed: feed as unknown as TranscriptFeed, readHook, readComposer: composerReader(fake.readScreen) },
    PROMPT,
    {},
    new TurnEventBuffer({ maxEvents: 100, maxBytes: 1 << 20 }),
  );
  run.start();
  const items = (...list: TranscriptItem[]) => feed.events.emit("items", { items: list, readAt: Date.now() });
  return { run, items };
}

/** The submission was entered, the CLI never showed it took it, and the session is `ready` again. */
async function enteredThenReadyWithoutAcceptance(fake: ReturnType<typeof fakeSession>): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  fake.status("running");
  fake.status("ready");
  await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS + 10);
}

describe("TurnRun replay of an unaccepted prompt", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17: 50 sends — the first paste still staged in the composer (its Enter was lost) gets an Enter, never a second paste", async () => {
    const fake = fakeSession();
    const { run, items } = startTurn(fake);
    fake.screen({ composerText: PROMPT });
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual(["\r"]);
    // The Enter submits the staged text once: the turn then runs and completes with its own reply.
    fake.screen({});
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });

  it("issue 17: positive acceptance — a swallowed paste (idle empty composer) is pasted again, at most twice, then wait_timeout", async () => {
    const fake = fakeSession();
    const { run } = startTurn(fake);
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toEqual([PROMPT, PROMPT]);
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toEqual([PROMPT, PROMPT, PROMPT]);
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toHaveLength(3);
    expect(fake.keys).toEqual([]);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout" });
  });

  it("issue 17: a composer holding some other draft is never appended to: the turn fails with wait_timeout instead", async () => {
    const fake = fakeSession();
    const { run } = startTurn(fake);
    fake.screen({ composerText: "a draft typed by someone else" });
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual([]);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout" });
  });

  it("issue 17: while the screen still shows the CLI at work, nothing is replayed yet", async () => {
    const fake = fakeSession();
    startTurn(fake);
    fake.screen({ working: true });
    await enteredThenReadyWithoutAcceptance(fake);
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual([]);
    fake.screen({});
    await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS + 10);
    expect(fake.sent).toEqual([PROMPT, PROMPT]);
  });
});
