// JSON Schema validation of the command's output against cli/output.schema.json, with Ajv (draft 2020-12).

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";

type Schema = Readonly<Record<string, unknown>>;

// strict: an unknown keyword or a malformed schema fails loudly instead of validating nothing.
const ajv = new Ajv2020({ allErrors: true, strict: true });
/** Each root schema's id in the Ajv instance (it is added once; its $defs are compiled as refs into it). */
const rootIds = new WeakMap<Schema, string>();
let added = 0;
const validators = new WeakMap<Schema, ValidateFunction>();

function rootId(root: Schema): string {
  let id = rootIds.get(root);
  if (id === undefined) {
    id = `elwood-schema-${String(++added)}`;
    ajv.addSchema({ ...root, $id: id });
    rootIds.set(root, id);
  }
  return id;
}

/** The validator for `schema`: the root itself or one of its $defs (compiled once, refs resolved against the root). */
function validatorFor(root: Schema, schema: Schema): ValidateFunction {
  const known = validators.get(schema);
  if (known !== undefined) return known;
  const id = rootId(root);
  const defs = (root["$defs"] ?? {}) as Record<string, Schema>;
  const name = Object.keys(defs).find((key) => defs[key] === schema);
  if (schema !== root && name === undefined) throw new Error("the schema must be the root or one of its $defs");
  const validate = ajv.compile({ $ref: schema === root ? id : `${id}#/$defs/${String(name)}` });
  validators.set(schema, validate);
  return validate;
}

/** One Ajv error as `$.path: message (extra property)`. */
export function describeSchemaError(error: ErrorObject): string {
  const at = `$${error.instancePath.replace(/\//g, ".")}`;
  const extra = error.keyword === "additionalProperties" ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : "";
  return `${at}: ${error.message ?? error.keyword}${extra}`;
}

/** Every problem of `value` against `schema` (the root or one of its $defs); empty when it validates. */
export function schemaProblems(root: Schema, value: unknown, schema: Schema = root): string[] {
  const validate = validatorFor(root, schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describeSchemaError);
}
