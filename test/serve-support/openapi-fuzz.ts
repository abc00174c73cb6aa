// Test support: requests generated from an OpenAPI 3.1 document with a seeded PRNG — for every operation, parameters
// and bodies that fit its schemas, and mutated ones (a required field dropped, an extra field, a wrong type, a bound
// crossed, broken JSON, the wrong media type) — so a property-based run can replay exactly from its seed.

type Json = Record<string, unknown>;

/** One generated request: `pattern` is the document's path key it was generated for. */
export interface GeneratedRequest {
  readonly method: string;
  readonly pattern: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
  /** What was done to it: "valid" or the mutation's name (for the failure report). */
  readonly mutation: string;
}

export interface FuzzDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, unknown>> };
}

interface Operation {
  readonly method: string;
  readonly pattern: string;
  readonly parameters: readonly { name: string; in: string; schema: Json }[];
  readonly bodyType: string | undefined;
  readonly bodySchema: Json | undefined;
}

const JSON_MUTATIONS = ["drop-required", "extra-property", "wrong-type", "cross-bound", "not-an-object", "malformed-json", "wrong-media-type", "huge-string"] as const;
const STRINGS = ["x", "hello", "é漢字😀", " ", "\r", "../..", "%00", "a".repeat(300), "null", "0"];

export class OpenApiFuzzer {
  readonly operations: readonly Operation[];

