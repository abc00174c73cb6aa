// A TypeBox union of string literals whose static type is the union of the values (an enum in the document).

import { type SchemaOptions, type TLiteral, type TUnion, Type } from "@sinclair/typebox";

/** `options` as a string is the description. */
export function literals<const T extends readonly string[]>(values: T, options: SchemaOptions | string): TUnion<TLiteral<T[number]>[]> {
  const opts = typeof options === "string" ? { description: options } : options;
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    opts,
  ) as TUnion<TLiteral<T[number]>[]>;
}
