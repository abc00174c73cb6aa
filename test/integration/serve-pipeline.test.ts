// The request pipeline of `elwood serve` in process, with routes made to fail: a throwing handler, a client that goes
// away mid-body or mid-handler, a stream open at shutdown — each ends in a problem reply or a clean abort, and the
// server keeps serving.

import { connect } from "node:net";
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import { ServeServer } from "../../cli/serve/http-server.js";
import { ERROR_RESPONSE } from "../../cli/serve/problem.js";
import type { RequestLogEntry } from "../../cli/serve/request-log.js";
import type { Route } from "../../cli/serve/route.js";
import { eventually } from "../support/eventually.js";
import { rawRequest } from "../support/serve-child.js";

const TOKEN = "pipeline-token-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

interface Harness {
  readonly url: string;
  readonly port: number;
  readonly server: ServeServer;
  readonly log: RequestLogEntry[];
  readonly aborted: string[];
}

const servers: ServeServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close(100);
});

const base = { group: "native", responses: { "200": { description: "ok", schema: Type.Object({}) }, default: ERROR_RESPONSE } } as const;

async function harness(): Promise<Harness> {
  const aborted: string[] = [];
  const log: RequestLogEntry[] = [];
  const routes: Route[] = [
    { ...base, method: "GET", path: "/throws", operationId: "throws", summary: "", handle: async () => Promise.reject(new Error("kaboom at /secret/path")) },
    { ...base, method: "GET", path: "/sync-throws", operationId: "syncThrows", summary: "", handle: (() => { throw new TypeError("sync"); }) as Route["handle"] },
    {
      ...base,
      method: "GET",
      path: "/waits",
      operationId: "waits",
      summary: "",
      // Waits until the client goes away (or the server closes), and records that it saw the abort.
      handle: (ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener("abort", () => {
            aborted.push("waits");
            resolve({ status: 200, body: {} });
          });
        }),
    },
    {
      ...base,
      method: "GET",
      path: "/stream",
      operationId: "stream",
      summary: "",
      handle: async (ctx) => {
        ctx.res.writeHead(200, { "content-type": "text/event-stream" });
        ctx.res.write(": open\n\n");
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
        aborted.push("stream");
        ctx.res.end();
        return "streamed";
      },
    },
    { ...base, method: "POST", path: "/echo", operationId: "echo", summary: "", body: Type.Object({ n: Type.Integer() }), handle: async (ctx) => ({ status: 200, body: ctx.body }) },
  ];
  const server = new ServeServer({ routes, token: TOKEN, maxBodyBytes: 64 * 1024, log: (e) => log.push(e) });
  servers.push(server);
  const { port } = await server.listen(0, "127.0.0.1");
  return { url: `http://127.0.0.1:${port}`, port, server, log, aborted };
}

async function stillServes(h: Harness): Promise<void> {
  const reply = await rawRequest(`${h.url}/echo`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: '{"n":7}' });
  expect([reply.status, reply.json()]).toEqual([200, { n: 7 }]);
}

describe("elwood serve request pipeline (issue 20)", () => {
  it("a handler that rejects or throws synchronously is a 500 problem naming no internals, and the server keeps serving", async () => {
    const h = await harness();
    for (const path of ["/throws", "/sync-throws"]) {
      const reply = await rawRequest(`${h.url}${path}`, { headers: auth });
      expect(reply.status).toBe(500);
      expect(reply.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(reply.json()).toEqual({ type: "urn:elwood:problem:internal_error", title: "internal_error", status: 500, detail: "the server failed to handle the request" });
      expect(reply.text).not.toContain("kaboom");
      await stillServes(h);
    }
  });

  it("a client that goes away mid-handler aborts it (no dangling wait); one that stops mid-body is dropped; the server keeps serving", async () => {
    const h = await harness();
    const waiting = connect(h.port, "127.0.0.1");
    waiting.write(`GET /waits HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    await eventually(() => h.server.activeRequests === 1, 5_000, "the waiting request");
    waiting.destroy();
    await eventually(() => h.aborted.includes("waits") && h.server.activeRequests === 0, 5_000, "the handler to see the abort");

    const partial = connect(h.port, "127.0.0.1");
    partial.write(`POST /echo HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"n":`);
    await eventually(() => h.server.activeRequests === 1, 5_000, "the partial body");
    partial.destroy();
    await eventually(() => h.server.activeRequests === 0, 5_000, "the partial request to end");
    await stillServes(h);
    // Each finished request was logged once, without a body or the token.
    expect(JSON.stringify(h.log)).not.toContain(TOKEN);
    expect(h.log.filter((e) => e.path === "/waits")).toHaveLength(1);
  });

  it("an oversized body is refused from its Content-Length or while it streams in, with the connection closed", async () => {
    const h = await harness();
    const declared = await rawRequest(`${h.url}/echo`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: Buffer.alloc(70 * 1024, 32) });
    expect([declared.status, declared.headers.connection]).toEqual([413, "close"]);
    // Chunked: no length up front, so the limit trips while reading.
    const chunked = await new Promise<number>((resolve) => {
      const socket = connect(h.port, "127.0.0.1");
      let head = "";
      socket.on("data", (d) => {
        head += d.toString();
        const m = /^HTTP\/1\.1 (\d+)/.exec(head);
        if (m) resolve(Number(m[1]));
      });
      socket.on("error", () => undefined);
      socket.write(`POST /echo HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 32);
      for (let i = 0; i < 6; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
    });
    expect(chunked).toBe(413);
    await stillServes(h);
  });

  it("close() ends open streams and in-flight handlers through their signal, refuses new connections, and resolves", async () => {
    const h = await harness();
    const stream = connect(h.port, "127.0.0.1");
    let received = "";
    stream.on("data", (d) => (received += d.toString()));
    const ended = new Promise<void>((resolve) => stream.on("close", () => resolve()));
    stream.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    await eventually(() => received.includes(": open"), 5_000, "the stream to open");
    await h.server.close(1_000);
    await ended;
    expect(h.aborted).toEqual(["stream"]);
    await expect(rawRequest(`${h.url}/echo`)).rejects.toThrow();
  });
});
