// What callers see of loops: admitting a createLoop request against the per-session limit, the snapshot listLoops
// returns (sorted, immutable), and the redacted snapshot loop events carry (never the prompt). Pure.

import { ElwoodError } from "./errors.js";
import { LOOP_LIMIT, validateLoopRequest, type ElwoodLoopEventSnapshot, type ElwoodLoopSnapshot, type ElwoodLoopState } from "./loop.js";
import { newLoopDefinition, unexpiredLoops, type LoopDefinition } from "./loop-sidecar.js";

/**
 * A new definition for `request`, or why not: `invalid_loop` for a bad request, `loop_limit_reached` when the
 * session already holds 50 unexpired loops (the existing ones untouched either way).
 */
export function admitLoop(
  existing: readonly LoopDefinition[],
  request: unknown,
  id: string,
  now: number,
): LoopDefinition | ElwoodError<"invalid_loop"> | ElwoodError<"loop_limit_reached"> {
  const checked = validateLoopRequest(request);
  if (checked instanceof Error) return checked;
  if (unexpiredLoops(existing, now).length >= LOOP_LIMIT) {
    return new ElwoodError("loop_limit_reached", `a session holds at most ${LOOP_LIMIT} loops`, { limit: LOOP_LIMIT });
  }
  return newLoopDefinition(id, checked, now);
}

/** One loop's snapshot: `intervalMs` only for a fixed loop, `nextDueAt` only while it is `scheduled`. */
export function loopSnapshot(definition: LoopDefinition, state: ElwoodLoopState, nextDueAt?: number): ElwoodLoopSnapshot {
  return Object.freeze({
    id: definition.id,
    message: definition.message,
    mode: definition.mode,
    ...(definition.mode === "fixed" ? { intervalMs: definition.intervalMs } : {}),
    jitterMs: definition.jitterMs,
    createdAt: definition.createdAt,
    expiresAt: definition.expiresAt,
    state,
    ...(state === "scheduled" && nextDueAt !== undefined ? { nextDueAt } : {}),
  });
}

/** A snapshot as an event carries it: the prompt removed. */
export function redactLoopSnapshot(snapshot: ElwoodLoopSnapshot): ElwoodLoopEventSnapshot {
  const { message: _message, ...rest } = snapshot;
  return Object.freeze(rest);
}

/** listLoops order: by creation time, then id. */
export function sortLoopSnapshots(snapshots: readonly ElwoodLoopSnapshot[]): readonly ElwoodLoopSnapshot[] {
  return Object.freeze([...snapshots].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}
