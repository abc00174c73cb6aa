// The OpenAPI 3.1 document `elwood serve` generates from its route table, and the response check the tests use.

import { Validator } from "@seriousme/openapi-schema-validator";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, openApiPath } from "../../cli/serve/openapi.js";
import { nativeRoutes } from "../../cli/serve/native-routes.js";
import type { Route } from "../../cli/serve/route.js";
import { SessionRegistry } from "../../cli/serve/session-registry.js";
import {
  NATIVE_SCHEMAS,
  NativeStreamSchema,
  SendRequestSchema,
  SendResponseSchema,
  SessionInfoSchema,
  SessionListSchema,
} from "../../cli/serve/schemas/native.js";
import { expectFramesMatchDocument, expectMatchesDocument, responseProblems } from "../serve-support/openapi-check.js";

const Problem = Type.Object(
  { title: Type.String(), status: Type.Integer(), detail: Type.Optional(Type.String()), code: Type.Optional(Type.String()) },
  { $id: "TestProblem", additionalProperties: false },
);
const error = { description: "Error", contentType: "application/problem+json", schema: Problem };
const handle = async () => ({ status: 200, body: {} });

const ROUTES: readonly Route[] = [
  { method: "GET", path: "/healthz", operationId: "healthz", summary: "Health", group: "ops", public: true, responses: { "200": { description: "OK", schema: Type.Object({ ok: Type.Boolean() }) } }, handle },
  { method: "GET", path: "/v1/sessions", operationId: "listSessions", summary: "List", group: "native", responses: { "200": { description: "OK", schema: SessionListSchema }, default: error }, handle },
  { method: "GET", path: "/v1/sessions/:id", operationId: "getSession", summary: "Get", group: "native", responses: { "200": { description: "OK", schema: SessionInfoSchema }, "404": error }, handle },
  {
    method: "POST",
    path: "/v1/sessions/:id/send",
    operationId: "send",
    summary: "Send",
    group: "native",
    body: SendRequestSchema,
    responses: { "202": { description: "Accepted", schema: SendResponseSchema }, default: error },
    handle,
  },
  {
    method: "GET",
    path: "/v1/sessions/:id/stream",
    operationId: "stream",
    summary: "Stream",
    group: "native",
    parameters: [{ name: "Last-Event-ID", in: "header", description: "Resume after this id.", schema: Type.String() }],
    responses: { "200": { description: "Events", contentType: "text/event-stream", schema: NativeStreamSchema }, default: error },
    handle,
  },
  {
    method: "POST",
    path: "/upload",
    operationId: "upload",
    summary: "Upload",
    group: "compat",
    bodyKind: "raw",
    bodyContentType: "multipart/form-data",
    body: Type.Object({ file: Type.String({ format: "binary" }) }),
    responses: { "200": { description: "OK", schema: Type.Object({ ok: Type.Boolean() }) } },
    handle,
  },
];

const doc = buildOpenApiDocument(ROUTES, { title: "Elwood", version: "0.1.0" }, NATIVE_SCHEMAS);
const session = { id: "s1", agent: "claude", status: "ready", cwd: "/tmp", createdAt: "2026-12-05T22:00:00.000Z", busy: false, queuedTurns: 0, lastEventId: 3 };

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    // The validator is not a rubber stamp: a malformed operation fails it.
    const broken = { ...JSON.parse(JSON.stringify(doc)), paths: { "/x": { get: { responses: "none" } } } } as Record<string, unknown>;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("the native routes' own document is valid OpenAPI 3.1, one operation per route, every one behind the bearer token", async () => {
    const registry = new SessionRegistry(() => Promise.reject(new Error("never called")), 1);
    const routes = nativeRoutes(registry);
    const native = buildOpenApiDocument(routes, { title: "Elwood", version: "0.1.0" });
    const result = await new Validator().validate(JSON.parse(JSON.stringify(native)) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    const operations = Object.values(native.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op["operationId"]).sort()).toEqual(routes.map((r) => r.operationId).sort());
    expect(operations.every((op) => op["security"] === undefined)).toBe(true);
    expect(Object.keys(native.paths).sort()).toEqual([
      "/v1/sessions",
      "/v1/sessions/{id}",
      "/v1/sessions/{id}/interrupt",
      "/v1/sessions/{id}/keys",
      "/v1/sessions/{id}/models",
      "/v1/sessions/{id}/send",
      "/v1/sessions/{id}/status-decisions",
      "/v1/sessions/{id}/stream",
    ]);
  });

  it("turns path patterns into templated paths with required path parameters", () => {
    expect(openApiPath("/v1/sessions/:id/send")).toEqual({ path: "/v1/sessions/{id}/send", params: ["id"] });
    const send = doc.paths["/v1/sessions/{id}/send"]?.["post"] as { parameters: unknown[]; requestBody: unknown };
    expect(send.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(send.requestBody).toEqual({ required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/SendRequest" } } } });
    const stream = doc.paths["/v1/sessions/{id}/stream"]?.["get"] as { parameters: { name: string; in: string }[] };
    expect(stream.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id", "header:Last-Event-ID"]);
    expect(Object.keys(doc.paths["/upload"]?.["post"]?.["requestBody"] as { content: object }).length).toBeGreaterThan(0);
    expect((doc.paths["/upload"]?.["post"]?.["requestBody"] as { content: Record<string, unknown> }).content["multipart/form-data"]).toBeDefined();
  });

  it("names schemas with an $id as components, referenced or inline, and leaves no TypeBox internals", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["SessionInfo", "SessionStatus", "AgentKind", "TestProblem", "ResultEvent"]));
    expect(JSON.stringify(doc)).not.toMatch(/"\$id"/);
    for (const ref of JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? []) {
      const name = /#\/components\/schemas\/([^"]+)/.exec(ref)?.[1];
      expect(name !== undefined && doc.components.schemas[name] !== undefined, ref).toBe(true);
    }
  });

  it("requires the bearer token except on public routes", () => {
    expect(doc.components.securitySchemes["bearerAuth"]).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/healthz"]?.["get"]?.["security"]).toEqual([]);
    expect(doc.paths["/v1/sessions"]?.["get"]?.["security"]).toBeUndefined();
  });

  it("refuses a dangling $ref, two schemas under one $id, and two routes on one method and path", () => {
    const dangling = { ...ROUTES[1], responses: { "200": { description: "OK", schema: Type.Object({ x: Type.Ref("Nowhere") }) } } } as Route;
    expect(() => buildOpenApiDocument([dangling], { title: "t", version: "1" })).toThrow(/unknown schemas: Nowhere/);
    // A schema referenced through ref() needs no list: SessionList brings SessionInfo, which brings its enums.
    const alone = buildOpenApiDocument([ROUTES[1] as Route], { title: "t", version: "1" });
    expect(Object.keys(alone.components.schemas).sort()).toEqual(["AgentKind", "SessionInfo", "SessionList", "SessionStatus", "TestProblem"]);
    const clash = { ...ROUTES[0], responses: { "200": { description: "OK", schema: Type.Object({ x: Type.String() }, { $id: "SessionInfo" }) } } } as Route;
    expect(() => buildOpenApiDocument([clash], { title: "t", version: "1" }, NATIVE_SCHEMAS)).toThrow(/share the \$id "SessionInfo"/);
    expect(() => buildOpenApiDocument([ROUTES[1] as Route, ROUTES[1] as Route], { title: "t", version: "1" }, NATIVE_SCHEMAS)).toThrow(/two routes/);
  });
});

