// The request pipeline of `elwood serve` in process, with routes made to fail: a throwing handler, a client that goes
// away mid-body or mid-handler, a stream open at shutdown — each ends in a problem reply or a clean abort, and the
// server keeps serving.

import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import { drainRequest } from "../../cli/serve/body-drain.js";
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

/** Writes the request head and its whole body, and only then reads the response to its end; rejects on a reset. */
function writeWholeThenRead(port: number, head: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("error", reject);
    socket.write(head);
    socket.write(body, (error) => {
      if (error) return reject(error);
      socket.on("data", (d: Buffer) => (received += d.toString()));
      socket.on("end", () => resolve(received));
      socket.resume();
    });
    // Nothing is read until the body is written: like a client that sends first and reads after.
    socket.pause();
  });
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

  it("a client still writing an oversized body reads the 413 and sees no reset (chunked with Node's client; 16 MiB written whole before reading) (issue 38)", async () => {
    const h = await harness();
    // Node's own client, chunked, writing until the response arrives, then ending its body: the reply arrives and the
    // request ends without ECONNRESET.
    const chunked = await new Promise<{ status: number; body: string; errors: string[] }>((resolve) => {
      const req = request(`${h.url}/echo`, { method: "POST", headers: { ...auth, "content-type": "application/json", "transfer-encoding": "chunked" } });
      const errors: string[] = [];
      let status = 0;
      let body = "";
      let answered = false;
      const pump = (): void => {
        for (let written = 0; !answered && written < 8 * 1024 * 1024; written += 64 * 1024) {
          if (!req.write(Buffer.alloc(64 * 1024, 32))) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("response", (res) => {
        answered = true;
        status = res.statusCode ?? 0;
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("error", (e) => errors.push(String((e as NodeJS.ErrnoException).code)));
        req.end();
      });
      req.on("error", (e) => errors.push(String((e as NodeJS.ErrnoException).code)));
      req.on("close", () => resolve({ status, body, errors }));
      pump();
    });
    expect(chunked.errors).toEqual([]);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toMatchObject({ title: "body_too_large", status: 413 });
    // A client that writes its whole 16 MiB body before it reads (as curl or Python's requests do): the declared length
    // is refused at once, and the client can still finish writing and read the answer.
    const whole = await writeWholeThenRead(h.port, `POST /echo HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${16 * 1024 * 1024}\r\n\r\n`, Buffer.alloc(16 * 1024 * 1024, 32));
    expect(whole).toMatch(/^HTTP\/1\.1 413 /);
    expect(whole).toMatch(/\r\nConnection: close\r\n/i);
    expect(whole).toContain('"title":"body_too_large"');
    await stillServes(h);
  });

  it("the discard after a refused body is bounded: past its byte bound it stops and reports the body unread (issue 38)", async () => {
    const results: boolean[] = [];
    const server = createServer((req, res) => {
      void drainRequest(req, { maxBytes: 256 * 1024, signal: new AbortController().signal }).then((ended) => {
        results.push(ended);
        res.end();
        req.socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 32);
    const writeMore = (): void => {
      while (!socket.destroyed && socket.write(chunk));
      if (!socket.destroyed) socket.once("drain", writeMore);
    };
    writeMore();
    await eventually(() => results.length === 1, 10_000, "the drain to stop at its bound");
    expect(results).toEqual([false]);
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
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
