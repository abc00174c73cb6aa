// The node:http server of `elwood serve` and its request pipeline: guard, route, body, handler, reply, log — nothing thrown escapes.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { TSchema } from "@sinclair/typebox";
import { refuseUnservedSockets } from "../../effects/raw-socket-refusal.js";
import { drainRequest } from "./body-drain.js";
import { asProblem, HttpProblem, PROBLEM_CONTENT_TYPE, problemReply } from "./problem.js";
import { checkAuth, checkRequest, hostAllowed, originAllowed, parseJsonBody, readBody } from "./request-guard.js";
import type { RequestLogger } from "./request-log.js";
import type { HttpMethod, JsonReply, Route, RouteContext } from "./route.js";
import { Router } from "./router.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Open connections at most (SSE streams included). */
export const MAX_CONNECTIONS = 512;

export interface ServeServerOptions {
  readonly routes: readonly Route[];
  /** undefined: no authentication (the command allows that on loopback only). */
  readonly token: string | undefined;
  /** undefined: localhost, 127.0.0.1 and [::1] with the listening port. */
  readonly allowedHosts?: readonly string[] | undefined;
  readonly allowedOrigins?: readonly string[] | undefined;
  readonly maxBodyBytes?: number | undefined;
  readonly log?: RequestLogger | undefined;
  /** An unexpected failure behind a 500 (the client gets no details; the operator does). */
  readonly onInternalError?: ((error: unknown, method: string, path: string) => void) | undefined;
  /** The session a request is about, for the log line (default: the `:id` path parameter). */
  readonly sessionOf?: ((route: Route, params: Readonly<Record<string, string>>) => string | undefined) | undefined;
  /** Named schemas (with `$id`) that route body schemas reference by `$ref`. */
  readonly schemas?: readonly TSchema[] | undefined;
}

interface InFlight {
  readonly controller: AbortController;
  readonly res: ServerResponse;
}

const METHODS: readonly string[] = ["GET", "POST", "DELETE"] satisfies HttpMethod[];
/** Headers a browser page on an allowed origin may send. */
const CORS_HEADERS = "Authorization, Content-Type, Last-Event-ID";

export class ServeServer {
  private readonly server: Server;
  private readonly router: Router;
  private readonly inFlight = new Set<InFlight>();
  private readonly sockets = new Set<Socket>();
  private allowedHosts: readonly string[];
  private closing: Promise<void> | undefined;

