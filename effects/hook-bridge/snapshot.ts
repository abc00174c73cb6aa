// Detached, frozen JSON-data copies of hook inputs and handler responses, bounded and without running caller code.
//
// Why: a handler (or an observer) must not be able to change a response after it was validated, nor make Elwood
// run getters, toJSON, proxy traps or `then` while copying (spec B §7.9, §7.10).
import { types } from "node:util";

export const SNAPSHOT_MAX_DEPTH = 128;
export const SNAPSHOT_MAX_VISITS = 100_000;

export type Snapshot = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

class Invalid extends Error {}

/**
 * Copy `value` into plain frozen JSON data. `undefined` and array holes follow JSON semantics (omitted in records,
 * `null` in arrays); a root `undefined` stays `undefined`. Never throws.
 */
export function snapshotJson(value: unknown): Snapshot {
  const ancestors = new Set<object>();
  let visits = 0;

  const visit = (v: unknown, depth: number, inArray: boolean): unknown => {
    visits += 1;
    if (visits > SNAPSHOT_MAX_VISITS) throw new Invalid(`more than ${SNAPSHOT_MAX_VISITS} values`);
    if (depth > SNAPSHOT_MAX_DEPTH) throw new Invalid(`nested deeper than ${SNAPSHOT_MAX_DEPTH}`);
    switch (typeof v) {
      case "string":
      case "boolean":
        return v;
      case "number":
        if (!Number.isFinite(v)) throw new Invalid("non-finite number");
        return v;
      case "undefined":
        return inArray ? null : undefined;
      case "bigint":
      case "function":
      case "symbol":
        throw new Invalid(`${typeof v} is not JSON data`);
    }
    if (v === null) return null;
    const obj = v as object;
    if (types.isProxy(obj)) throw new Invalid("proxy is not JSON data");
    if (types.isBoxedPrimitive(obj)) throw new Invalid("boxed primitive is not JSON data");
    if (ancestors.has(obj)) throw new Invalid("cycle");
    const isArray = Array.isArray(obj);
    const proto: unknown = Object.getPrototypeOf(obj);
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) {
      throw new Invalid("custom prototype is not JSON data");
    }
    const toJSON = Object.getOwnPropertyDescriptor(obj, "toJSON");
    if (toJSON && (toJSON.get || toJSON.set || typeof toJSON.value === "function")) throw new Invalid("serializer is not JSON data");
    ancestors.add(obj);
    try {
      return isArray ? copyArray(obj as unknown[], depth) : copyRecord(obj, depth);
    } finally {
      ancestors.delete(obj);
    }
  };

  const copyArray = (arr: unknown[], depth: number): readonly unknown[] => {
    const out: unknown[] = [];
    const len = arr.length;
    for (let i = 0; i < len; i++) {
      // Budget is checked by visit before the next descriptor is read.
      if (visits + 1 > SNAPSHOT_MAX_VISITS) throw new Invalid(`more than ${SNAPSHOT_MAX_VISITS} values`);
      const d = Object.getOwnPropertyDescriptor(arr, i);
      if (d === undefined) {
        visits += 1;
        out.push(null);
        continue;
      }
      if (d.get || d.set) throw new Invalid("accessor is not JSON data");
      out.push(visit(d.value, depth + 1, true));
    }
    return Object.freeze(out);
  };

  const copyRecord = (rec: object, depth: number): Readonly<Record<string, unknown>> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(rec)) {
      if (visits + 1 > SNAPSHOT_MAX_VISITS) throw new Invalid(`more than ${SNAPSHOT_MAX_VISITS} values`);
      const d = Object.getOwnPropertyDescriptor(rec, key);
      if (d === undefined || !d.enumerable) continue;
      if (d.get || d.set) throw new Invalid("accessor is not JSON data");
      const copied = visit(d.value, depth + 1, false);
      // defineProperty, not assignment: a "__proto__" key must stay data, not change the prototype.
      if (copied !== undefined) Object.defineProperty(out, key, { value: copied, enumerable: true, writable: false, configurable: false });
    }
    return Object.freeze(out);
  };

  try {
    return { ok: true, value: visit(value, 0, false) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, reason: e.message };
    // A RangeError from a hostile structure still must not escape.
    return { ok: false, reason: "value could not be copied" };
  }
}
