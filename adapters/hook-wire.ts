// Pieces of a hook reply both JSON-answering CLIs' dispatchers share (Codex, Qwen): own-property handler lookup, the
// exact-shape check of a handler's response, and the wire results.
import type { Wire } from "./hook-dispatch.js";

type Rec = Readonly<Record<string, unknown>>;

/** A handler by key, own properties only: "constructor" or "toString" must never resolve to an inherited member. */
export function ownHandler<P>(handlers: object, key: string): ((p: P) => unknown) | undefined {
  if (!Object.prototype.hasOwnProperty.call(handlers, key)) return undefined;
  const h = (handlers as Record<string, unknown>)[key];
  return typeof h === "function" ? (h as (p: P) => unknown) : undefined;
}

/** Why `r` is not exactly a response of `allowed` keys (each passing its check, at least one); undefined when it is. */
export function responseShapeProblem(r: Rec, allowed: Readonly<Record<string, (v: unknown) => boolean>>, event: string, agentName: string): string | undefined {
  const keys = Object.keys(r);
  if (keys.length === 0) return `${event} response {} is not a decision (return undefined for none)`;
  for (const k of keys) {
    const check = allowed[k];
    if (check === undefined) return `${event} response has a field ${agentName} does not accept: ${k}`;
    if (!check(r[k])) return `${event} response field ${k} has the wrong value`;
  }
  return undefined;
}

export const failWire = (reason: string): Wire => ({ ok: false, reason });
export const jsonWire = (value: unknown): Wire => ({ ok: true, stdout: JSON.stringify(value) });
