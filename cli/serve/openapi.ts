// Generates the server's OpenAPI 3.1 document from its route table: paths from the patterns, bodies and responses from
// the routes' TypeBox schemas, named schemas (those with an `$id`) as components, bearer auth on every non-public route.

import type { TSchema } from "@sinclair/typebox";
import type { Route } from "./route.js";
import { referencedSchema } from "./schemas/named.js";

export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  readonly openapi: "3.1.0";
  readonly info: OpenApiInfo;
  readonly jsonSchemaDialect: string;
  readonly paths: Record<string, Record<string, JsonObject>>;
  readonly components: { readonly schemas: Record<string, JsonObject>; readonly securitySchemes: Record<string, JsonObject> };
  readonly security: readonly Record<string, readonly string[]>[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
}

const COMPONENT_PREFIX = "#/components/schemas/";
const DIALECT = "https://json-schema.org/draft/2020-12/schema";
const TAGS = [
  { name: "compat", description: "agentapi's API, field by field: one session per server." },
  { name: "native", description: "Elwood's own API: many sessions per server, resumable turn streams." },
  { name: "ops", description: "Health and documentation." },
] as const;

/** `/v1/sessions/:id` → `/v1/sessions/{id}` and the parameter names in order. */
export function openApiPath(pattern: string): { readonly path: string; readonly params: readonly string[] } {
  const params: string[] = [];
  const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** Collects named schemas into components and turns every `$id` occurrence and bare `$ref` into a component ref. */
class ComponentCollector {
  readonly schemas: Record<string, JsonObject> = {};
  private readonly serialised = new Map<string, string>();
  private readonly referenced = new Set<string>();

  /** A plain-JSON copy of `schema` (TypeBox's symbol keys dropped) with named parts hoisted into components. */
  use(schema: TSchema): Json {
    return this.rewrite(JSON.parse(JSON.stringify(schema)) as Json);
  }

  /** Adds a named schema to the components even when no route uses it. */
  register(schema: TSchema): void {
    this.rewrite(JSON.parse(JSON.stringify(schema)) as Json);
  }

  /** Every `$ref` must name a component (a known `ref()` target is added): a dangling one fails the build, not a client. */
  checkReferences(): void {
    // A schema referenced through `ref()` is defined from the schema itself (which may reference more in turn).
    for (let added = true; added; ) {
      added = false;
      for (const name of this.referenced) {
        const schema = this.schemas[name] === undefined ? referencedSchema(name) : undefined;
        if (schema === undefined) continue;
        this.register(schema);
        added = true;
      }
    }
    const missing = [...this.referenced].filter((name) => this.schemas[name] === undefined);
    if (missing.length > 0) throw new Error(`the OpenAPI document references unknown schemas: ${missing.join(", ")}`);
  }

  private rewrite(value: Json): Json {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item));
    if (value === null || typeof value !== "object") return value;
    const { $id, ...rest } = value;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(rest)) out[key] = this.rewrite(child);
    if (typeof out["$ref"] === "string" && !out["$ref"].startsWith("#")) {
      this.referenced.add(out["$ref"]);
      out["$ref"] = `${COMPONENT_PREFIX}${out["$ref"]}`;
    }
    if (typeof $id !== "string") return out;
    // A named schema is defined once among the components and referenced wherever it appears.
    this.define($id, out);
    return { $ref: `${COMPONENT_PREFIX}${$id}` };
  }

  private define(name: string, schema: JsonObject): void {
    const text = JSON.stringify(schema);
    const known = this.serialised.get(name);
    if (known !== undefined && known !== text) throw new Error(`two different schemas share the $id "${name}"`);
    this.serialised.set(name, text);
    this.schemas[name] = schema;
  }
}

function content(collector: ComponentCollector, contentType: string, schema: TSchema): JsonObject {
  return { [contentType]: { schema: collector.use(schema) } };
}

function operation(route: Route, params: readonly string[], collector: ComponentCollector): JsonObject {
  const op: JsonObject = { operationId: route.operationId, summary: route.summary, tags: [route.group] };
  if (route.description !== undefined) op["description"] = route.description;
  const parameters: Json[] = params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  for (const p of route.parameters ?? []) {
    parameters.push({ name: p.name, in: p.in, description: p.description, required: p.required ?? false, schema: collector.use(p.schema) });
  }
  if (parameters.length > 0) op["parameters"] = parameters;
  const raw = route.bodyKind === "raw";
  if (route.body !== undefined || raw) {
    const type = route.bodyContentType ?? (raw ? "application/octet-stream" : "application/json");
    const schema: Json = route.body !== undefined ? collector.use(route.body) : {};
    op["requestBody"] = { required: true, content: { [type]: { schema } } };
  }
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = { description: response.description, content: content(collector, response.contentType ?? "application/json", response.schema) };
  }
  op["responses"] = responses;
  // Public routes opt out of the document-wide bearer requirement.
  if (route.public === true) op["security"] = [];
  return op;
}

/**
 * The OpenAPI 3.1 document of `routes`. Named schemas (`$id`) become components, with every schema they reference
 * through `ref()`; `schemas` adds more even when unused. A dangling `$ref` or two routes on one method and path throw.
 */
export function buildOpenApiDocument(routes: readonly Route[], info: OpenApiInfo, schemas: readonly TSchema[] = []): OpenApiDocument {
  const collector = new ComponentCollector();
  for (const schema of schemas) collector.register(schema);
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(route.path);
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (item[method] !== undefined) throw new Error(`two routes for ${route.method} ${route.path}`);
    item[method] = operation(route, params, collector);
  }
  collector.checkReferences();
  const used = new Set(routes.map((r) => r.group));
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, ...(info.description !== undefined ? { description: info.description } : {}) },
    jsonSchemaDialect: DIALECT,
    paths,
    components: {
      schemas: collector.schemas,
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "The token `elwood serve` was started with." } },
    },
    security: [{ bearerAuth: [] }],
    tags: TAGS.filter((t) => used.has(t.name)),
  };
}
