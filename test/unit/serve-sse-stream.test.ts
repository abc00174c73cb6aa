// The SSE writer of `elwood serve`: framing, retry, heartbeats, Last-Event-ID resume, backpressure and abort.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EventLog, requestedLastEventId } from "../../cli/serve/event-log.js";
import { formatSseFrame, type SseStreamEnd, type SseStreamOptions, streamEventLog } from "../../cli/serve/sse-stream.js";
import { connectSse } from "../serve-support/sse-client.js";
import { eventually } from "../support/eventually.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** A server whose every GET streams `log`; resolves with its base URL and the reasons its streams ended. */
async function serveLog(log: EventLog, options: Partial<SseStreamOptions> = {}): Promise<{ url: string; ends: SseStreamEnd[]; aborts: AbortController[] }> {
  const ends: SseStreamEnd[] = [];
  const aborts: AbortController[] = [];
  const server = createServer((req, res) => {
    const abort = new AbortController();
    aborts.push(abort);
    const url = new URL(req.url ?? "/", "http://localhost");
    const lastEventId = requestedLastEventId(req.headers["last-event-id"], url.searchParams);
    void streamEventLog({ log, res, signal: abort.signal, lastEventId, ...options }).then((end) => ends.push(end));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`, ends, aborts };
}

describe("SSE stream", () => {
  it("frames id, event and every line of multi-line data", () => {
    expect(formatSseFrame({ id: 7, event: "text", data: "a\nb\r\nc\rd" })).toBe("id: 7\nevent: text\ndata: a\ndata: b\ndata: c\ndata: d\n\n");
    expect(formatSseFrame({ event: "bad\nname", data: "" })).toBe("event: bad name\ndata: \n\n");
  });

  it("sends retry, the retained events with their ids, then live ones, as a browser would parse them", async () => {
    const log = new EventLog();
    log.append("text", { text: "one\ntwo" });
    const { url } = await serveLog(log, { retryMs: 1234 });
    const sse = await connectSse(url);
    expect(sse.status).toBe(200);
    expect(sse.headers["content-type"]).toMatch(/^text\/event-stream/);
    log.append("status_change", { status: "ready" });
    await sse.waitFor((f) => f.event === "status_change");
    expect(sse.retry).toBe(1234);
    expect(sse.frames).toEqual([
      { id: "1", event: "text", data: JSON.stringify({ text: "one\ntwo" }) },
      { id: "2", event: "status_change", data: '{"status":"ready"}' },
    ]);
    expect(sse.lastEventId).toBe("2");
    sse.drop();
  });

  it("resumes after Last-Event-ID (header or query) with nothing lost and nothing repeated", async () => {
    const log = new EventLog();
    const { url } = await serveLog(log);
    const first = await connectSse(url);
    for (let n = 0; n < 5; n++) log.append("e", { n });
    await first.waitFor((f) => f.id === "5");
    first.drop();
    for (let n = 5; n < 9; n++) log.append("e", { n });
    const byHeader = await connectSse(url, { headers: { "last-event-id": String(first.lastEventId) } });
    const byQuery = await connectSse(`${url}?lastEventId=${String(first.lastEventId)}`);
    log.append("e", { n: 9 });
    for (const resumed of [byHeader, byQuery]) {
      await resumed.waitFor((f) => f.id === "10");
      const all = [...first.frames, ...resumed.frames].map((f) => JSON.parse(f.data) as { n: number });
      expect(all.map((d) => d.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      resumed.drop();
    }
  });

  it("starts with a reset event when the requested id is no longer retained", async () => {
    const log = new EventLog({ maxEvents: 2 });
    for (let n = 0; n < 5; n++) log.append("e", { n });
    const { url } = await serveLog(log);
    const sse = await connectSse(url, { headers: { "last-event-id": "1" } });
    await sse.waitFor((f) => f.id === "5");
    expect(sse.frames[0]).toEqual({ id: undefined, event: "reset", data: JSON.stringify({ reason: "evicted", requestedAfter: 1, resumesAt: 4 }) });
    expect(sse.frames.slice(1).map((f) => f.id)).toEqual(["4", "5"]);
    sse.drop();
  });

  it("review D: with resync, a gap (at start or while following) is answered by the current state and the live events after it, never a reset frame", async () => {
    const log = new EventLog({ maxEvents: 2 });
    for (let n = 0; n < 5; n++) log.append("e", { n });
    const resync = () => ({ frames: [{ event: "snapshot", data: JSON.stringify({ upTo: log.lastId }) }], lastEventId: log.lastId });
    const { url } = await serveLog(log, { resync });
    for (const asked of ["1", "999999"]) {
      const sse = await connectSse(url, { headers: { "last-event-id": asked } });
      await sse.waitFor((f) => f.event === "snapshot");
      log.append("e", { live: asked });
      await sse.waitFor((f) => f.id === String(log.lastId));
      expect(sse.frames.map((f) => `${String(f.id)} ${String(f.event)}`)).toEqual([`undefined snapshot`, `${String(log.lastId)} e`]);
      sse.drop();
    }
  });

  it("writes heartbeat comments while idle", async () => {
    const { url } = await serveLog(new EventLog(), { heartbeatMs: 20 });
    const sse = await connectSse(url);
    await eventually(() => sse.comments.length >= 2, 10_000, "two heartbeats");
    expect(sse.comments.every((c) => c === "keep-alive")).toBe(true);
    expect(sse.frames).toEqual([]);
    sse.drop();
  });

  it("ends a stream whose client stops reading (stalled past the timeout), without buffering the log; the client resumes from its last id", async () => {
    const log = new EventLog({ maxEvents: 100_000, maxBytes: 256 * 1024 * 1024 });
    const { url, ends } = await serveLog(log, { maxBufferedBytes: 256 * 1024, stallTimeoutMs: 300 });
    const stalled = await connectSse(url, { paused: true });
    // Loopback socket buffers absorb megabytes before the server's own buffer grows: write until the bound trips.
    const payload = { text: "x".repeat(32 * 1024) };
    for (let n = 0; n < 2000 && ends.length === 0; n++) {
      log.append("text", payload);
      if (n % 16 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    expect(ends).toEqual(["backpressure"]);
    stalled.drop();
    expect(ends).toEqual(["backpressure"]);
    const resumed = await connectSse(url, { headers: { "last-event-id": "0" } });
    await resumed.waitFor((f) => f.id === String(log.lastId));
    expect(resumed.frames.map((f) => Number(f.id))).toEqual(Array.from({ length: log.lastId }, (_, i) => i + 1));
    resumed.drop();
  });

  it("ends a stream at once when a single write leaves more than the bound unsent", async () => {
    const log = new EventLog();
    const { url, ends } = await serveLog(log, { maxBufferedBytes: 1024 });
    const stalled = await connectSse(url, { paused: true });
    log.append("text", { text: "x".repeat(16 * 1024 * 1024) });
    await eventually(() => ends.length > 0, 10_000, "the stream to end");
    expect(ends).toEqual(["backpressure"]);
    stalled.drop();
  });

  it("ends on abort, and ends after the last event when the log closes", async () => {
    const log = new EventLog();
    const { url, ends, aborts } = await serveLog(log);
    const aborted = await connectSse(url);
    aborts[0]?.abort();
    await aborted.ended;
    log.append("e", 1);
    const closing = await connectSse(url);
    log.close();
    await closing.ended;
    expect(closing.frames.map((f) => f.id)).toEqual(["1"]);
    expect(ends).toEqual(["aborted", "log_closed"]);
  });

  it("reports a client that went away", async () => {
    const log = new EventLog();
    const { url, ends } = await serveLog(log);
    const sse = await connectSse(url);
    sse.drop();
    await eventually(() => ends.length > 0, 10_000, "the stream to end");
    expect(ends).toEqual(["client_closed"]);
  });
});
