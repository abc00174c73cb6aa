// References between named TypeBox schemas: `ref(schema)` writes a `$ref` by the schema's `$id` and remembers the
// schema, so the OpenAPI document can define every component that any route references, without a list to keep.

import { type SchemaOptions, type Static, type TSchema, Type } from "@sinclair/typebox";

const referenced = new Map<string, TSchema>();

/** A `$ref` to a named schema that keeps the schema's static type (TypeBox 0.34's Ref alone is `unknown`). */
export function ref<T extends TSchema>(schema: T, options?: SchemaOptions) {
  const id = schema.$id;
  if (id === undefined) throw new Error("only a schema with an $id can be referenced");
  const known = referenced.get(id);
  if (known !== undefined && known !== schema) throw new Error(`two different schemas share the $id "${id}"`);
  referenced.set(id, schema);
  return Type.Unsafe<Static<T>>(Type.Ref(id, options));
}

/** The schema a `ref()` named `id`, if any. */
export function referencedSchema(id: string): TSchema | undefined {
  return referenced.get(id);
}
