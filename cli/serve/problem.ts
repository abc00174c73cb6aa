// Error replies of `elwood serve`: agentapi's ErrorModel (RFC 9457 problem+json), with Elwood's stable code in `type` and `title`.

import { type Static, Type } from "@sinclair/typebox";
import { isElwoodError } from "../../src/index.js";
import { elwoodErrorStatus } from "./error-status.js";
import type { JsonReply, RouteResponse } from "./route.js";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * agentapi's ErrorModel field by field. It forbids extra properties, so Elwood's stable error code travels as
 * `type: "urn:elwood:problem:<code>"` and as `title: "<code>"`; `detail` is the human explanation.
 */
export const ErrorDetail = Type.Object(
  {
    location: Type.Optional(Type.String({ description: "Where the error occurred, e.g. 'body.content'" })),
    message: Type.Optional(Type.String({ description: "Error message text" })),
    value: Type.Optional(Type.Unknown({ description: "The value at the given location" })),
  },
  { additionalProperties: false },
);

export const ErrorModel = Type.Object(
  {
    $schema: Type.Optional(Type.String({ format: "uri", readOnly: true, description: "A URL to the JSON Schema for this object (never sent by Elwood)." })),
    instance: Type.Optional(Type.String({ format: "uri", description: "A URI reference that identifies the specific occurrence of the problem (never sent by Elwood)." })),
    type: Type.String({ format: "uri", description: "urn:elwood:problem:<code>, where <code> is Elwood's stable error code" }),
    title: Type.String({ description: "Elwood's stable error code (e.g. session_limit, unauthorized, invalid_body)" }),
    status: Type.Integer({ description: "HTTP status code" }),
    detail: Type.String({ description: "A human-readable explanation specific to this occurrence of the problem." }),
    errors: Type.Optional(Type.Array(ErrorDetail)),
  },
  { additionalProperties: false, $id: "ErrorModel", title: "ErrorModel" },
);
export type ErrorModel = Static<typeof ErrorModel>;

/** The `default` response every route declares. */
export const ERROR_RESPONSE: RouteResponse = { description: "Error (problem+json; the stable code is in `title`)", contentType: PROBLEM_CONTENT_TYPE, schema: ErrorModel };

/** A failure a handler or the request pipeline raises on purpose: becomes its problem+json reply. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: ErrorModel["errors"],
    /** Extra response headers (e.g. WWW-Authenticate, Allow). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
    this.name = "HttpProblem";
  }
}

export function problemBody(status: number, code: string, detail: string, errors?: ErrorModel["errors"]): ErrorModel {
  return { type: `urn:elwood:problem:${code}`, title: code, status, detail, ...(errors === undefined ? {} : { errors }) };
}

/** Any thrown value as the problem to reply with; unexpected errors become a 500 that names no internals. */
export function asProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (isElwoodError(error)) return new HttpProblem(elwoodErrorStatus(error.code), error.code, error.message);
  return new HttpProblem(500, "internal_error", "the server failed to handle the request");
}

export function problemReply(problem: HttpProblem): JsonReply {
  return { status: problem.status, body: problemBody(problem.status, problem.code, problem.detail, problem.errors) };
}
