// `elwood serve --agent claude` as a child process on the simulated Claude: agentapi's routes end to end, queued user
// messages, raw keys, uploads, the request guards, and SIGTERM — every JSON reply and SSE frame checked against /openapi.json.

import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSimLog, simRecords } from "../sim/sim-control.js";
import { runCliChild, sandboxPerTest } from "../support/cli-child.js";
import { eventually } from "../support/eventually.js";
import { rawRequest, type ServeChild, startServe } from "../support/serve-child.js";
import { type CheckedDocument, expectFramesMatchDocument, expectMatchesDocument } from "../serve-support/openapi-check.js";
import { connectSse } from "../serve-support/sse-client.js";

const sandbox = sandboxPerTest();

interface Message {
  readonly id: number;
  readonly content: string;
  readonly role: "user" | "agent";
}

/** A GET or POST whose JSON reply is validated against the server's document for that route and status. */
async function call(server: ServeChild, doc: CheckedDocument, method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const reply = await rawRequest(`${server.url}${path}`, {
    method,
    headers: { ...server.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = reply.json();
  expectMatchesDocument(doc, method, path, reply.status, json);
  return { status: reply.status, body: json };
}

async function documentOf(server: ServeChild): Promise<CheckedDocument> {
  const reply = await rawRequest(`${server.url}/openapi.json`, { headers: server.auth });
  expect(reply.status).toBe(200);
  return reply.json() as CheckedDocument;
}

async function messages(server: ServeChild, doc: CheckedDocument): Promise<Message[]> {
  return ((await call(server, doc, "GET", "/messages")).body as { messages: Message[] }).messages;
}

async function stop(server: ServeChild): Promise<void> {
  server.child.signal("SIGTERM");
  await server.child.done;
}

describe("elwood serve: agentapi-compatible routes on the simulated Claude (issue 20)", () => {
  it("an SSE client follows a turn: snapshot, user message, status_change running → stable, message_update with the agent's text; every reply validates", async () => {
    const s = sandbox({ script: { transcript: { records: 2 } } });
    const server = await startServe(s, ["--agent", "claude"]);
    try {
      const doc = await documentOf(server);
      expect(doc.paths["/events"]).toBeDefined();
      const events = await connectSse(`${server.url}/events`, { headers: server.auth });
      expect(events.status).toBe(200);
      expect(events.headers["content-type"]).toMatch(/^text\/event-stream/);
      // The snapshot's status first (no messages yet), then wait until the agent is ready.
      await events.waitFor((f) => f.event === "status_change", 10_000);
      await expect.poll(async () => ((await call(server, doc, "GET", "/status")).body as { status: string }).status, { timeout: 30_000 }).toBe("stable");
      const status = (await call(server, doc, "GET", "/status")).body;
      expect(status).toEqual({ agent_type: "claude", status: "stable", transport: "pty" });

      const sent = await call(server, doc, "POST", "/message", { content: "hello there", type: "user" });
      expect(sent).toEqual({ status: 200, body: { ok: true } });
      const userId = Number((await events.waitFor((f) => f.event === "message_update" && JSON.parse(f.data).role === "user", 30_000)).id);
      const running = await events.waitFor((f) => f.event === "status_change" && JSON.parse(f.data).status === "running" && f.id !== undefined && Number(f.id) > userId, 30_000);
      const final = await events.waitFor((f) => f.event === "message_update" && JSON.parse(f.data).message === "sim line 1.1\n\nFAKE-REPLY: hello there", 30_000);
      const stable = await events.waitFor((f) => f.event === "status_change" && JSON.parse(f.data).status === "stable" && Number(f.id) > Number(running.id), 30_000);
      // The final text is in place before the status says stable: a client reading /messages on stable sees it.
      expect(Number(final.id)).toBeLessThan(Number(stable.id));
      expect(events.frames.find((f) => f.event === "message_update" && JSON.parse(f.data).role === "user")?.data).toContain("hello there");
      expectFramesMatchDocument(doc, "/events", events.frames);

      expect((await messages(server, doc)).map((m) => [m.id, m.role, m.content])).toEqual([
        [0, "user", "hello there"],
        [1, "agent", "sim line 1.1\n\nFAKE-REPLY: hello there"],
      ]);

      // A second subscriber gets the whole state as a snapshot (agentapi's behaviour), without ids.
      const late = await connectSse(`${server.url}/events`, { headers: server.auth });
      await late.waitFor((f) => f.event === "status_change", 10_000);
      expect(late.frames.map((f) => [f.event, f.id])).toEqual([
        ["message_update", undefined],
        ["message_update", undefined],
        ["status_change", undefined],
      ]);
      // Resuming after an id replays exactly what followed it.
      const resumed = await connectSse(`${server.url}/events`, { headers: { ...server.auth, "last-event-id": String(running.id) } });
      await resumed.waitFor((f) => f.id === stable.id, 10_000);
      const after = events.frames.filter((f) => f.id !== undefined && Number(f.id) > Number(running.id) && Number(f.id) <= Number(stable.id));
      expect(resumed.frames.filter((f) => f.id !== undefined).map((f) => [f.id, f.event, f.data])).toEqual(after.map((f) => [f.id, f.event, f.data]));
      for (const c of [events, late, resumed]) c.drop();
    } finally {
      await stop(server);
    }
  }, 90_000);

  it("POST /message while the agent runs is queued and becomes its own later turn; raw keys reach the terminal; an upload is saved", async () => {
    const s = sandbox({ script: { transcript: { records: 1 }, slowMs: 2_500 } });
    const server = await startServe(s, ["--agent", "claude"]);
    try {
      const doc = await documentOf(server);
      await expect.poll(async () => ((await call(server, doc, "GET", "/status")).body as { status: string }).status, { timeout: 30_000 }).toBe("stable");
      expect((await call(server, doc, "POST", "/message", { content: "SLOW first", type: "user" })).body).toEqual({ ok: true });
      await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 30_000, "the first submission");
      expect(((await call(server, doc, "GET", "/status")).body as { status: string }).status).toBe("running");
      // agentapi fails here; Elwood queues the message as the next turn.
      expect(await call(server, doc, "POST", "/message", { content: "second one", type: "user" })).toEqual({ status: 200, body: { ok: true } });
      await expect.poll(async () => (await messages(server, doc)).length, { timeout: 60_000 }).toBe(4);
      await expect.poll(async () => ((await call(server, doc, "GET", "/status")).body as { status: string }).status, { timeout: 30_000 }).toBe("stable");
      const history = await messages(server, doc);
      expect(history.map((m) => m.role)).toEqual(["user", "agent", "user", "agent"]);
      expect(history[2]?.content).toBe("second one");
      expect(history[3]?.content).toContain("FAKE-REPLY: second one");
      expect(simRecords(readSimLog(s.logFile), "submit").map((r) => r.text)).toEqual(["SLOW first", "second one"]);

      const before = simRecords(readSimLog(s.logFile), "input").length;
      expect((await call(server, doc, "POST", "/message", { content: "zq", type: "raw" })).body).toEqual({ ok: true });
      await eventually(() => simRecords(readSimLog(s.logFile), "input").slice(before).some((r) => Buffer.from(r.bytes, "base64").toString("utf8").includes("zq")), 10_000, "the raw keys");
      expect((await messages(server, doc)).length).toBe(4);

      const form = new FormData();
      form.append("file", new Blob([Buffer.from("uploaded bytes\n")]), "../notes.txt");
      const upload = await fetch(`${server.url}/upload`, { method: "POST", headers: server.auth, body: form });
      const uploaded = (await upload.json()) as { ok: boolean; filePath: string };
      expect(upload.status).toBe(200);
      expectMatchesDocument(doc, "POST", "/upload", 200, uploaded);
      expect(uploaded.ok).toBe(true);
      expect(uploaded.filePath.startsWith(`${s.ws}/.elwood-uploads/`)).toBe(true);
      expect(uploaded.filePath.endsWith("/notes.txt")).toBe(true);
      expect(readFileSync(uploaded.filePath, "utf8")).toBe("uploaded bytes\n");
      await stop(server);
      // The session's upload directory goes with the session.
      expect(existsSync(uploaded.filePath)).toBe(false);
    } finally {
      await stop(server);
    }
  }, 120_000);

  it("wrong token, wrong Host, foreign Origin, oversized body, malformed JSON, invalid body, unknown route → 4xx problem+json, and the server keeps serving", async () => {
    const s = sandbox();
    const server = await startServe(s, ["--max-body", "2048", "--allowed-origins", "http://ui.example", "--max-sessions", "1"]);
    try {
      const doc = await documentOf(server);
      const json = { ...server.auth, "content-type": "application/json" };
      const cases: Array<[string, string, Parameters<typeof rawRequest>[1], number, string]> = [
        ["no token", "/status", {}, 401, "unauthorized"],
        ["wrong token", "/status", { headers: { authorization: "Bearer wrong-token-wrong-token" } }, 401, "unauthorized"],
        ["wrong Host", "/status", { headers: { ...server.auth, host: "attacker.example" } }, 400, "host_not_allowed"],
        ["foreign Origin", "/status", { headers: { ...server.auth, origin: "http://evil.example" } }, 403, "origin_not_allowed"],
        ["oversized body", "/message", { method: "POST", headers: json, body: JSON.stringify({ content: "x".repeat(4096), type: "user" }) }, 413, "body_too_large"],
        ["malformed JSON", "/message", { method: "POST", headers: json, body: '{"content": ' }, 400, "malformed_json"],
        ["invalid body", "/message", { method: "POST", headers: json, body: JSON.stringify({ content: 1, type: "shout" }) }, 422, "invalid_body"],
        ["not JSON", "/message", { method: "POST", headers: { ...server.auth, "content-type": "text/plain" }, body: "{}" }, 415, "unsupported_media_type"],
        ["unknown route", "/nowhere", { headers: server.auth }, 404, "not_found"],
        ["wrong method", "/status", { method: "DELETE", headers: server.auth }, 405, "method_not_allowed"],
        ["no default session", "/status", { headers: server.auth }, 404, "no_default_session"],
      ];
      for (const [what, path, options, status, code] of cases) {
        const reply = await rawRequest(`${server.url}${path}`, options);
        expect([what, reply.status], reply.text).toEqual([what, status]);
        expect(reply.headers["content-type"]).toMatch(/^application\/problem\+json/);
        const body = reply.json() as { title: string; type: string };
        expect(body.title).toBe(code);
        expect(body.type).toBe(`urn:elwood:problem:${code}`);
        // Errors validate against the route's default response (a route not in the document: as GET /status's).
        const [method, pattern] = path === "/message" ? ["POST", "/message"] : ["GET", "/status"];
        expectMatchesDocument(doc, method, pattern, reply.status, reply.json());
        const health = await rawRequest(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        expectMatchesDocument(doc, "GET", "/healthz", 200, health.json());
      }
      // The session cap: the first native session is created (its CLI starts lazily), the next one is refused with 429.
      const create = (body: unknown) => rawRequest(`${server.url}/v1/sessions`, { method: "POST", headers: json, body: JSON.stringify(body) });
      const created = await create({ agent: "claude" });
      expect(created.status, created.text).toBe(201);
      expectMatchesDocument(doc, "POST", "/v1/sessions", 201, created.json());
      const refused = await create({ agent: "claude" });
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.json()).toMatchObject({ title: "session_limit", status: 429 });
      expectMatchesDocument(doc, "POST", "/v1/sessions", 429, refused.json());
      const badCwd = await rawRequest(`${server.url}/v1/sessions`, { method: "POST", headers: json, body: JSON.stringify({ cwd: "no/such/dir" }) });
      expect([badCwd.status, (badCwd.json() as { title: string }).title]).toEqual([429, "session_limit"]);
      const id = (created.json() as { id: string }).id;
      expect((await rawRequest(`${server.url}/v1/sessions/${id}`, { method: "DELETE", headers: server.auth })).status).toBeLessThan(300);
      const invalidCwd = await rawRequest(`${server.url}/v1/sessions`, { method: "POST", headers: json, body: JSON.stringify({ cwd: "no/such/dir" }) });
      expect([invalidCwd.status, (invalidCwd.json() as { title: string }).title]).toEqual([400, "invalid_cwd"]);
      expectMatchesDocument(doc, "POST", "/v1/sessions", 400, invalidCwd.json());
      // An allowed Origin is served, with the CORS header.
      const allowed = await rawRequest(`${server.url}/healthz`, { headers: { origin: "http://ui.example" } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers["access-control-allow-origin"]).toBe("http://ui.example");
      // The log is one JSON line per request, without the token.
      const log = (await stop(server), (await server.child.done).stderr);
      const lines = log.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.filter((l) => l["path"] === "/status" && l["status"] === 401)).toHaveLength(2);
      expect(log).not.toContain(server.listening.token);
    } finally {
      await stop(server);
    }
  }, 60_000);

  it("SIGTERM mid-turn: the server interrupts the turn, closes the stream and the session, exits 0, and leaves no process behind", async () => {
    const s = sandbox({ script: { transcript: { records: 1 }, slowMs: 30_000 } });
    const server = await startServe(s, ["--agent", "claude"]);
    const doc = await documentOf(server);
    await expect.poll(async () => ((await call(server, doc, "GET", "/status")).body as { status: string }).status, { timeout: 30_000 }).toBe("stable");
    const events = await connectSse(`${server.url}/events`, { headers: server.auth });
    await call(server, doc, "POST", "/message", { content: "SLOW long", type: "user" });
    await eventually(() => simRecords(readSimLog(s.logFile), "submit").length === 1, 30_000, "the submission");
    expect(s.leftovers().length).toBeGreaterThan(0);
    server.child.signal("SIGTERM");
    const run = await server.child.done;
    expect(run.code).toBe(0);
    await events.ended;
    await eventually(() => s.leftovers().length === 0, 10_000, "no process left in the workspace");
  }, 90_000);

  it("an agent that cannot start: agent_error on /events, status stable, user messages refused with 409; a port in use fails the command with status 1", async () => {
    const s = sandbox({ agent: false });
    const server = await startServe(s, ["--agent", "claude"]);
    try {
      const doc = await documentOf(server);
      const events = await connectSse(`${server.url}/events`, { headers: server.auth });
      const failure = await events.waitFor((f) => f.event === "agent_error", 60_000);
      expect(JSON.parse(failure.data)).toMatchObject({ level: "error", message: expect.stringMatching(/^claude_not_found: /) });
      expectFramesMatchDocument(doc, "/events", events.frames);
      expect((await call(server, doc, "GET", "/status")).body).toEqual({ agent_type: "claude", status: "stable", transport: "pty" });
      const refused = await call(server, doc, "POST", "/message", { content: "anyone there?", type: "user" });
      expect([refused.status, (refused.body as { title: string }).title]).toEqual([409, "session_not_running"]);
      events.drop();

      const clash = await runCliChild(s, ["serve", "--port", String(server.listening.port)]);
      expect(clash.code).toBe(1);
      expect(clash.stderr).toContain("cannot listen");
    } finally {
      await stop(server);
    }
  }, 90_000);
});
