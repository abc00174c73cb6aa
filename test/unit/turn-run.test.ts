// Unit tests for TurnRun (one send/stream turn) against a fake session at the unit edge: a prompt with no acceptance is
// never entered again by the turn (the submission machine owns recovery), and fails instead of a false success.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionStatus, WarningEvent } from "../../src/contracts/public-types.js";
import type { TranscriptItem } from "../../src/contracts/turn-events.js";
import type { TurnHookReader } from "../../src/contracts/turn-hooks.js";
import type { AgentSession } from "../../src/session-api.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { submissionOutcome } from "../../src/submission-outcomes.js";
import { TypedEmitter } from "../../src/typed-emitter.js";
import type { FeedBatch, TranscriptFeed } from "../../src/conversation/transcript-feed.js";
import { TurnEventBuffer } from "../../src/conversation/turn-event-buffer.js";
import { ACCEPTANCE_WINDOW_MS, DEFAULT_CATCH_UP_MS, QUIET_WINDOW_MS, TurnRun } from "../../src/conversation/turn-run.js";

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
  warning: WarningEvent;
};

/** The unit edge: a session whose status, hooks and screen the test sets, recording what the turn submits and types. */
function fakeSession(initial: SessionStatus = "ready") {
  const emitter = new TypedEmitter<SessionEvents>();
  const state = { status: initial };
  const submission = { hold: false, release: (): void => {} };
  const sent: string[] = [];
  const keys: string[] = [];
  const session = {
    get status() {
      return state.status;
    },
    on: (event: keyof SessionEvents, listener: (payload: SessionEvents[keyof SessionEvents]) => void) => emitter.on(event, listener),
    sendMessage: (text: string) => {
      sent.push(text);
      const id = `turn-${sent.length}`;
      if (!submission.hold) return Promise.resolve(id);
      return new Promise<string>((resolve) => (submission.release = () => resolve(id)));
    },
    sendKeys: (input: string) => {
      keys.push(input);
      return Promise.resolve();
    },
  } as unknown as AgentSession;
  return {
    session,
    sent,
    keys,
    submission,
    status(to: SessionStatus) {
      const previous = state.status;
      state.status = to;
      emitter.emit("status", { status: to, previous });
    },
    hook(name: string, payload: Record<string, unknown>) {
      emitter.emit("hook", { name, payload });
    },
    warning(w: WarningEvent) {
      emitter.emit("warning", w);
    },
  };
}

function startTurn(fake: ReturnType<typeof fakeSession>) {
  const feed = { events: new TypedEmitter<{ items: FeedBatch; dropped: { cause: string } }>() };
  const buffer = new TurnEventBuffer({ maxEvents: 100, maxBytes: 1 << 20 });
  const run = new TurnRun({ session: fake.session, feed: feed as unknown as TranscriptFeed, readHook }, PROMPT, {}, buffer);
  run.start();
  const items = (...list: TranscriptItem[]) => feed.events.emit("items", { items: list, readAt: Date.now() });
  return { run, items, buffer };
}

/** A turn whose prompt was entered and whose acceptance hook arrived, with the agent running. */
async function acceptedTurn() {
  const fake = fakeSession();
  const turn = startTurn(fake);
  await vi.advanceTimersByTimeAsync(0);
  fake.status("running");
  fake.hook("UserPromptSubmit", { prompt: PROMPT });
  return { fake, ...turn };
}

/** The submission was entered, the CLI never showed it took it, and the session is `ready` again. */
async function enteredThenReadyWithoutAcceptance(fake: ReturnType<typeof fakeSession>): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  fake.status("running");
  fake.status("ready");
  await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS + 10);
}

describe("TurnRun with an unaccepted prompt", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 (positive acceptance, C-API-19): ready with no sign the CLI took the prompt fails wait_timeout; the turn itself never pastes or types again", async () => {
    const fake = fakeSession();
    const { run } = startTurn(fake);
    await enteredThenReadyWithoutAcceptance(fake);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout" });
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual([]);
  });

  it("issue 17: acceptance arriving within the window (the hook, then the transcript) completes the turn with its own reply", async () => {
    const fake = fakeSession();
    const { run, items } = startTurn(fake);
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.status("ready");
    await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS - 500);
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual([]);
  });

  it("issue 17: another prompt's acceptance is not ours: the turn still fails rather than take a foreign reply", async () => {
    const fake = fakeSession();
    const { run } = startTurn(fake);
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: "message number 18" });
    fake.status("ready");
    await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS + 10);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout" });
    expect(fake.sent).toEqual([PROMPT]);
  });
});

