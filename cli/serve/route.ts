// One HTTP route of `elwood serve`: its method, path pattern, schemas and handler. The server dispatches on this table
// and the OpenAPI document is generated from the very same table, so the document cannot drift from the routes.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { TSchema } from "@sinclair/typebox";

export type HttpMethod = "GET" | "POST" | "DELETE";

/** What a handler receives: the parsed request and the raw response (for SSE), already authenticated and checked. */
export interface RouteContext {
  readonly method: HttpMethod;
  /** Path parameters named in the pattern (`/v1/sessions/:id` → `{ id }`), URI-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body, already validated against `route.body` (undefined when the route takes none). */
  readonly body: unknown;
  /** The raw body bytes, for routes that take a non-JSON body (`bodyKind: "raw"`). */
  readonly rawBody: Buffer | undefined;
  readonly headers: IncomingMessage["headers"];
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Aborted when the client goes away or the server shuts down. */
  readonly signal: AbortSignal;
}

/** A JSON reply: the server serialises `body` with the route's declared content type for `status`. */
export interface JsonReply {
  readonly status: number;
  readonly body: unknown;
}

/** A route that wrote its own response (an SSE stream) returns `"streamed"`. */
export type RouteResult = JsonReply | "streamed";

export interface RouteResponse {
  readonly description: string;
  /** `application/json` unless said otherwise (`text/event-stream` for SSE, `application/problem+json` for errors). */
  readonly contentType?: string;
  readonly schema: TSchema;
}

/** A documented query or header parameter of a route. */
export interface RouteParameter {
  readonly name: string;
  readonly in: "query" | "header";
  readonly description: string;
  readonly required?: boolean;
  readonly schema: TSchema;
}

export interface Route {
  readonly method: HttpMethod;
  /** Express-style pattern: literal segments and `:name` parameters. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  /** Query and header parameters the route reads (documented only; path parameters come from the pattern). */
  readonly parameters?: readonly RouteParameter[];
  /** `"compat"`: agentapi's API, field by field; `"native"`: Elwood's own many-session API; `"ops"`: health and docs. */
  readonly group: "compat" | "native" | "ops";
  /** Whether the route is reachable without the bearer token (only `/healthz`). */
  readonly public?: boolean;
  /** JSON body schema; omitted when the route takes no body. */
  readonly body?: TSchema;
  /** `"json"` (default when `body` is set) or `"raw"` (uploads: the bytes are handed over as they are). */
  readonly bodyKind?: "json" | "raw";
  /** The request body's media type in the document (default `application/json`, or `application/octet-stream` for raw). */
  readonly bodyContentType?: string;
  /** Largest body accepted, in bytes (the server's default applies when omitted). */
  readonly maxBodyBytes?: number;
  /** Declared responses by status code (`"default"` for the error model). */
  readonly responses: Readonly<Record<string, RouteResponse>>;
  readonly handle: (ctx: RouteContext) => Promise<RouteResult>;
}
