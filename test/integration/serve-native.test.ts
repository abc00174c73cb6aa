// `elwood serve`'s native /v1 routes through a real HTTP server on 127.0.0.1, on the simulated Claude CLI: sessions,
// turns followed over SSE, a dropped stream resumed with Last-Event-ID, many sessions at once; every JSON reply and
// every stream frame validates against the server's generated OpenAPI document.

import { afterEach, describe, expect, it } from "vitest";
import { PROCESS_FIRST_EVENT_ID } from "../../cli/serve/event-log.js";
import type { SendResponse, SessionInfo, SessionList, StatusDecisionList } from "../../cli/serve/schemas/native.js";
import { expectFramesMatchDocument } from "../serve-support/openapi-check.js";
import { connectSse, type ReceivedFrame } from "../serve-support/sse-client.js";
import { type SimServer, startSimServer, TEST_TOKEN } from "../serve-support/sim-server.js";

const servers: SimServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(options: Parameters<typeof startSimServer>[0] = {}): Promise<SimServer> {
  const s = await startSimServer(options);
  servers.push(s);
  return s;
}

const STREAM = "/v1/sessions/:id/stream";
const auth = { authorization: `Bearer ${TEST_TOKEN}` };
const isResult = (turnId: string) => (f: ReceivedFrame) => f.event === "result" && (JSON.parse(f.data) as { turnId: string }).turnId === turnId;

async function createSession(s: SimServer): Promise<SessionInfo> {
  const created = await s.call<SessionInfo>("POST", "/v1/sessions", "/v1/sessions", { agent: "claude" });
  expect(created.status).toBe(201);
  return created.body;
}

