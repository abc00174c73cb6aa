// The default session under both APIs: agentapi's routes own it (the native API may read it and write keys, not
// delete, send or interrupt), and its /upload limit is its own (review B and E).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compatRoutes, compatTarget } from "../../cli/serve/compat-routes.js";
import { PROCESS_FIRST_EVENT_ID } from "../../cli/serve/event-log.js";
import { expectFramesMatchDocument } from "../serve-support/openapi-check.js";
import { connectSse } from "../serve-support/sse-client.js";
import type { ServedSession } from "../../cli/serve/session-registry.js";
import { type SimServer, startServeWith, TEST_TOKEN } from "../serve-support/sim-server.js";

/** A library-session stand-in that never runs a turn: enough for routes that read it, write keys, or are refused. */
function idleSession(keys: string[]): ServedSession {
  const fake = {
    session: undefined,
    status: "ready",
    on: () => () => {},
    sendKeys: async (k: string) => void keys.push(k),
    statusDecisions: () => [],
    interrupt: async () => {},
    close: async () => {},
    teardown: async () => {},
    kill: async () => {},
  };
  return fake as unknown as ServedSession;
}

const opened: Array<{ server: SimServer; dir: string }> = [];
afterEach(async () => {
  for (const { server, dir } of opened.splice(0)) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A server with the native routes and agentapi's routes on a session "default" (as `elwood serve --agent` has). */
async function serveWithDefault(maxUploadBytes?: number) {
  const dir = mkdtempSync(join(tmpdir(), "elwood-serve-default-"));
  const keys: string[] = [];
  let compat: ReturnType<typeof compatTarget> | undefined;
  const server = await startServeWith(async () => ({ agent: "claude", cwd: dir, session: idleSession(keys) }), {
    extraRoutes: () =>
      compatRoutes({ conversation: () => compat?.conversation, uploads: () => compat?.uploads }, maxUploadBytes === undefined ? {} : { maxUploadBytes }),
  });
  opened.push({ server, dir });
  compat = compatTarget(await server.registry.create({}, "default"));
  return { server, keys, dir };
}

const upload = (url: string, bytes: number) => {
  const form = new FormData();
  form.append("file", new Blob([Buffer.alloc(bytes, 0x61)]), "notes.txt");
  return fetch(`${url}/upload`, { method: "POST", headers: { authorization: `Bearer ${TEST_TOKEN}` }, body: form });
};

describe("the default session (review B, D, E)", () => {
  it("review D: agentapi's /events answers a Last-Event-ID it cannot continue (from an earlier process, or unknown) with the snapshot, never a reset frame", async () => {
    const { server } = await serveWithDefault();
    for (const asked of [String(PROCESS_FIRST_EVENT_ID - 5_000_000), "1", "not-an-id"]) {
      const sse = await connectSse(`${server.url}/events`, { headers: { authorization: `Bearer ${TEST_TOKEN}`, "last-event-id": asked } });
      const status = await sse.waitFor((f) => f.event === "status_change", 10_000);
      expect(status).toMatchObject({ id: undefined, data: JSON.stringify({ agent_type: "claude", status: "stable" }) });
      expect(sse.frames.map((f) => f.event)).toEqual(["status_change"]);
      expectFramesMatchDocument(server.doc, "/events", sse.frames);
      sse.drop();
    }
  });

  it("review B: the native API refuses to delete, send to or interrupt the session agentapi's routes serve (409 default_session_is_compat), and still reads it and writes keys", async () => {
    const { server, keys } = await serveWithDefault();
    const other = await server.call<{ id: string }>("POST", "/v1/sessions", "/v1/sessions", {});
    for (const [method, path, pattern, body] of [
      ["DELETE", "/v1/sessions/default", "/v1/sessions/{id}", undefined],
      ["POST", "/v1/sessions/default/send", "/v1/sessions/{id}/send", { text: "hi" }],
      ["POST", "/v1/sessions/default/interrupt", "/v1/sessions/{id}/interrupt", undefined],
    ] as const) {
      const reply = await server.call<{ title: string }>(method, path, pattern, body);
      expect([path, reply.status, reply.body.title]).toEqual([path, 409, "default_session_is_compat"]);
    }
    expect(server.registry.get("default")).toBeDefined();
    expect((await server.call("GET", "/v1/sessions/default", "/v1/sessions/{id}")).status).toBe(200);
    expect((await server.call("GET", "/v1/sessions/default/status-decisions", "/v1/sessions/{id}/status-decisions")).status).toBe(200);
    expect((await server.call("POST", "/v1/sessions/default/keys", "/v1/sessions/{id}/keys", { keys: "\u001b" })).status).toBe(200);
    expect(keys).toEqual(["\u001b"]);
    // agentapi's routes still find their conversation; any other session stays the native API's to delete.
    expect((await fetch(`${server.url}/status`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } })).status).toBe(200);
    expect((await server.call("DELETE", `/v1/sessions/${other.body.id}`, "/v1/sessions/{id}")).status).toBe(200);
  });

  it("review E: /upload takes bodies up to its own limit and refuses a larger one with 413", async () => {
    const { server } = await serveWithDefault(4096);
    const small = await upload(server.url, 1000);
    expect(small.status).toBe(200);
    const big = await upload(server.url, 8192);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { title: string }).title).toBe("body_too_large");
  });
});
