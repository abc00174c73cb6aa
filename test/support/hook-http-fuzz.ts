// Test support: seeded malformed hook POSTs for the bridge's HTTP listener (the token travels in a header there).
import type { FuzzCase } from "./http-fuzz.js";

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const bytes = (next: () => number, n: number): Buffer => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
const NON_ASCII = ["é", "世", "😀", "\u0085", "ÿ", "\u2028"];

function token(next: () => number, real: string): string | undefined {
  switch (Math.floor(next() * 8)) {
    case 0:
      return undefined;
    case 1:
      return "";
    case 2:
      return Array.from({ length: real.length }, () => pick(next, NON_ASCII)).join("");
    case 3:
      return real.slice(0, Math.floor(next() * real.length));
    case 4:
      return `${real}${pick(next, ["x", " x", "é", "\t"])}`;
    case 5:
      return bytes(next, Math.floor(next() * 60)).toString("latin1").replace(/[\r\n]/g, "");
    default:
      // The real token: such a case is malformed elsewhere (method, path, framing or body).
      return real;
  }
}

function body(next: () => number): string {
  return pick(next, [
    "",
    "{",
    "{not json",
    "[1,2]",
    "5",
    "null",
    '"s"',
    "\u0000\u0001",
    `{"a":${"[".repeat(50)}`,
    bytes(next, 1 + Math.floor(next() * 300)).toString("latin1"),
  ]);
}

/** One malformed hook call: bad method, path, token, framing or body, in any combination; never a whole valid call. */
export function hookFuzzCase(next: () => number, real: string, maxBytes: number): FuzzCase {
  const style = next();
  let wire: Buffer;
  let kind: string;
  if (style < 0.08) {
    kind = "garbage";
    wire = bytes(next, 1 + Math.floor(next() * 1500));
  } else {
    const validPath = next() < 0.5;
    const method = validPath ? pick(next, ["GET", "PUT", "DELETE", "OPTIONS", "G\u00e9T", "get", "PATCH"]) : pick(next, ["POST", "GET", "CONNECT", "PRI"]);
    const path = validPath
      ? "/hook/Stop"
      : pick(next, ["/", "/hook/", "/hook/NoSuch", "/hook/Stop/", "/hook/St%6fp", "/hook/Stop?x=1", "*", "//", "/%", `/${"a".repeat(Math.floor(next() * 20_000))}`, "http://[", "/hook/😀"]);
    const version = pick(next, ["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9", ""]);
    const payload = validPath && next() < 0.3 ? "{}" : body(next);
    const headers = [`Host: ${pick(next, ["127.0.0.1", "localhost", "", "é"])}`];
    const t = token(next, real);
    if (t !== undefined) headers.push(`${pick(next, ["X-Elwood-Hook-Token", "x-elwood-hook-token", "X-Elwood-Hook-Tokenx", "Authorization"])}: ${t}`);
    switch (Math.floor(next() * 6)) {
      case 0:
        headers.push(`Content-Length: ${pick(next, ["-1", "abc", "99999999999999999999", String(maxBytes + 1), "1e3", ""])}`);
        break;
      case 1:
        headers.push("Transfer-Encoding: chunked");
        break;
      case 2:
        headers.push(`Content-Length: ${Buffer.byteLength(payload)}`, `Content-Length: ${Buffer.byteLength(payload) + 1}`);
        break;
      case 3:
        headers.push("Bad Header Without Colon");
        break;
      default:
        headers.push(`Content-Length: ${Buffer.byteLength(payload)}`);
    }
    kind = validPath ? "method" : "path";
    wire = Buffer.from(`${method} ${path} ${version}\r\n${headers.join("\r\n")}\r\n\r\n${payload}`, next() < 0.5 ? "utf8" : "latin1");
  }
  if (next() >= 0.02) return { kind, parts: [wire], delayMs: 0 };
  const parts: Buffer[] = [];
  const step = Math.max(1, Math.ceil(wire.length / 6));
  for (let at = 0; at < wire.length; at += step) parts.push(wire.subarray(at, at + step));
  return { kind: `slow ${kind}`, parts, delayMs: 30 };
}