describe("elwood serve native routes on the simulated Claude (issue 20)", () => {
  it("issue 20 (native): create a session, send a turn, follow /stream to its result; get, list, status decisions, delete; 404 after", async () => {
    const s = await server({ script: { transcript: { records: 3, gapMs: 20 } } });
    const session = await createSession(s);
    // Ids start at the server process's base (review D): a new session's log is just before it.
    expect(session).toMatchObject({ agent: "claude", busy: false, queuedTurns: 0, lastEventId: PROCESS_FIRST_EVENT_ID - 1 });
    const sse = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: auth });
    expect(sse.status).toBe(200);
    const sent = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "hello server" });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ queued: false, afterEventId: PROCESS_FIRST_EVENT_ID - 1 });
    const result = await sse.waitFor(isResult(sent.body.turnId), 60_000);
    expect(JSON.parse(result.data)).toMatchObject({ type: "result", status: "completed", text: expect.stringContaining("FAKE-REPLY: hello server") });
    const names = sse.frames.map((f) => f.event);
    expect(names[0]).toBe("turn_started");
    expect(names).toContain("text");
    expect(names).toContain("status_change");
    expectFramesMatchDocument(s.doc, STREAM, sse.frames);
    // Every frame carries an id, one more than the one before.
    const ids = sse.frames.map((f) => Number(f.id));
    expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i));

    const got = await s.call<SessionInfo>("GET", `/v1/sessions/${session.id}`, "/v1/sessions/:id");
    expect(got.body.lastEventId).toBeGreaterThanOrEqual(Number(result.id));
    const list = await s.call<SessionList>("GET", "/v1/sessions", "/v1/sessions");
    expect(list.body.sessions.map((x) => x.id)).toEqual([session.id]);
    const decisions = await s.call<StatusDecisionList>("GET", `/v1/sessions/${session.id}/status-decisions`, "/v1/sessions/:id/status-decisions");
    expect(decisions.body.decisions.length).toBeGreaterThan(0);
    const keys = await s.call("POST", `/v1/sessions/${session.id}/keys`, "/v1/sessions/:id/keys", { keys: "x\x7f" });
    expect(keys).toMatchObject({ status: 200, body: { ok: true } });
    const models = await s.call<{ models: { id: string; isCurrent: boolean }[] }>("GET", `/v1/sessions/${session.id}/models`, "/v1/sessions/:id/models");
    expect(models.status).toBe(200);
    expect(models.body.models.length).toBeGreaterThan(0);
    const idle = await s.call("POST", `/v1/sessions/${session.id}/interrupt`, "/v1/sessions/:id/interrupt");
    expect(idle).toMatchObject({ status: 409, body: { title: "no_turn_running" } });

    const deleted = await s.call("DELETE", `/v1/sessions/${session.id}`, "/v1/sessions/:id");
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    await sse.ended;
    expect(sse.frames.at(-1)).toMatchObject({ event: "session_ended", data: '{"reason":"deleted"}' });
    const gone = await s.call("GET", `/v1/sessions/${session.id}`, "/v1/sessions/:id");
    expect(gone).toMatchObject({ status: 404, body: { title: "session_not_found" } });
    const sendGone = await s.call("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "x" });
    expect(sendGone.status).toBe(404);
    const bad = await s.call("POST", "/v1/sessions", "/v1/sessions", { agent: "gemini" });
    expect(bad.status).toBe(422);
  });

  it("issue 20 (Last-Event-ID): a stream dropped mid-turn and resumed loses and repeats nothing; the header and ?lastEventId= agree", async () => {
    const s = await server({ script: { transcript: { records: 10, gapMs: 40 } } });
    const session = await createSession(s);
    const path = `${s.url}/v1/sessions/${session.id}/stream`;
    const sent = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "resume me" });
    const first = await connectSse(`${path}?lastEventId=${String(sent.body.afterEventId)}`, { headers: auth });
    // Drop after the second text line (the sim writes 9 lines, then its reply): the turn is still writing its transcript.
    await first.waitFor((f) => f.event === "text" && f.data.includes("sim line 1.2"), 60_000);
    first.drop();
    expect(first.frames.some(isResult(sent.body.turnId))).toBe(false);
    const resumeAfter = String(first.lastEventId);
    const byHeader = await connectSse(path, { headers: { ...auth, "last-event-id": resumeAfter } });
    await byHeader.waitFor(isResult(sent.body.turnId), 60_000);
    const byQuery = await connectSse(`${path}?lastEventId=${resumeAfter}`, { headers: auth });
    await byQuery.waitFor(isResult(sent.body.turnId), 60_000);
    // The whole turn, replayed at once after it ended, is what the two pieces add up to.
    const whole = await connectSse(`${path}?lastEventId=${String(sent.body.afterEventId)}`, { headers: auth });
    await whole.waitFor(isResult(sent.body.turnId), 60_000);
    const upToResult = (frames: readonly ReceivedFrame[]) => frames.slice(0, frames.findIndex(isResult(sent.body.turnId)) + 1);
    const joined = [...first.frames, ...upToResult(byHeader.frames)];
    expect(byHeader.frames.some((f) => f.event === "reset")).toBe(false);
    expect(first.frames.length).toBeGreaterThan(0);
    expect(upToResult(byHeader.frames).length).toBeGreaterThan(0);
    expect(joined).toEqual(upToResult(whole.frames));
    expect(upToResult(byQuery.frames)).toEqual(upToResult(byHeader.frames));
    const texts = joined.filter((f) => f.event === "text").map((f) => (JSON.parse(f.data) as { text: string }).text);
    expect(texts).toEqual([...Array.from({ length: 9 }, (_, i) => `sim line 1.${String(i + 1)}`), "FAKE-REPLY: resume me"]);
    expectFramesMatchDocument(s.doc, STREAM, joined);
    for (const c of [byHeader, byQuery, whole]) c.drop();
  });

  it("issue 20 (Last-Event-ID): an id older than the retained events starts the stream with a reset event, never a silent gap", async () => {
    const s = await server({ maxEvents: 4, script: { transcript: { records: 3, gapMs: 10 } } });
    const session = await createSession(s);
    const sent = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "fill the log" });
    const live = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: auth });
    await live.waitFor(isResult(sent.body.turnId), 60_000);
    live.drop();
    // The session's first event, long evicted.
    const first = String(PROCESS_FIRST_EVENT_ID);
    const stale = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: { ...auth, "last-event-id": first } });
    await stale.waitFor(isResult(sent.body.turnId), 10_000);
    const [reset, ...rest] = stale.frames;
    expect(reset?.event).toBe("reset");
    expect(reset?.id).toBeUndefined();
    expect(JSON.parse(reset?.data ?? "{}")).toMatchObject({ reason: "evicted", requestedAfter: PROCESS_FIRST_EVENT_ID, resumesAt: Number(rest[0]?.id) });
    expect(rest.length).toBeLessThanOrEqual(4);
    expectFramesMatchDocument(s.doc, STREAM, stale.frames);
    stale.drop();
    // An id from an earlier server process (its base was lower) is unknown, never a resume in the middle of this log.
    const earlier = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: { ...auth, "last-event-id": String(PROCESS_FIRST_EVENT_ID - 5_000_000 + 3) } });
    await earlier.waitFor(isResult(sent.body.turnId), 10_000);
    expect(JSON.parse(earlier.frames[0]?.data ?? "{}")).toMatchObject({ reason: "unknown_id" });
    earlier.drop();
  });

  it("issue 20 (queue): a turn sent while one runs is queued and runs after it, each with its own result in order", async () => {
    const s = await server({ script: { transcript: { records: 2, gapMs: 30 } } });
    const session = await createSession(s);
    const sse = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: auth });
    const one = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "first" });
    const two = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "second" });
    expect(one.body.queued).toBe(false);
    expect(two.body.queued).toBe(true);
    await sse.waitFor(isResult(two.body.turnId), 90_000);
    const turnEvents = sse.frames.filter((f) => ["turn_queued", "turn_started", "result"].includes(f.event)).map((f) => `${f.event}:${(JSON.parse(f.data) as { turnId: string }).turnId}`);
    expect(turnEvents).toEqual([
      `turn_started:${one.body.turnId}`,
      `turn_queued:${two.body.turnId}`,
      `result:${one.body.turnId}`,
      `turn_started:${two.body.turnId}`,
      `result:${two.body.turnId}`,
    ]);
    const results = sse.frames.filter((f) => f.event === "result").map((f) => JSON.parse(f.data) as { text: string; status: string });
    expect(results.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(results[1]?.text).toContain("FAKE-REPLY: second");
    expectFramesMatchDocument(s.doc, STREAM, sse.frames);
    sse.drop();
  });

  it("issue 20 (interrupt): POST …/interrupt mid-turn ends the turn's stream with a result whose status is interrupted; the next turn runs", async () => {
    const s = await server({ script: { transcript: { records: 40, gapMs: 100 } } });
    const session = await createSession(s);
    const sse = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: auth });
    const long = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "a long one" });
    await sse.waitFor((f) => f.event === "text", 60_000);
    const interrupted = await s.call("POST", `/v1/sessions/${session.id}/interrupt`, "/v1/sessions/:id/interrupt");
    expect(interrupted).toMatchObject({ status: 200, body: { ok: true } });
    const result = await sse.waitFor(isResult(long.body.turnId), 60_000);
    expect(JSON.parse(result.data)).toMatchObject({ status: "interrupted" });
    const next = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: "after" });
    expect(next.body.queued).toBe(false);
    await sse.waitFor(isResult(next.body.turnId), 90_000);
    expectFramesMatchDocument(s.doc, STREAM, sse.frames);
    sse.drop();
  });

  it("issue 20 (8 sessions): eight sessions on one server each complete a turn; a ninth is refused with 429 session_limit", async () => {
    const s = await server({ maxSessions: 8, script: { transcript: { records: 2, gapMs: 20 } } });
    const sessions = [];
    for (let i = 0; i < 8; i++) sessions.push(await createSession(s));
    const ninth = await s.call("POST", "/v1/sessions", "/v1/sessions", { agent: "claude" });
    expect(ninth).toMatchObject({ status: 429, body: { title: "session_limit" } });
    const results = await Promise.all(
      sessions.map(async (session, i) => {
        const sse = await connectSse(`${s.url}/v1/sessions/${session.id}/stream`, { headers: auth });
        const sent = await s.call<SendResponse>("POST", `/v1/sessions/${session.id}/send`, "/v1/sessions/:id/send", { text: `session ${String(i)}` });
        const result = await sse.waitFor(isResult(sent.body.turnId), 120_000);
        expectFramesMatchDocument(s.doc, STREAM, sse.frames);
        sse.drop();
        return JSON.parse(result.data) as { status: string; text: string };
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("completed"));
    results.forEach((r, i) => expect(r.text).toContain(`FAKE-REPLY: session ${String(i)}`));
    const list = await s.call<SessionList>("GET", "/v1/sessions", "/v1/sessions");
    expect(list.body.sessions).toHaveLength(8);
  }, 240_000);
});