  constructor(private readonly options: ServeServerOptions) {
    this.router = new Router(options.routes);
    this.allowedHosts = options.allowedHosts ?? [];
    // Node enforces headersTimeout only when it checks its connections (every 30 s by default): checked each second,
    // clients that open sockets and send nothing cannot hold the connection cap for long.
    this.server = createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
      void this.handle(req, res);
    });
    // Slow or malformed clients cannot hold the server: headers within 10 s, the request itself within 60 s.
    this.server.headersTimeout = 10_000;
    // Connections past this are refused by node itself, before any request is read.
    this.server.maxConnections = MAX_CONNECTIONS;
    this.server.requestTimeout = 60_000;
    // Unparseable requests get their 4xx, a CONNECT its 405; a peer gone before the answer cannot throw.
    refuseUnservedSockets(this.server);
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
  }

  /** Listens; port 0 picks a free one. Resolves with the bound address. */
  listen(port: number, host: string): Promise<{ host: string; port: number }> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once("error", onError);
      this.server.listen(port, host, () => {
        this.server.off("error", onError);
        const address = this.server.address() as AddressInfo;
        if (this.options.allowedHosts === undefined) this.allowedHosts = defaultAllowedHosts(address.port, host);
        resolve({ host, port: address.port });
      });
    });
  }

  get allowedHostList(): readonly string[] {
    return this.allowedHosts;
  }

  /** Requests being handled now (open SSE streams included). */
  get activeRequests(): number {
    return this.inFlight.size;
  }

  /**
   * Stops accepting, aborts every request in flight (their handlers and SSE streams see `signal` abort), and closes
   * the connections once they are idle, or after `graceMs` at the latest.
   */
  close(graceMs = 2_000): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const entry of this.inFlight) entry.controller.abort();
      this.server.closeIdleConnections();
      const force = setTimeout(() => {
        for (const socket of this.sockets) socket.destroy();
      }, graceMs);
      force.unref();
    });
    return this.closing;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const controller = new AbortController();
    const entry: InFlight = { controller, res };
    this.inFlight.add(entry);
    let path = "/";
    let session: string | undefined;
    let code: string | undefined;
    res.once("close", () => {
      this.inFlight.delete(entry);
      // The client went away (or the reply ended): whatever the handler still awaits sees the abort.
      controller.abort();
      this.options.log?.({ method: req.method ?? "?", path, status: res.statusCode, ms: performance.now() - started, session, code });
    });
    try {
      if (this.closing) throw new HttpProblem(503, "shutting_down", "the server is shutting down");
      const url = parseUrl(req.url);
      path = url.pathname;
      const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined;
      if (origin !== undefined && originAllowed(origin, this.options.allowedOrigins ?? [])) this.corsHeaders(res, origin);
      if (req.method === "OPTIONS") {
        this.preflight(req, res, origin);
        return;
      }
      if (!hostAllowed(req.headers.host, this.allowedHosts)) throw new HttpProblem(400, "host_not_allowed", "the Host header is not on the server's allowlist (--allowed-hosts)");
      const match = this.router.match(req.method ?? "", url.pathname);
      if (match.kind !== "found") {
        // Unknown paths answer 401 to an unauthenticated caller: the route table is not discoverable without the token.
        checkAuth(req, this.options.token);
        if (match.kind === "method_not_allowed")
          throw new HttpProblem(405, "method_not_allowed", `${req.method} is not allowed on ${url.pathname}`, undefined, { Allow: match.allowed.join(", ") });
        if (match.kind === "bad_path") throw new HttpProblem(400, "bad_path", "a path parameter is not valid percent-encoding");
        throw new HttpProblem(404, "not_found", `no route ${req.method} ${url.pathname}`);
      }
      const { route, params } = match;
      session = this.options.sessionOf?.(route, params) ?? params.id;
      checkRequest(req, route, { token: this.options.token, allowedHosts: this.allowedHosts, allowedOrigins: this.options.allowedOrigins ?? [] });
      const takesBody = route.body !== undefined || route.bodyKind === "raw";
      const raw = takesBody ? await readBody(req, route.maxBodyBytes ?? this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, controller.signal) : undefined;
      const body = route.body !== undefined && route.bodyKind !== "raw" ? parseJsonBody(req, raw as Buffer, route.body, this.options.schemas) : undefined;
      const ctx: RouteContext = {
        method: route.method,
        params,
        query: url.searchParams,
        body,
        rawBody: raw,
        headers: req.headers,
        req,
        res,
        signal: controller.signal,
      };
      const result = await route.handle(ctx);
      if (result === "streamed") {
        if (!res.writableEnded && !res.destroyed) await new Promise<void>((resolve) => res.once("close", resolve));
        return;
      }
      if (result.status >= 400) code = problemCode(result);
      this.reply(res, result, route.responses[String(result.status)]?.contentType);
    } catch (error) {
      const problem = asProblem(error);
      code = problem.code;
      if (problem.status === 500) this.options.onInternalError?.(error, req.method ?? "?", path);
      if (res.headersSent || res.destroyed) {
        // A stream that already started cannot turn into an error reply: end it.
        res.destroy();
        return;
      }
      for (const [name, value] of Object.entries(problem.headers ?? {})) res.setHeader(name, value);
      // A body we stopped reading must not be read as the next request.
      if (problem.status === 413 || problem.status === 499) res.setHeader("Connection", "close");
      if (problem.status === 413) await this.replyThenDrain(req, res, problemReply(problem), controller.signal);
      else this.reply(res, problemReply(problem), PROBLEM_CONTENT_TYPE);
    }
  }

  private reply(res: ServerResponse, reply: JsonReply, contentType: string | undefined): void {
    if (res.destroyed || res.writableEnded) return;
    res.end(this.prepare(res, reply, contentType));
  }

  /** Sets the reply's status and headers; returns its serialised body. */
  private prepare(res: ServerResponse, reply: JsonReply, contentType: string | undefined): string {
    const type = contentType ?? (reply.status >= 400 ? PROBLEM_CONTENT_TYPE : "application/json");
    const text = JSON.stringify(reply.body);
    res.statusCode = reply.status;
    res.setHeader("Content-Type", `${type}; charset=utf-8`);
    res.setHeader("Content-Length", Buffer.byteLength(text));
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    return text;
  }

  /**
   * A refused body's reply: written whole at once (its Content-Length tells the client it is complete), then the rest of
   * the body is discarded (bounded) before the connection closes. Closing with the client's bytes unread would reset
   * the connection, and a client still writing would never read the reply.
   */
  private async replyThenDrain(req: IncomingMessage, res: ServerResponse, reply: JsonReply, signal: AbortSignal): Promise<void> {
    if (res.destroyed || res.writableEnded) return;
    res.write(this.prepare(res, reply, PROBLEM_CONTENT_TYPE));
    const drained = await drainRequest(req, { signal });
    res.end();
    // Past the bound: the rest is never read (nor parsed as a next request); the connection goes now.
    if (!drained) req.socket.destroy();
  }

  private corsHeaders(res: ServerResponse, origin: string): void {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Vary", "Origin");
  }

  /** A CORS preflight: allowed origins get the methods and headers; others a 403. */
  private preflight(req: IncomingMessage, res: ServerResponse, origin: string | undefined): void {
    if (origin === undefined || !originAllowed(origin, this.options.allowedOrigins ?? [])) throw new HttpProblem(403, "origin_not_allowed", "the Origin is not on the server's allowlist (--allowed-origins)");
    if (!hostAllowed(req.headers.host, this.allowedHosts)) throw new HttpProblem(400, "host_not_allowed", "the Host header is not on the server's allowlist (--allowed-hosts)");
    res.statusCode = 204;
    res.setHeader("Access-Control-Allow-Methods", METHODS.join(", "));
    res.setHeader("Access-Control-Allow-Headers", CORS_HEADERS);
    res.setHeader("Access-Control-Max-Age", "600");
    res.end();
  }
}

/** The loopback names with the port, and the listening address itself unless it is a wildcard (0.0.0.0, ::). */
export function defaultAllowedHosts(port: number, host = "127.0.0.1"): string[] {
  const loopback = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "0.0.0.0" || bare === "::" || bare === "") return loopback;
  const own = `${bare.includes(":") ? `[${bare}]` : bare}:${port}`.toLowerCase();
  return loopback.includes(own) ? loopback : [...loopback, own];
}

function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? "/", "http://server.invalid");
  } catch {
    throw new HttpProblem(400, "bad_path", "the request target is not a valid URL path");
  }
}

function problemCode(reply: JsonReply): string | undefined {
  const body = reply.body as { title?: unknown } | null;
  return typeof body?.title === "string" ? body.title : undefined;
}
