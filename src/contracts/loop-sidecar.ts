// A loop definition and the loop sidecar's text form (B §6.11, B §10.4): what the state store writes and reads for a
// session's loops, as a pure serialise/parse pair. The store owns the file (0600, rename-atomic, ownership checks).

import { ElwoodError } from "./errors.js";
import { cadenceMs, LOOP_LIFETIME_MS, LOOP_LIMIT, LOOP_MAX_JITTER_MS, loopJitterMs, validateLoopRequest, type ElwoodLoopRequest } from "./loop.js";

/** Exactly what is kept of one loop: no timer, due or submission state, no phase. Times are Unix epoch ms. */
export type LoopDefinition = ElwoodLoopRequest & {
  readonly id: string;
  readonly jitterMs: number;
  readonly createdAt: number;
  readonly expiresAt: number;
};

/** The sidecar's schema version; a file of any other version is refused. */
export const LOOP_SIDECAR_VERSION = 1;

/** A new definition: jitter derived from its id once, expiry seven days after creation. */
export function newLoopDefinition(id: string, request: ElwoodLoopRequest, createdAt: number): LoopDefinition {
  return { ...request, id, jitterMs: loopJitterMs(id, cadenceMs(request)), createdAt, expiresAt: createdAt + LOOP_LIFETIME_MS };
}

/** The definitions still unexpired at `now` (resume and loop management drop the others silently). */
export function unexpiredLoops(definitions: readonly LoopDefinition[], now: number): LoopDefinition[] {
  return definitions.filter((definition) => definition.expiresAt > now);
}

/** The sidecar text for a session's definitions (an empty list is still a valid file; the store may delete it instead). */
export function serializeLoopSidecar(definitions: readonly LoopDefinition[]): string {
  const loops = definitions.map(({ id, mode, message, jitterMs, createdAt, expiresAt, ...rest }) => ({
    id,
    mode,
    message,
    ...(mode === "fixed" ? { intervalMs: (rest as { intervalMs: number }).intervalMs } : {}),
    jitterMs,
    createdAt,
    expiresAt,
  }));
  return `${JSON.stringify({ version: LOOP_SIDECAR_VERSION, loops })}\n`;
}

const corrupt = (cause: string): ElwoodError<"state_corrupt"> => new ElwoodError("state_corrupt", "the loop sidecar is not what Elwood wrote", { cause });

const FIXED_KEYS = ["createdAt", "expiresAt", "id", "intervalMs", "jitterMs", "message", "mode"].join();
const IDLE_KEYS = ["createdAt", "expiresAt", "id", "jitterMs", "message", "mode"].join();
const isEpochMs = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function parseDefinition(entry: unknown, index: number): LoopDefinition | ElwoodError<"state_corrupt"> {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return corrupt(`loops[${index}] is not an object`);
  const record = entry as Record<string, unknown>;
  const keys = Object.keys(record).sort().join();
  if (keys !== (record["mode"] === "fixed" ? FIXED_KEYS : IDLE_KEYS)) return corrupt(`loops[${index}] has other fields than a loop definition`);
  const { id, jitterMs, createdAt, expiresAt } = record;
  if (typeof id !== "string" || id.length === 0) return corrupt(`loops[${index}].id is not a non-empty string`);
  const request = validateLoopRequest(record);
  if (request instanceof Error) return corrupt(`loops[${index}].${request.details.field} is invalid`);
  if (!isEpochMs(createdAt) || !isEpochMs(expiresAt) || expiresAt !== createdAt + LOOP_LIFETIME_MS) return corrupt(`loops[${index}] has invalid times`);
  const maxJitter = Math.min(Math.floor(cadenceMs(request) / 10), LOOP_MAX_JITTER_MS);
  if (typeof jitterMs !== "number" || !Number.isSafeInteger(jitterMs) || jitterMs < 0 || jitterMs > maxJitter) return corrupt(`loops[${index}].jitterMs is out of range`);
  return { ...request, id, jitterMs, createdAt, expiresAt };
}

/**
 * Reads sidecar text back into definitions (stored jitter kept as is, never re-derived), or `state_corrupt` for
 * anything Elwood would not have written: not JSON, another version, a malformed or duplicate definition, or more
 * than the per-session limit. The error names the field, never the stored prompt.
 */
export function parseLoopSidecar(text: string): LoopDefinition[] | ElwoodError<"state_corrupt"> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return corrupt("not JSON");
  }
  if (typeof data !== "object" || data === null) return corrupt("not an object");
  const { version, loops } = data as { version?: unknown; loops?: unknown };
  if (version !== LOOP_SIDECAR_VERSION) return corrupt("unknown schema version");
  if (!Array.isArray(loops) || Object.keys(data).length !== 2) return corrupt("not a loop sidecar");
  if (loops.length > LOOP_LIMIT) return corrupt("more loops than a session may hold");
  const definitions: LoopDefinition[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of loops.entries()) {
    const definition = parseDefinition(entry, index);
    if (definition instanceof Error) return definition;
    if (ids.has(definition.id)) return corrupt(`loops[${index}].id is a duplicate`);
    ids.add(definition.id);
    definitions.push(definition);
  }
  return definitions;
}
