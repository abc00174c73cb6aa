// The operations routes: `/healthz` (public, for probes) and `/openapi.json` (the document generated from the route table).

import { type TSchema, Type } from "@sinclair/typebox";
import { packageVersion } from "../version.js";
import { buildOpenApiDocument } from "./openapi.js";
import { ERROR_RESPONSE } from "./problem.js";
import type { Route } from "./route.js";

export const HealthBody = Type.Object(
  {
    status: Type.Literal("ok"),
    sessions: Type.Integer({ minimum: 0, description: "Live sessions on this server" }),
    maxSessions: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false, $id: "Health", title: "Health" },
);

export interface OpsState {
  readonly sessions: () => number;
  readonly maxSessions: number;
  /** Every route the server serves (these included), for the document. */
  readonly routes: () => readonly Route[];
  /** Named schemas the routes reference by `$ref`. */
  readonly schemas: readonly TSchema[];
}

export function opsRoutes(state: OpsState): Route[] {
  let document: unknown;
  return [
    {
      method: "GET",
      path: "/healthz",
      operationId: "healthz",
      summary: "Liveness probe",
      description: "Public (no token needed): answers while the server accepts requests; 503 once shutdown began.",
      group: "ops",
      public: true,
      responses: { "200": { description: "Serving", schema: HealthBody }, default: ERROR_RESPONSE },
      handle: async () => ({ status: 200, body: { status: "ok", sessions: state.sessions(), maxSessions: state.maxSessions } }),
    },
    {
      method: "GET",
      path: "/openapi.json",
      operationId: "getOpenApi",
      summary: "This server's OpenAPI 3.1 document",
      description: "Generated from the same route table the server dispatches on.",
      group: "ops",
      responses: { "200": { description: "The OpenAPI document", schema: Type.Object({ openapi: Type.String(), paths: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }) }, default: ERROR_RESPONSE },
      handle: async () => {
        document ??= buildOpenApiDocument(
          state.routes(),
          { title: "Elwood", version: packageVersion(), description: "elwood serve: agentapi's API on one default session (tag compat) and Elwood's many-session API (tag native)." },
          state.schemas,
        );
        return { status: 200, body: document };
      },
    },
  ];
}