/** The session also reports when each submission's recovery (Enters, replays) is over, as AgentSession does. */
function withOutcome(fake: ReturnType<typeof fakeSession>) {
  const outcome = { settle: (_error?: ElwoodError): void => {} };
  (fake.session as unknown as Record<symbol, unknown>)[submissionOutcome] = () =>
    new Promise<ElwoodError | undefined>((resolve) => (outcome.settle = resolve));
  return outcome;
}

describe("TurnRun while the submission is still being recovered (spec A §10.11)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("spec A §10.11: ready without acceptance does not fail the turn while the submission may still replay; the replay's acceptance completes it", async () => {
    const fake = fakeSession();
    const outcome = withOutcome(fake);
    const { run, items } = startTurn(fake);
    let settled = false;
    void run.result.then(() => (settled = true), () => (settled = true));
    await enteredThenReadyWithoutAcceptance(fake);
    await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS * 3);
    expect(settled).toBe(false);
    // The replayed paste is taken.
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    outcome.settle();
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
    expect(fake.sent).toEqual([PROMPT]);
  });

  it("spec A §10.11: the submission still unaccepted after its replays fails the turn with its wait_timeout, never an empty success", async () => {
    const fake = fakeSession();
    const outcome = withOutcome(fake);
    const { run } = startTurn(fake);
    await enteredThenReadyWithoutAcceptance(fake);
    outcome.settle(new ElwoodError("wait_timeout", "the agent never accepted the submission (replayed 2 times)", { replays: 2 }));
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout", details: { replays: 2 } });
    expect(fake.sent).toEqual([PROMPT]);
    expect(fake.keys).toEqual([]);
  });

  it("spec A §10.11: a submission delivered without any acceptance still fails wait_timeout after the acceptance window", async () => {
    const fake = fakeSession();
    const outcome = withOutcome(fake);
    const { run } = startTurn(fake);
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.status("ready");
    outcome.settle();
    await vi.advanceTimersByTimeAsync(ACCEPTANCE_WINDOW_MS + 10);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout", details: { timeoutMs: ACCEPTANCE_WINDOW_MS } });
  });
});

describe("TurnRun behind a queued first prompt", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 (50 sends, C-TURN-01): the start-up ready the queued prompt waited for is not the turn's end — no empty reply while the screen has not caught up", async () => {
    const fake = fakeSession("starting");
    fake.submission.hold = true;
    const { run, items } = startTurn(fake);
    let settled = false;
    void run.result.then(() => (settled = true), () => (settled = true));
    fake.status("ready");
    fake.submission.release();
    await vi.advanceTimersByTimeAsync(0);
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    // A loaded machine: the screen shows no work for longer than the quiet window.
    await vi.advanceTimersByTimeAsync(QUIET_WINDOW_MS * 2);
    expect(settled).toBe(false);
    fake.status("running");
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });
});

describe("TurnRun whose transcript lags behind ready", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The prompt was taken and the session is ready again, with no boundary text to wait for (no Stop hook seen yet). */
  async function takenThenReady(fake: ReturnType<typeof fakeSession>): Promise<void> {
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    fake.status("ready");
  }

  it("issue 17 (50 sends, C-TURN-01): the quiet window never ends a turn whose prompt the transcript has not shown — late records still make the reply", async () => {
    const fake = fakeSession();
    const { run, items } = startTurn(fake);
    let settled = false;
    void run.result.then(() => (settled = true), () => (settled = true));
    await takenThenReady(fake);
    // A loaded machine: the transcript records land long after the quiet window.
    await vi.advanceTimersByTimeAsync(QUIET_WINDOW_MS * 3);
    expect(settled).toBe(false);
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    await vi.advanceTimersByTimeAsync(QUIET_WINDOW_MS + 10);
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });

  it("issue 17 (C-TURN-01): a prompt the transcript never shows fails wait_timeout after the catch-up window, never an empty reply", async () => {
    const fake = fakeSession();
    const { run } = startTurn(fake);
    await takenThenReady(fake);
    await vi.advanceTimersByTimeAsync(DEFAULT_CATCH_UP_MS + 10);
    await expect(run.result).rejects.toMatchObject({ name: "wait_timeout", details: { catchUpMs: DEFAULT_CATCH_UP_MS } });
  });
});

