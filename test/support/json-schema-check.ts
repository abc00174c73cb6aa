// A small JSON Schema checker for the keywords cli/output.schema.json uses (no validator package is installed):
// type, const, enum, required, properties, additionalProperties: false, minimum, oneOf and local $ref.

type Schema = Readonly<Record<string, unknown>>;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeof value;
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "object" || node === null) throw new Error(`unresolved $ref ${ref}`);
  return node as Schema;
}

const KNOWN = new Set(["$schema", "$defs", "$ref", "title", "description", "type", "const", "enum", "required", "properties", "additionalProperties", "minimum", "oneOf"]);

/** Every problem of `value` against `schema` (empty when it validates), each prefixed with its JSON path. */
export function schemaProblems(root: Schema, value: unknown, schema: Schema = root, at = "$"): string[] {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`the checker does not support keyword ${key}`);
  if (typeof schema["$ref"] === "string") return schemaProblems(root, value, resolveRef(root, schema["$ref"]), at);
  const problems: string[] = [];
  const t = typeOf(value);
  if (schema["type"] !== undefined) {
    const types = ([] as unknown[]).concat(schema["type"]);
    if (!types.some((x) => x === t || (x === "number" && t === "integer"))) problems.push(`${at}: expected ${types.join("|")}, got ${t}`);
  }
  if ("const" in schema && value !== schema["const"]) problems.push(`${at}: expected ${JSON.stringify(schema["const"])}`);
  if (Array.isArray(schema["enum"]) && !schema["enum"].includes(value)) problems.push(`${at}: not one of ${JSON.stringify(schema["enum"])}`);
  if (typeof schema["minimum"] === "number" && typeof value === "number" && value < schema["minimum"]) problems.push(`${at}: below ${schema["minimum"]}`);
  if (t === "object") {
    const object = value as Record<string, unknown>;
    const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
    for (const name of (schema["required"] ?? []) as string[]) if (!(name in object)) problems.push(`${at}: missing ${name}`);
    for (const [name, v] of Object.entries(object)) {
      const sub = properties[name];
      if (sub) problems.push(...schemaProblems(root, v, sub, `${at}.${name}`));
      else if (schema["additionalProperties"] === false) problems.push(`${at}: unexpected ${name}`);
    }
  }
  if (Array.isArray(schema["oneOf"])) {
    const matching = (schema["oneOf"] as Schema[]).filter((s) => schemaProblems(root, value, s, at).length === 0);
    if (matching.length !== 1) problems.push(`${at}: matches ${matching.length} of oneOf, not exactly one`);
  }
  return problems;
}
