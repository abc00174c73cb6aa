// Test support: seeded malformed HTTP requests and WebSocket upgrades, sent over raw loopback sockets.

import http from "node:http";
import { connect } from "node:net";

export { prng } from "./prng.js";

/** The status of one plain GET. */
export function httpStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}


export interface FuzzCase {
  readonly kind: string;
  /** Sent in order; a pause of `delayMs` comes before every part but the first (a slow client). */
  readonly parts: readonly Buffer[];
  readonly delayMs: number;
}

export interface FuzzTarget {
  readonly port: number;
  readonly token: string;
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const randomBytesOf = (next: () => number, n: number): Buffer => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
const NON_ASCII = ["é", "世", "😀", "\u0085", "\ud83d", "ÿ", "\u2028"];

const percentEncode = (bytes: Buffer): string => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** A token of any shape: wrong length, right length with multi-byte characters, raw bytes, percent-escaped bytes. */
function hostileToken(next: () => number, real: string): string {
  switch (Math.floor(next() * 7)) {
    case 0:
      return Array.from({ length: real.length }, () => pick(next, NON_ASCII)).join("");
    case 1:
      return percentEncode(Buffer.from(Array.from({ length: real.length }, () => pick(next, NON_ASCII)).join(""), "utf8"));
    case 2:
      return percentEncode(randomBytesOf(next, Math.floor(next() * 80)));
    case 3:
      return real.slice(0, Math.floor(next() * real.length)) + "é".repeat(Math.floor(next() * 4));
    case 4:
      return "%".repeat(1 + Math.floor(next() * 3)) + "zz";
    case 5:
      return "x".repeat(Math.floor(next() * 200));
    default:
      return `${real.slice(1)}${pick(next, NON_ASCII)}`;
  }
}

function hostileTarget(next: () => number, token: string): string {
  const path = pick(next, ["/", "/ws", "/app.js", "/style.css", "/nope", "*", "", "//", "/%", "/..%2f", "/?"]);
  switch (Math.floor(next() * 6)) {
    case 0:
      return pick(next, ["http://[", "http://[::1", "http://:0", "http://%", "http://a b/", "https://[::g]/", "//[", "http://[::1]:99999/", "ftp://x"]);
    case 1:
      return `${path}?token=${hostileToken(next, token)}`;
    case 2:
      return `${path}?token=${hostileToken(next, token)}&token=${token}`;
    case 3:
      return `/${"a".repeat(Math.floor(next() * 20_000))}?token=${hostileToken(next, token)}`;
    case 4:
      return randomBytesOf(next, 1 + Math.floor(next() * 40)).toString("latin1");
    default:
      // Always a suffix: the bare real token on a real path would be a valid request, not a malformed one.
      return `${path}?token=${token}${pick(next, ["%00", "é", "%ZZ", "%", "x", "%C3%A9"])}`;
  }
}

function hostileHeaders(next: () => number, port: number, upgrade: boolean): string[] {
  const headers: string[] = [];
  const host = pick(next, [`127.0.0.1:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `evil.example:${port}`, "", `127.0.0.1:${port}é`]);
  if (next() < 0.9) headers.push(`Host: ${host}`);
  if (next() < 0.2) headers.push(`Host: 127.0.0.1:${port}`);
  if (upgrade) {
    headers.push(pick(next, ["Upgrade: websocket", "Upgrade: WebSocket", "Upgrade: h2c", "Upgrade: é"]));
    headers.push("Connection: Upgrade");
    if (next() < 0.7) headers.push(`Sec-WebSocket-Key: ${pick(next, ["dGhlIHNhbXBsZSBub25jZQ==", "", "short", "é".repeat(24)])}`);
    if (next() < 0.7) headers.push(`Sec-WebSocket-Version: ${pick(next, ["13", "8", "", "x"])}`);
    if (next() < 0.5) headers.push(`Origin: ${pick(next, ["http://evil.example", `http://127.0.0.1:${port}`, "null", "http://[", "é"])}`);
  }
  const extra = Math.floor(next() * 4);
  for (let i = 0; i < extra; i++) {
    headers.push(
      pick(next, [
        `X-${"h".repeat(Math.floor(next() * 50))}: ${randomBytesOf(next, 20).toString("latin1")}`,
        `Content-Length: ${pick(next, ["-1", "abc", "99999999999999999999", "5"])}`,
        "Transfer-Encoding: chunked",
        "Transfer-Encoding: gzip, chunked, é",
        `Cookie: ${"c".repeat(Math.floor(next() * 100_000))}`,
        "Bad Header Without Colon",
        ": empty name",
      ]),
    );
  }
  return headers;
}

/** One malformed request or upgrade; `token` is the real one, so many cases get as far as the token check. */
export function fuzzCase(next: () => number, target: FuzzTarget): FuzzCase {
  const upgrade = next() < 0.4;
  const method = pick(next, ["GET", "GET", "GET", "POST", "PUT", "DELETE", "OPTIONS", "G\u00e9T", "CONNECT", "get", "PRI"]);
  const version = pick(next, ["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9", "http/1.1", ""]);
  const style = next();
  let wire: Buffer;
  let kind: string;
  if (style < 0.08) {
    kind = "garbage";
    wire = randomBytesOf(next, 1 + Math.floor(next() * 2000));
  } else if (style < 0.12) {
    kind = "oversized";
    wire = Buffer.from(`GET /?token=${"t".repeat(200_000)} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\n\r\n`);
  } else {
    kind = upgrade ? "upgrade" : "request";
    const head = [`${method} ${hostileTarget(next, target.token)} ${version}`, ...hostileHeaders(next, target.port, upgrade)].join("\r\n");
    wire = Buffer.from(`${head}\r\n\r\n`, next() < 0.5 ? "utf8" : "latin1");
  }
  const slow = next() < 0.02;
  if (!slow) return { kind, parts: [wire], delayMs: 0 };
  const parts: Buffer[] = [];
  for (let at = 0; at < wire.length; at += Math.max(1, Math.ceil(wire.length / 8))) parts.push(wire.subarray(at, at + Math.ceil(wire.length / 8)));
  return { kind: `slow ${kind}`, parts, delayMs: 40 };
}

export interface FuzzReply {
  /** The HTTP status of the first reply, or undefined when the server closed without one. */
  readonly status: number | undefined;
  /** True when the socket was still open with no reply at the client's own deadline. */
  readonly hung: boolean;
}

/** Sends one case over a fresh loopback socket and reads the status line of whatever comes back. */
export function sendRaw(port: number, c: FuzzCase, deadlineMs = 15_000): Promise<FuzzReply> {
  return new Promise((resolve) => {
    const sock = connect(port, "127.0.0.1");
    let got = "";
    let settled = false;
    const finish = (reply: FuzzReply): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      sock.destroy();
      resolve(reply);
    };
    const statusOf = (): number | undefined => {
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
      return m ? Number(m[1]) : undefined;
    };
    const deadline = setTimeout(() => finish({ status: statusOf(), hung: statusOf() === undefined }), deadlineMs);
    sock.on("data", (chunk: Buffer) => {
      got += chunk.toString("latin1");
      if (got.includes("\r\n")) finish({ status: statusOf(), hung: false });
    });
    sock.on("error", () => finish({ status: statusOf(), hung: false }));
    sock.on("close", () => finish({ status: statusOf(), hung: false }));
    sock.on("connect", () => {
      let index = 0;
      const write = (): void => {
        if (settled || sock.destroyed) return;
        const part = c.parts[index++];
        if (part === undefined) return;
        sock.write(part, () => undefined);
        if (index < c.parts.length) setTimeout(write, c.delayMs);
      };
      write();
    });
  });
}