describe("TurnRun whose end record is read before its text", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 (50 sends, C-TURN-01): Claude 2.1.215's turn_duration written ahead of the timed message flush does not end the turn empty — the boundary's text is waited for", async () => {
    const fake = fakeSession();
    const { run, items } = startTurn(fake);
    let settled = false;
    void run.result.then(() => (settled = true), () => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    // The file as a read pass finds it: the prompt, then the end record; the assistant message is not flushed yet.
    items({ kind: "prompt", text: PROMPT }, { kind: "turn_end" });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await vi.advanceTimersByTimeAsync(QUIET_WINDOW_MS);
    expect(settled).toBe(false);
    items({ kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });
});

describe("TurnRun whose agent left a ready mid-turn", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 (C-TURN-01): a ready the agent left again does not start the transcript's catch-up — a long turn after it still gets its final text", async () => {
    const fake = fakeSession();
    const { run, items } = startTurn(fake);
    let settled = false;
    void run.result.then(() => (settled = true), () => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    fake.status("running");
    fake.hook("UserPromptSubmit", { prompt: PROMPT });
    // A ready edge before the transcript showed the prompt (the CLI still working), then running again for longer
    // than the whole catch-up allowance.
    fake.status("ready");
    await vi.advanceTimersByTimeAsync(100);
    fake.status("running");
    await vi.advanceTimersByTimeAsync(DEFAULT_CATCH_UP_MS + 1000);
    expect(settled).toBe(false);
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await vi.advanceTimersByTimeAsync(500);
    items({ kind: "prompt", text: PROMPT }, { kind: "text", text: `FAKE-REPLY: ${PROMPT}` }, { kind: "turn_end" });
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });
});

describe("TurnRun warning events", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 spec B §4.2: a session warning during the turn is streamed with its common fields (source, severity, raw), never its details", async () => {
    const { fake, run, items, buffer } = await acceptedTurn();
    items({ kind: "prompt", text: PROMPT });
    fake.warning({
      elwoodSessionId: "s1",
      agent: "claude",
      source: "terminal",
      code: "transcript_records_dropped",
      severity: "warning",
      message: "transcript records were dropped (oversized)",
      raw: "transcript_records_dropped cause=oversized",
      details: { cause: "oversized", transcriptPath: "/home/alice/t.jsonl" },
    });
    items({ kind: "text", text: `FAKE-REPLY: ${PROMPT}` });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed" });
    const events = [];
    for await (const e of buffer) events.push(e);
    expect(events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        code: "transcript_records_dropped",
        source: "terminal",
        severity: "warning",
        message: "transcript records were dropped (oversized)",
        raw: "transcript_records_dropped cause=oversized",
      },
    ]);
  });
});

describe("TurnRun whose records the CLI wrote ahead of its prompt", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("issue 17 (C-TURN-01, spec B §3.3): Claude 2.1.215's first-turn file order (reply, then prompt) still yields the tool call, its result and the final text; an earlier turn's late record does not", async () => {
    const { fake, run, items, buffer } = await acceptedTurn();
    const t0 = Date.parse("2026-12-05T01:22:12.598Z");
    // As 2.1.215 flushed it when the session file appeared: a late record of the turn before, this turn's tool call,
    // then its prompt, the tool's result and the reply.
    items(
      { kind: "text", text: "the turn before's reply", at: t0 - 4000 },
      { kind: "tool_call", id: "toolu_1", name: "Bash", input: { command: "echo hi" }, at: t0 + 900 },
      { kind: "prompt", text: PROMPT, at: t0 },
      { kind: "tool_result", id: "toolu_1", output: "hi", isError: false, at: t0 + 1500 },
      { kind: "text", text: `FAKE-REPLY: ${PROMPT}`, at: t0 + 1600 },
    );
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
    const kinds: string[] = [];
    for await (const event of buffer) kinds.push(event.type);
    expect(kinds).toEqual(["tool_call", "tool_result", "text", "result"]);
  });

  it("issue 17 (C-TURN-01): the final text written ahead of the prompt completes the turn instead of a wait_timeout", async () => {
    const { fake, run, items } = await acceptedTurn();
    const t0 = Date.parse("2026-12-05T01:22:12.598Z");
    items({ kind: "text", text: `FAKE-REPLY: ${PROMPT}`, at: t0 + 300 }, { kind: "turn_end", at: t0 + 310 });
    fake.hook("Stop", { last_assistant_message: `FAKE-REPLY: ${PROMPT}` });
    fake.status("ready");
    items({ kind: "prompt", text: PROMPT, at: t0 });
    await expect(run.result).resolves.toMatchObject({ status: "completed", text: `FAKE-REPLY: ${PROMPT}` });
  });
});
