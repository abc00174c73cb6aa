// The request checks every route passes before its handler: bearer token, Host and Origin allowlists, body size, JSON body validation.

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { HttpProblem } from "./problem.js";
import type { Route } from "./route.js";

export interface GuardOptions {
  /** undefined: no authentication (only allowed on a loopback host; the command checks that). */
  readonly token: string | undefined;
  /** Accepted Host header values: `name` (any port) or `name:port`; `*` accepts any. */
  readonly allowedHosts: readonly string[];
  /** Accepted Origin header values (`scheme://host[:port]`); `*` accepts any. A request without Origin is accepted. */
  readonly allowedOrigins: readonly string[];
}

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

/** Constant-time comparison: the digests have the same length whatever the input. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function checkAuth(req: IncomingMessage, token: string | undefined): void {
  if (token === undefined) return;
  const header = req.headers.authorization;
  const match = typeof header === "string" ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  if (match === null) throw new HttpProblem(401, "unauthorized", "a bearer token is required (Authorization: Bearer <token>)", undefined, { "WWW-Authenticate": 'Bearer realm="elwood"' });
  if (!tokenMatches(match[1] as string, token)) throw new HttpProblem(401, "unauthorized", "the bearer token is not valid", undefined, { "WWW-Authenticate": 'Bearer realm="elwood", error="invalid_token"' });
}

/** Splits a Host value into lower-cased name and port ("[::1]:8080" → ["[::1]", "8080"]). */
function splitHost(host: string): { name: string; port: string | undefined } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim().toLowerCase());
  return m === null ? { name: host.toLowerCase(), port: undefined } : { name: m[1] as string, port: m[2] };
}

export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes("*")) return true;
  if (host === undefined || host === "") return false;
  const got = splitHost(host);
  return allowed.some((entry) => {
    const want = splitHost(entry);
    return want.name === got.name && (want.port === undefined || want.port === got.port);
  });
}

export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes("*")) return true;
  const normalized = origin.trim().toLowerCase().replace(/\/+$/, "");
  return allowed.some((entry) => entry.trim().toLowerCase().replace(/\/+$/, "") === normalized);
}

/** Host first (DNS rebinding), then Origin (cross-site pages), then the token. */
export function checkRequest(req: IncomingMessage, route: Route, options: GuardOptions): void {
  if (!hostAllowed(req.headers.host, options.allowedHosts)) throw new HttpProblem(400, "host_not_allowed", "the Host header is not on the server's allowlist (--allowed-hosts)");
  const origin = req.headers.origin;
  if (!originAllowed(typeof origin === "string" ? origin : undefined, options.allowedOrigins)) throw new HttpProblem(403, "origin_not_allowed", "the Origin is not on the server's allowlist (--allowed-origins)");
  if (route.public !== true) checkAuth(req, options.token);
}

/** Reads the whole body, failing with 413 as soon as it passes `limit` bytes (the rest is not buffered). */
export function readBody(req: IncomingMessage, limit: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: unknown) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      signal.removeEventListener("abort", onAbort);
      if (error === undefined) resolve(Buffer.concat(chunks, size));
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop reading; the reply closes the connection so the remaining bytes are never taken in.
        req.pause();
        done(tooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => done();
    const onError = (error: unknown) => done(error instanceof Error ? error : new Error(String(error)));
    const onAbort = () => done(new HttpProblem(499, "client_closed", "the client went away"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    signal.addEventListener("abort", onAbort);
  });
}

function tooLarge(limit: number): HttpProblem {
  return new HttpProblem(413, "body_too_large", `the request body is larger than ${limit} bytes`);
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/** A compiled check of `schema`; `references` resolve the `$ref`s it holds (named schemas by `$id`). */
function checker(schema: TSchema, references: readonly TSchema[]): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = TypeCompiler.Compile(schema, [...references]);
    compiled.set(schema, check);
  }
  return check;
}

export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Parses and validates a JSON body against the route's schema. A JSON content type is required: it also keeps
 * cross-site "simple" form posts (text/plain) out.
 */
export function parseJsonBody(req: IncomingMessage, raw: Buffer, schema: TSchema, references: readonly TSchema[] = []): unknown {
  if (!isJsonContentType(req.headers["content-type"])) throw new HttpProblem(415, "unsupported_media_type", "the body must be application/json");
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw new HttpProblem(400, "malformed_json", `the body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const check = checker(schema, references);
  if (!check.Check(value)) {
    const errors = [...check.Errors(value)].slice(0, 10).map((e) => ({ location: `body${e.path.replaceAll("/", ".")}`, message: e.message }));
    throw new HttpProblem(422, "invalid_body", `the body does not match the schema: ${errors[0]?.location ?? "body"} ${errors[0]?.message ?? ""}`.trim(), errors);
  }
  return value;
}
