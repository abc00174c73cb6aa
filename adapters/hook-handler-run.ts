// Adapter-neutral pieces of hook dispatch: run a parent handler under a deadline, contain observer failures.
import { types } from "node:util";

// Captured once so a patched Promise.prototype.then cannot run inside dispatch.
const promiseThen = Promise.prototype.then;

export type HandlerOutcome =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "timeout" }
  | { readonly kind: "threw"; readonly error: unknown };

/** Calls `handler` and waits at most `timeoutMs` for a genuine Promise; thenables are data, not awaited. */
export async function runHookHandler<P>(handler: (p: P) => unknown, payload: P, timeoutMs: number): Promise<HandlerOutcome> {
  let result: unknown;
  try {
    result = handler(payload);
  } catch (error) {
    return { kind: "threw", error };
  }
  if (!types.isPromise(result)) return { kind: "value", value: result };
  const pending = result as Promise<unknown>;
  return new Promise<HandlerOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
    const settle = (o: HandlerOutcome): void => {
      clearTimeout(timer);
      resolve(o);
    };
    try {
      promiseThen.call(pending, (value: unknown) => settle({ kind: "value", value }), (error: unknown) => settle({ kind: "threw", error }));
    } catch (error) {
      settle({ kind: "threw", error });
    }
  });
}

/** Listener failures are the session's to report (hook_observer_failed); they never change the CLI's answer. */
export function guardObserver(fn: () => void): void {
  try {
    fn();
  } catch {
    /* contained */
  }
}

export function describeError(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return "non-printable error";
  }
}
