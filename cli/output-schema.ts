// Generates cli/output.schema.json from the TypeBox documents (run `npm run -s output-schema` after changing them).

import { namedSchemas, RECORD_SCHEMAS } from "./output-documents.js";

const ROOT_NAMES = new Set<unknown>(RECORD_SCHEMAS);

/** The JSON Schema document (draft 2020-12): the root is one jsonl record, `$defs/document` one json document. */
export function outputSchema(): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const roots: Array<{ $ref: string }> = [];
  for (const [name, schema] of namedSchemas()) {
    // JSON round trip: TypeBox's symbol keys go, plain JSON Schema stays.
    defs[name] = JSON.parse(JSON.stringify(schema)) as unknown;
    if (ROOT_NAMES.has(schema)) roots.push({ $ref: `#/$defs/${name}` });
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "elwood command output, version 1",
    description:
      "One --output jsonl record (root), or one --output json document ($defs/document). A jsonl run writes event records, then exactly one result or error record. Generated from cli/output-documents.ts.",
    oneOf: roots,
    $defs: defs,
  };
}

/** The file's exact text. */
export function outputSchemaText(): string {
  return `${JSON.stringify(outputSchema(), null, 2)}\n`;
}
