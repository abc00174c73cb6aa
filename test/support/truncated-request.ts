// Test support: seeded requests of every method (CONNECT and upgrades too) whose client closes at a random byte, over raw loopback sockets.

import { connect } from "node:net";

/** How the client goes: a reset (RST, the peer vanishes), a half-close (FIN, then it reads), or a plain close. */
export type ClientClose = "reset" | "half-close" | "close";

export interface TruncatedRequest {
  readonly kind: string;
  /** The whole request; only `wire.subarray(0, cutAt)` is sent. */
  readonly wire: Buffer;
  readonly cutAt: number;
  readonly close: ClientClose;
}

/** What a server needs to take a request far enough to be worth cutting short. */
export interface TruncationTarget {
  readonly host: string;
  /** Request targets that reach real handlers (with any token they need), and some that do not. */
  readonly paths: readonly string[];
  /** Header lines the server checks (authentication), sent in most cases. */
  readonly headers: readonly string[];
  /** A body the server accepts on its POST routes. */
  readonly body: string;
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

export const TRUNCATION_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "UPGRADE_WS", "UPGRADE_H2C"] as const;

function bodyFraming(next: () => number, body: string): { headers: string[]; bytes: string } {
  switch (Math.floor(next() * 4)) {
    case 0:
      return { headers: [], bytes: "" };
    case 1: {
      const chunks = [body.slice(0, Math.ceil(body.length / 2)), body.slice(Math.ceil(body.length / 2))].filter((c) => c.length > 0);
      return { headers: ["Transfer-Encoding: chunked"], bytes: `${chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join("")}0\r\n\r\n` };
    }
    default:
      return { headers: [`Content-Length: ${Buffer.byteLength(body)}`], bytes: body };
  }
}

/** One well-formed request of any method (cut short later), so the cut lands in its request line, headers or body. */
export function truncatedRequest(next: () => number, target: TruncationTarget): TruncatedRequest {
  const method = pick(next, TRUNCATION_METHODS);
  const headers = [`Host: ${target.host}`];
  if (next() < 0.85) headers.push(...target.headers);
  let line: string;
  let bytes = "";
  if (method === "CONNECT") {
    line = `CONNECT ${pick(next, [target.host, "example.com:443", "[::1]:22", pick(next, target.paths)])} HTTP/1.1`;
    // Bytes after a CONNECT's headers are the tunnel's first bytes, which the server never reads.
    if (next() < 0.5) bytes = "\x16\x03\x01\x00\xa5tunnel";
  } else if (method === "UPGRADE_WS" || method === "UPGRADE_H2C") {
    line = `GET ${pick(next, target.paths)} HTTP/1.1`;
    if (method === "UPGRADE_WS") headers.push("Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13");
    else headers.push("Connection: Upgrade, HTTP2-Settings", "Upgrade: h2c", "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA");
    // A WebSocket frame (masked text) right behind the handshake.
    if (next() < 0.5) bytes = "\x81\x85\x37\xfa\x21\x3d\x7f\x9f\x4d\x51\x58";
  } else {
    line = `${method} ${pick(next, target.paths)} HTTP/1.1`;
    const framing = bodyFraming(next, method === "GET" || method === "HEAD" ? "" : target.body);
    headers.push("Content-Type: application/json", ...framing.headers);
    bytes = framing.bytes;
  }
  const head = `${line}\r\n${headers.join("\r\n")}\r\n\r\n`;
  const wire = Buffer.from(`${head}${bytes}`, "latin1");
  const headEnd = Buffer.byteLength(head, "latin1");
  // A quarter of the cuts land right at the end of the headers: the server has the whole request head (a CONNECT or
  // an upgrade is handed over) and the client is already gone when it answers.
  const where = next();
  const cutAt = where < 0.25 ? headEnd : where < 0.4 ? wire.length : Math.floor(next() * (wire.length + 1));
  const close = pick(next, ["reset", "reset", "half-close", "close"] as const);
  return { kind: `${method} ${close} ${cutAt >= headEnd ? "after-head" : "in-head"}`, wire, cutAt, close };
}

/**
 * Sends the request's first `cutAt` bytes and closes the way the case says, in the same tick as the write, so the
 * server sees the bytes and the close together. Resolves once the client socket is closed (a half-closed client
 * waits up to `readMs` for the server to close, then goes).
 */
export function sendTruncated(port: number, c: TruncatedRequest, readMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const sock = connect(port, "127.0.0.1");
    const giveUp = setTimeout(() => sock.destroy(), readMs);
    sock.on("error", () => sock.destroy());
    sock.on("close", () => {
      clearTimeout(giveUp);
      resolve();
    });
    sock.on("data", () => undefined);
    sock.on("connect", () => {
      if (c.cutAt > 0) sock.write(c.wire.subarray(0, c.cutAt));
      if (c.close === "reset") sock.resetAndDestroy();
      else if (c.close === "close") sock.destroy();
      else sock.end();
    });
  });
}

/** Method × close × where-cut classes no case of `cases` falls in (each should be covered by a seeded run). */
export function uncoveredClasses(cases: readonly TruncatedRequest[]): string[] {
  const seen = new Set(cases.map((c) => c.kind));
  const all = TRUNCATION_METHODS.flatMap((m) => (["reset", "half-close", "close"] as const).flatMap((close) => [`${m} ${close} in-head`, `${m} ${close} after-head`]));
  return all.filter((k) => !seen.has(k));
}

/** Runs `cases` through `parallel` clients; resolves when every client has closed. */
export async function sendAllTruncated(port: number, cases: readonly TruncatedRequest[], parallel: number): Promise<void> {
  let index = 0;
  const worker = async (): Promise<void> => {
    for (let i = index++; i < cases.length; i = index++) await sendTruncated(port, cases[i] as TruncatedRequest);
  };
  await Promise.all(Array.from({ length: parallel }, () => worker()));
}