  /** `pathValue` picks a value for a path parameter (ids the test knows, or anything). */
  constructor(
    private readonly doc: FuzzDocument,
    private readonly next: () => number,
    private readonly pathValue: (name: string) => string,
  ) {
    const ops: Operation[] = [];
    for (const [pattern, item] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(item)) {
        const op = raw as { parameters?: { name: string; in: string; schema?: Json }[]; requestBody?: { content?: Record<string, { schema?: Json }> } };
        const [bodyType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [undefined, undefined];
        ops.push({
          method: method.toUpperCase(),
          pattern,
          parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, schema: p.schema ?? {} })),
          bodyType,
          bodySchema: media?.schema,
        });
      }
    }
    this.operations = ops;
  }

  /** A request for a random operation: valid half the time, mutated otherwise. */
  request(): GeneratedRequest {
    const op = this.pick(this.operations);
    const mutate = this.next() < 0.5;
    const headers: Record<string, string> = {};
    const query = new URLSearchParams();
    let path = op.pattern;
    for (const p of op.parameters) {
      if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(this.pathValue(p.name)));
      else if (this.next() < 0.5) {
        const value = mutate && this.next() < 0.5 ? this.pick(STRINGS) : String(this.value(p.schema, 0));
        if (p.in === "query") query.set(p.name, value);
        else if (p.in === "header" && /^[\t\x20-\x7e]*$/.test(value)) headers[p.name] = value;
      }
    }
    // A raw path parameter that is not valid percent-encoding, now and then.
    if (mutate && path.includes("/v1/sessions/") && this.next() < 0.1) path = path.replace(/\/v1\/sessions\/[^/]+/, "/v1/sessions/%E0%A4%A");
    const target = query.size > 0 ? `${path}?${query.toString()}` : path;
    if (op.bodyType === undefined) return { method: op.method, pattern: op.pattern, path: target, headers, mutation: mutate ? "params" : "valid" };
    if (op.bodyType === "multipart/form-data") return { method: op.method, pattern: op.pattern, path: target, ...this.multipart(headers, mutate) };
    const valid = this.value(op.bodySchema ?? {}, 0);
    if (!mutate) return { method: op.method, pattern: op.pattern, path: target, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(valid), mutation: "valid" };
    const mutation = this.pick(JSON_MUTATIONS);
    return { method: op.method, pattern: op.pattern, path: target, mutation, ...this.mutated(mutation, valid, op.bodySchema ?? {}, headers) };
  }

  private mutated(mutation: (typeof JSON_MUTATIONS)[number], valid: unknown, schema: Json, headers: Record<string, string>): { headers: Record<string, string>; body: string } {
    const json = { ...headers, "content-type": "application/json" };
    const object = typeof valid === "object" && valid !== null && !Array.isArray(valid) ? { ...(valid as Json) } : {};
    const resolved = this.resolve(schema);
    const props = Object.entries((resolved["properties"] ?? {}) as Record<string, Json>);
    switch (mutation) {
      case "drop-required": {
        const required = (resolved["required"] ?? []) as string[];
        if (required.length > 0) delete object[this.pick(required)];
        return { headers: json, body: JSON.stringify(object) };
      }
      case "extra-property":
        return { headers: json, body: JSON.stringify({ ...object, unexpected: this.pick([1, "x", null, { a: [] }]) }) };
      case "wrong-type": {
        if (props.length > 0) object[this.pick(props)[0]] = this.pick([null, 42, -1.5, true, "str", [], {}, [1, "a"]]);
        return { headers: json, body: JSON.stringify(object) };
      }
      case "cross-bound": {
        for (const [name, prop] of props) {
          const p = this.resolve(prop);
          if (typeof p["maximum"] === "number") object[name] = (p["maximum"] as number) + 1;
          else if (typeof p["minimum"] === "number") object[name] = (p["minimum"] as number) - 1;
          else if (typeof p["maxLength"] === "number") object[name] = "z".repeat((p["maxLength"] as number) + 1);
          else if (typeof p["minLength"] === "number") object[name] = "";
        }
        return { headers: json, body: JSON.stringify(object) };
      }
      case "not-an-object":
        return { headers: json, body: JSON.stringify(this.pick([null, [], "text", 7, [object]])) };
      case "malformed-json":
        return { headers: json, body: this.pick(['{"a":', "{'a':1}", "", "{}}", "\u0000", '{"text":"\\ud800"}']) };
      case "wrong-media-type":
        return { headers: { ...headers, "content-type": this.pick(["text/plain", "application/x-www-form-urlencoded", "application/jsonx"]) }, body: JSON.stringify(valid) };
      case "huge-string": {
        const strings = props.filter(([, p]) => this.resolve(p)["type"] === "string");
        // Long, not huge: text that reaches the agent's terminal is written there synchronously, and a CLI that stops
        // reading can wedge that write (see the issue 38 report); 12 000 characters stay under the PTY's buffers.
        if (strings.length > 0) object[this.pick(strings)[0]] = "z".repeat(12_000);
        return { headers: json, body: JSON.stringify(object) };
      }
    }
  }

  private multipart(headers: Record<string, string>, mutate: boolean): { headers: Record<string, string>; body: Buffer; mutation: string } {
    const boundary = `fuzz${Math.floor(this.next() * 1e9)}`;
    const name = this.pick(["notes.txt", "../../escape.txt", "é.md", ".hidden", "a b.txt"]);
    const part = (field: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\nbytes ${name}\r\n--${boundary}--\r\n`;
    if (!mutate) return { headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(part("file")), mutation: "valid" };
    const variants: [string, Record<string, string>, string][] = [
      ["no-file-part", { "content-type": `multipart/form-data; boundary=${boundary}` }, part("other")],
      ["no-boundary", { "content-type": "multipart/form-data" }, part("file")],
      ["garbage", { "content-type": `multipart/form-data; boundary=${boundary}` }, "not multipart at all"],
      ["json-instead", { "content-type": "application/json" }, "{}"],
    ];
    const [mutation, extra, body] = this.pick(variants);
    return { headers: { ...headers, ...extra }, body: Buffer.from(body), mutation };
  }

  /** A value that fits `schema` (the subset of JSON Schema the served document uses). */
  value(schema: Json, depth: number): unknown {
    const s = this.resolve(schema);
    if ("const" in s) return s["const"];
    if (Array.isArray(s["enum"])) return this.pick(s["enum"] as unknown[]);
    const choices = (s["anyOf"] ?? s["oneOf"]) as Json[] | undefined;
    if (choices !== undefined) return this.value(this.pick(choices), depth + 1);
    switch (s["type"]) {
      case "string":
        return this.string(s);
      case "integer":
      case "number": {
        const min = typeof s["minimum"] === "number" ? (s["minimum"] as number) : -1000;
        const max = typeof s["maximum"] === "number" ? (s["maximum"] as number) : min + 100_000;
        const n = this.pick([min, max, min + Math.floor(this.next() * Math.min(max - min, 100_000))]);
        return s["type"] === "integer" ? Math.floor(n) : n;
      }
      case "boolean":
        return this.next() < 0.5;
      case "array":
        return depth > 4 ? [] : Array.from({ length: Math.floor(this.next() * 3) }, () => this.value((s["items"] ?? {}) as Json, depth + 1));
      case "object":
        return this.object(s, depth);
      default:
        return this.pick(["any", 1, null, { k: "v" }]);
    }
  }

  private object(s: Json, depth: number): Json {
    const out: Json = {};
    const required = new Set((s["required"] ?? []) as string[]);
    for (const [name, prop] of Object.entries((s["properties"] ?? {}) as Record<string, Json>)) {
      // `$schema` is read-only: a client may send it back, but a generator has no reason to.
      if (name === "$schema") continue;
      if (required.has(name) || this.next() < 0.5) out[name] = this.value(prop, depth + 1);
    }
    // if/then, alone or in allOf (the only conditionals the document uses: a property's const selects another
    // property's string constraints).
    for (const part of [s, ...((s["allOf"] ?? []) as Json[])]) {
      const cond = part["if"] as { properties?: Record<string, Json> } | undefined;
      const then = part["then"] as { properties?: Record<string, Json> } | undefined;
      if (cond?.properties === undefined || then?.properties === undefined) continue;
      const holds = Object.entries(cond.properties).every(([name, p]) => !("const" in p) || out[name] === p["const"]);
      if (holds) for (const [name, p] of Object.entries(then.properties)) if (name in out) out[name] = this.string({ ...this.resolve(((s["properties"] ?? {}) as Record<string, Json>)[name] ?? {}), ...p });
    }
    return out;
  }

  private string(s: Json): string {
    if (s["format"] === "date-time") return new Date(Math.floor(this.next() * 2e12)).toISOString();
    if (s["format"] === "uri") return "https://example.invalid/schema";
    const minLength = typeof s["minLength"] === "number" ? (s["minLength"] as number) : 0;
    const maxLength = typeof s["maxLength"] === "number" ? (s["maxLength"] as number) : Number.POSITIVE_INFINITY;
    let value = this.pick(STRINGS.filter((x) => x.length >= minLength && x.length <= maxLength));
    if (typeof s["pattern"] === "string" && !new RegExp(s["pattern"] as string, "u").test(value)) value = "hello";
    return value;
  }

  private resolve(schema: Json): Json {
    const ref = schema["$ref"];
    if (typeof ref !== "string") return schema;
    const name = ref.replace("#/components/schemas/", "");
    return this.resolve((this.doc.components?.schemas?.[name] ?? {}) as Json);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}