describe("response check against the document", () => {
  it("accepts responses that match, by status and by the default response", () => {
    expectMatchesDocument(doc, "GET", "/v1/sessions/:id", 200, session);
    expectMatchesDocument(doc, "get", "/v1/sessions", 200, { sessions: [session, { ...session, id: "s2", agent: "codex", model: "gpt-5" }] });
    expectMatchesDocument(doc, "GET", "/v1/sessions/:id", 404, { title: "Not Found", status: 404, code: "session_not_found" });
    expectMatchesDocument(doc, "POST", "/v1/sessions/{id}/send", 500, { title: "Internal", status: 500 });
  });

  it("catches a wrong response: a missing field, an extra field, a wrong type, a value outside the enum, a bad date", () => {
    const { busy: _busy, ...missing } = session;
    expect(responseProblems(doc, "GET", "/v1/sessions/:id", 200, missing)).toEqual(["$: must have required property 'busy'"]);
    expect(responseProblems(doc, "GET", "/v1/sessions/:id", 200, { ...session, extra: 1 })).toEqual(["$: must NOT have additional properties (extra)"]);
    expect(responseProblems(doc, "GET", "/v1/sessions/:id", 200, { ...session, queuedTurns: "0" })).toEqual(["$.queuedTurns: must be integer"]);
    expect(responseProblems(doc, "GET", "/v1/sessions/:id", 200, { ...session, status: "idle" }).length).toBeGreaterThan(0);
    expect(responseProblems(doc, "GET", "/v1/sessions/:id", 200, { ...session, createdAt: "yesterday" })).toEqual(['$.createdAt: must match format "date-time"']);
    expect(() => expectMatchesDocument(doc, "GET", "/v1/sessions/:id", 200, { ...session, agent: "gemini" })).toThrow(/does not match the document/);
  });

  it("fails on a route, or a status without a default, that the document does not declare", () => {
    expect(() => expectMatchesDocument(doc, "GET", "/v1/nothing", 200, {})).toThrow(/no GET \/v1\/nothing/);
    expect(() => expectMatchesDocument(doc, "GET", "/healthz", 500, {})).toThrow(/declares no 500/);
  });

  it("checks stream frames against the declared events", () => {
    const good = [
      { id: "1", event: "turn_started", data: JSON.stringify({ turnId: "t1", prompt: "hi" }) },
      { id: "2", event: "text", data: JSON.stringify({ turnId: "t1", type: "text", text: "hello" }) },
      { id: "3", event: "result", data: JSON.stringify({ turnId: "t1", type: "result", text: "hello", status: "completed", durationMs: 12, submissionId: "u1" }) },
      { id: "4", event: "status_change", data: JSON.stringify({ status: "ready", previous: "running" }) },
      { event: "reset", data: JSON.stringify({ reason: "evicted", requestedAfter: 1, resumesAt: 4 }) },
    ];
    expectFramesMatchDocument(doc, "/v1/sessions/:id/stream", good);
    expect(() => expectFramesMatchDocument(doc, "/v1/sessions/:id/stream", [{ id: "5", event: "text", data: JSON.stringify({ type: "text", text: "no turn id" }) }])).toThrow(
      "event text (id 5): $.data: must have required property 'turnId'",
    );
    expect(() => expectFramesMatchDocument(doc, "/v1/sessions/:id/stream", [{ id: "6", event: "bogus", data: "{}" }])).toThrow(/bogus: not an event the document declares/);
  });
});
