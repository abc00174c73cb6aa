// Validates what a test received from `elwood serve` against the server's own OpenAPI 3.1 document, with Ajv (draft
// 2020-12): the response schema the document declares for the method, path pattern and status (else its `default`).

import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { describeSchemaError } from "../support/json-schema-check.js";

type JsonObject = Record<string, unknown>;

/** The document as the tests see it: only the parts the check reads. */
export interface CheckedDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
// OpenAPI's own annotation keywords, which JSON Schema does not define.
ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
ajv.addFormat("date-time", { type: "string", validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)) });
ajv.addFormat("uri", { type: "string", validate: (s: string) => URL.canParse(s) });
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });
ajv.addFormat("binary", true);

const documentIds = new WeakMap<CheckedDocument, string>();
const validators = new Map<string, ValidateFunction>();
let added = 0;

/** `#/components/schemas/X` → a ref into the copy of the components added to Ajv under `id`. */
function retarget(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => retarget(v, id));
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === "$ref" && typeof child === "string" && child.startsWith("#/components/schemas/") ? `${id}#/$defs/${child.slice(21)}` : retarget(child, id);
  }
  return out;
}

function documentId(doc: CheckedDocument): string {
  let id = documentIds.get(doc);
  if (id === undefined) {
    id = `elwood-openapi-${String(++added)}`;
    ajv.addSchema({ $id: id, $defs: retarget(doc.components?.schemas ?? {}, id) });
    documentIds.set(doc, id);
  }
  return id;
}

/** `/v1/sessions/:id` or `/v1/sessions/{id}` → the document's key. */
const documentPath = (pattern: string): string => pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

interface DeclaredResponse {
  readonly content?: Readonly<Record<string, { readonly schema?: unknown }>>;
}

function declaredContent(doc: CheckedDocument, method: string, pathPattern: string, status: number | string): Readonly<Record<string, { readonly schema?: unknown }>> {
  const path = documentPath(pathPattern);
  const op = doc.paths[path]?.[method.toLowerCase()] as { responses?: Record<string, DeclaredResponse> } | undefined;
  if (op === undefined) throw new Error(`the document has no ${method.toUpperCase()} ${path}`);
  const response = op.responses?.[String(status)] ?? op.responses?.["default"];
  if (response === undefined) throw new Error(`the document declares no ${String(status)} (nor default) for ${method.toUpperCase()} ${path}`);
  return response.content ?? {};
}

function validatorFor(doc: CheckedDocument, key: string, schema: unknown): ValidateFunction {
  const id = documentId(doc);
  const cacheKey = `${id} ${key}`;
  let validate = validators.get(cacheKey);
  if (validate === undefined) {
    validate = ajv.compile(retarget(schema, id) as JsonObject);
    validators.set(cacheKey, validate);
  }
  return validate;
}

/**
 * The problems of a received JSON body against the document's response for method, path pattern and status, under
 * `contentType` (default: the declared JSON-ish content type — `application/json` or `application/problem+json`).
 */
export function responseProblems(doc: CheckedDocument, method: string, pathPattern: string, status: number | string, body: unknown, contentType?: string): string[] {
  const declared = declaredContent(doc, method, pathPattern, status);
  const type = contentType ?? Object.keys(declared).find((t) => /json/.test(t));
  if (type === undefined || declared[type] === undefined) {
    return [`the document declares no ${contentType ?? "JSON"} content for ${method.toUpperCase()} ${pathPattern} ${String(status)}`];
  }
  const validate = validatorFor(doc, `${method} ${pathPattern} ${String(status)} ${type}`, declared[type].schema ?? {});
  return validate(body) ? [] : (validate.errors ?? []).map(describeSchemaError);
}

/** The problems of a JSON request body against the document's `requestBody` for method and path pattern ([] when it fits). */
export function requestBodyProblems(doc: CheckedDocument, method: string, pathPattern: string, body: unknown): string[] {
  const path = documentPath(pathPattern);
  const op = doc.paths[path]?.[method.toLowerCase()] as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined;
  const schema = op?.requestBody?.content?.["application/json"]?.schema;
  if (schema === undefined) throw new Error(`the document declares no JSON request body for ${method.toUpperCase()} ${path}`);
  const validate = validatorFor(doc, `${method} ${pathPattern} request`, schema);
  return validate(body) ? [] : (validate.errors ?? []).map(describeSchemaError);
}

/** Throws, naming every problem, unless `body` matches the document's response for method, path and status. */
export function expectMatchesDocument(doc: CheckedDocument, method: string, pathPattern: string, status: number | string, body: unknown, contentType?: string): void {
  const problems = responseProblems(doc, method, pathPattern, status, body, contentType);
  if (problems.length > 0) {
    throw new Error(`${method.toUpperCase()} ${pathPattern} ${String(status)} does not match the document:\n  ${problems.join("\n  ")}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

/** One received SSE frame as the document's `text/event-stream` schema describes frames (`data` parsed as JSON). */
export interface FrameForCheck {
  readonly event: string;
  readonly data: string;
  readonly id?: string | undefined;
}

/** Throws unless every frame is one of the events the document declares for this stream route (status 200). */
export function expectFramesMatchDocument(doc: CheckedDocument, pathPattern: string, frames: readonly FrameForCheck[], method = "GET"): void {
  const declared = declaredContent(doc, method, pathPattern, 200)["text/event-stream"];
  if (declared === undefined) throw new Error(`${pathPattern} declares no text/event-stream response`);
  const items = ((declared.schema as { items?: unknown } | undefined)?.items ?? {}) as { anyOf?: unknown[]; oneOf?: unknown[] };
  // Each frame is checked against the variant its event name declares, so a failure names that event's problems only.
  const variants = new Map<string, unknown>();
  for (const variant of items.anyOf ?? items.oneOf ?? [items]) {
    const name = (variant as { properties?: { event?: { const?: unknown } } }).properties?.event?.const;
    if (typeof name === "string") variants.set(name, variant);
  }
  const problems: string[] = [];
  for (const frame of frames) {
    const variant = variants.get(frame.event);
    if (variant === undefined) {
      problems.push(`event ${frame.event}: not an event the document declares for ${pathPattern}`);
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      problems.push(`event ${frame.event}: data is not JSON: ${frame.data.slice(0, 200)}`);
      continue;
    }
    const validate = validatorFor(doc, `${method} ${pathPattern} sse ${frame.event}`, variant);
    const value = { event: frame.event, data, ...(frame.id !== undefined ? { id: Number(frame.id) } : {}) };
    if (!validate(value)) problems.push(`event ${frame.event} (id ${String(frame.id)}): ${(validate.errors ?? []).map(describeSchemaError).join("; ")}`);
  }
  if (problems.length > 0) throw new Error(`stream frames do not match the document:\n  ${problems.join("\n  ")}`);
}
