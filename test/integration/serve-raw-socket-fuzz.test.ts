// Issue 38 item 2 for `elwood serve`: requests of every method whose client closes at a random byte never throw in the process that serves them.

import { connect } from "node:net";
import { Type } from "@sinclair/typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServeServer } from "../../cli/serve/http-server.js";
import { ERROR_RESPONSE } from "../../cli/serve/problem.js";
import type { Route } from "../../cli/serve/route.js";
import { eventually } from "../support/eventually.js";
import { prng, sendRaw } from "../support/http-fuzz.js";
import { rawRequest } from "../support/serve-child.js";
import { sendAllTruncated, truncatedRequest, uncoveredClasses } from "../support/truncated-request.js";
import { uncaughtDuring } from "../support/uncaught-during.js";

const TOKEN = "raw-socket-fuzz-token-0123456789";
const CASES = 500;
const base = { group: "native", summary: "", responses: { "200": { description: "ok", schema: Type.Object({}) }, default: ERROR_RESPONSE } } as const;

const routes: Route[] = [
  { ...base, method: "POST", path: "/echo", operationId: "echo", body: Type.Object({ n: Type.Integer() }), handle: async (ctx) => ({ status: 200, body: ctx.body }) },
  { ...base, method: "GET", path: "/ok", operationId: "ok", handle: async () => ({ status: 200, body: {} }) },
  {
    ...base,
    method: "GET",
    path: "/stream",
    operationId: "stream",
    // An open stream until the client goes: a reset mid-stream must end it, not throw.
    handle: async (ctx) => {
      ctx.res.writeHead(200, { "content-type": "text/event-stream" });
      ctx.res.write(": open\n\n");
      await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
      ctx.res.end();
      return "streamed";
    },
  },
];

describe("elwood serve survives clients that close mid-request (issue 38 item 2)", () => {
  let server: ServeServer;
  let port: number;

  beforeAll(async () => {
    server = new ServeServer({ routes, token: TOKEN, maxBodyBytes: 64 * 1024 });
    ({ port } = await server.listen(0, "127.0.0.1"));
  });
  afterAll(async () => {
    await server?.close(100);
  });

  it(`issue 38 item 2: ${CASES} seeded requests of every method, CONNECT and upgrades included, whose client closes (mostly resets) at a random byte; nothing throws in this process, every request ends and the server keeps serving`, async () => {
    const next = prng(0x38_02);
    const target = { host: `127.0.0.1:${port}`, paths: ["/echo", "/ok", "/stream", "/nope", "*"], headers: [`Authorization: Bearer ${TOKEN}`], body: '{"n":7}' };
    const cases = Array.from({ length: CASES }, () => truncatedRequest(next, target));
    expect(uncoveredClasses(cases)).toEqual([]);
    // Run in this process: an `error` event on a socket with no listener would surface here as an uncaught exception.
    const uncaught = await uncaughtDuring(() => sendAllTruncated(port, cases, 16));
    expect(uncaught.slice(0, 3)).toEqual([]);
    await eventually(() => server.activeRequests === 0, 5_000, "every cut-short request to end");
    const reply = await rawRequest(`http://127.0.0.1:${port}/echo`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: '{"n":7}' });
    expect([reply.status, reply.json()]).toEqual([200, { n: 7 }]);
    const connectReply = await sendRaw(port, { kind: "literal", parts: [Buffer.from(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)], delayMs: 0 });
    expect(connectReply.status).toBe(405);
  }, 60_000);

  it("issue 38 item 2: a request Node cannot parse, pipelined behind an open stream, ends the connection without a status line written into the stream", async () => {
    const received = await new Promise<string>((resolve) => {
      const sock = connect(port, "127.0.0.1");
      let got = "";
      let broken = false;
      sock.on("data", (d: Buffer) => {
        got += d.toString("latin1");
        // The stream is open (its headers are out): now a second request on the same connection that Node cannot parse.
        if (!broken && got.includes(": open")) {
          broken = true;
          sock.write("BROKEN \x01 REQUEST\r\n\r\n");
        }
      });
      sock.on("error", () => undefined);
      sock.on("close", () => resolve(got));
      sock.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain(": open");
    expect(received).not.toContain("400 Bad Request");
    await eventually(() => server.activeRequests === 0, 5_000, "the stream to end with its connection");
  });
});
