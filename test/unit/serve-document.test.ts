// The OpenAPI document `elwood serve` serves at /openapi.json, built from its whole route table: valid OpenAPI 3.1, and
// agentapi's operations with agentapi's operation ids, payload fields and error model.

import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../cli/serve/openapi.js";
import { serveRouteTable } from "../../cli/serve/route-table.js";
import { SessionRegistry } from "../../cli/serve/session-registry.js";

const registry = new SessionRegistry(() => Promise.reject(new Error("never called")), 1);
const { routes, schemas } = serveRouteTable(registry, () => undefined);
const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(routes, { title: "Elwood", version: "0.1.0" }, schemas))) as {
  paths: Record<string, Record<string, { operationId: string; tags: string[]; security?: unknown[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: boolean }> };
};

describe("the served OpenAPI document (issue 20, issue 38: agentapi 0.12)", () => {
  it("is valid OpenAPI 3.1 with one operation per route; only /healthz is public", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(routes.length);
    expect(operations.filter((op) => op.security !== undefined).map((op) => op.operationId)).toEqual(["healthz"]);
  });

  it("agentapi's operations keep agentapi's operation ids, fields and ErrorModel", () => {
    const compat = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([, op]) => op.tags.includes("compat")).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`));
    expect(compat.sort()).toEqual(["GET /events subscribeEvents", "GET /messages get-messages", "GET /status get-status", "POST /message post-message", "POST /upload post-upload"]);
    const c = doc.components.schemas;
    const fields = (name: string) => [Object.keys(c[name]?.properties ?? {}).sort(), [...(c[name]?.required ?? [])].sort()];
    // agentapi 0.12: /status requires `transport` ("pty"); agent_error is {level, message, time} and nothing else.
    // Each field list below was compared with agentapi 0.12.1's own openapi.json (its Transport enum is acp | pty, its
    // ErrorLevel error | warning, its StatusChangeBody has no transport).
    expect(fields("StatusResponseBody")).toEqual([["$schema", "agent_type", "status", "transport"], ["agent_type", "status", "transport"]]);
    expect(c["StatusResponseBody"]?.properties?.["transport"]).toMatchObject({ type: "string", const: "pty" });
    expect(fields("AgentErrorBody")).toEqual([["level", "message", "time"], ["level", "message", "time"]]);
    expect(c["AgentErrorBody"]?.additionalProperties).toBe(false);
    // Every level Elwood may send is one of agentapi's.
    expect(JSON.stringify(c["AgentErrorBody"]?.properties?.["level"])).toContain('"error"');
    expect(JSON.stringify(c["AgentErrorBody"]?.properties?.["level"])).not.toMatch(/"(info|fatal|debug)"/);
    expect(fields("MessagesResponseBody")).toEqual([["$schema", "messages"], ["messages"]]);
    expect(fields("Message")).toEqual([["content", "id", "role", "time"], ["content", "id", "role", "time"]]);
    expect(fields("MessageRequestBody")).toEqual([["$schema", "content", "type"], ["content", "type"]]);
    expect(fields("MessageResponseBody")).toEqual([["$schema", "ok"], ["ok"]]);
    expect(fields("UploadResponseBody")).toEqual([["$schema", "filePath", "ok"], ["filePath", "ok"]]);
    expect(fields("MessageUpdateBody")).toEqual([["id", "message", "role", "time"], ["id", "message", "role", "time"]]);
    expect(fields("StatusChangeBody")).toEqual([["agent_type", "status"], ["agent_type", "status"]]);
    expect(Object.keys(c["ErrorModel"]?.properties ?? {}).sort()).toEqual(["$schema", "detail", "errors", "instance", "status", "title", "type"]);
    for (const name of ["StatusResponseBody", "Message", "MessageRequestBody", "ErrorModel"]) expect(c[name]?.additionalProperties).toBe(false);
    // Every compat error reply is problem+json with the ErrorModel.
    for (const path of ["/status", "/messages", "/message", "/events", "/upload"]) {
      const op = Object.values(doc.paths[path] ?? {})[0];
      expect(op?.responses["default"]?.content["application/problem+json"]?.schema).toEqual({ $ref: "#/components/schemas/ErrorModel" });
    }
  });
});
