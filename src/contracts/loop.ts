// Recurring loops' shared vocabulary: the request, snapshot and event types, the limits, the stable jitter, the
// request validation and `parseLoopCommand` (the `/loop` text form of a request). Pure: no clock, no I/O.

import { ElwoodError } from "./errors.js";

/** What a caller asks for: a prompt on a fixed interval, or after the session has been idle for a while. */
export type ElwoodLoopRequest =
  | { readonly mode: "fixed"; readonly intervalMs: number; readonly message: string }
  | { readonly mode: "idle"; readonly message: string };

/** Where a loop is: waiting for a live session, counting down, due and waiting for readiness, or submitted. */
export type ElwoodLoopState = "waiting" | "scheduled" | "due" | "submitted";

/** One loop as `listLoops()` shows it. Timestamps are Unix epoch ms. */
export interface ElwoodLoopSnapshot {
  readonly id: string;
  readonly message: string;
  readonly mode: "fixed" | "idle";
  /** Present only for a fixed loop. */
  readonly intervalMs?: number;
  readonly jitterMs: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly state: ElwoodLoopState;
  /** Present only while a live loop is `scheduled`. */
  readonly nextDueAt?: number;
}

/** A snapshot without the prompt: what a loop event carries (events never carry the stored prompt). */
export type ElwoodLoopEventSnapshot = Omit<ElwoodLoopSnapshot, "message">;

/** The `loop` event family: live-only, identified by loop id, never carrying the prompt. */
export type ElwoodLoopEvent =
  | { readonly kind: "created"; readonly loopId: string; readonly at: number; readonly snapshot: ElwoodLoopEventSnapshot }
  | {
      readonly kind: "fired";
      readonly loopId: string;
      readonly scheduledDueAt: number;
      readonly submittedAt: number;
      readonly snapshot: ElwoodLoopEventSnapshot & { readonly state: "submitted" };
    }
  | { readonly kind: "cancelled"; readonly loopId: string; readonly at: number; readonly reason: "caller" | "kill" | "teardown" }
  | { readonly kind: "expired"; readonly loopId: string; readonly at: number }
  | {
      readonly kind: "failed";
      readonly loopId: string;
      readonly at: number;
      readonly phase: "persistence" | "scheduling" | "submission";
      /** Present only while the loop is still active. */
      readonly snapshot?: ElwoodLoopEventSnapshot;
      readonly code: "loop_persistence_failed" | "loop_submission_failed";
      /** Bounded and content-free. */
      readonly message: string;
    };

/** The smallest fixed interval: one minute. */
export const LOOP_MIN_INTERVAL_MS = 60_000;
/** A fixed interval must be shorter than this (seven days), which is also every loop's lifetime. */
export const LOOP_MAX_INTERVAL_MS = 604_800_000;
/** A loop expires this long after its original creation, whether or not a process ran in between. */
export const LOOP_LIFETIME_MS = 604_800_000;
/** An idle loop is due after this much continuous quiet (no non-loop session activity). */
export const LOOP_IDLE_MS = 300_000;
/** Jitter never exceeds this, nor a tenth of the cadence interval. */
export const LOOP_MAX_JITTER_MS = 30_000;
/** The most unexpired loops one session holds. */
export const LOOP_LIMIT = 50;
/** A loop's message is 1..this many UTF-8 bytes. */
export const LOOP_MESSAGE_MAX_BYTES = 65_536;

/** The interval a loop's jitter is a fraction of: its fixed interval, or the idle threshold. */
export function cadenceMs(request: { readonly mode: "fixed" | "idle"; readonly intervalMs?: number }): number {
  return request.mode === "fixed" ? (request.intervalMs ?? 0) : LOOP_IDLE_MS;
}

/**
 * The loop's stable, delay-only jitter: a 32-bit FNV-1a hash of its id, reduced to 0..min(10 % of the cadence,
 * 30 s). Derived once at creation and persisted; a restored loop keeps the stored value, never re-derives it.
 */
export function loopJitterMs(loopId: string, cadence: number): number {
  const max = Math.min(Math.floor(cadence / 10), LOOP_MAX_JITTER_MS);
  let hash = 0x811c9dc5;
  for (let i = 0; i < loopId.length; i++) {
    hash ^= loopId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return max <= 0 ? 0 : hash % (max + 1);
}

function invalid(field: "request" | "mode" | "message" | "intervalMs", message: string, limit?: { min: number; max: number }): ElwoodError<"invalid_loop"> {
  return new ElwoodError("invalid_loop", message, limit ? { field, min: limit.min, max: limit.max } : { field });
}

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).byteLength;

/**
 * Checks a loop request (a caller's value of any shape) and returns a clean copy, or the `invalid_loop` error that
 * names the refused field. The error never carries the message text.
 */
export function validateLoopRequest(request: unknown): ElwoodLoopRequest | ElwoodError<"invalid_loop"> {
  if (typeof request !== "object" || request === null) return invalid("request", "A loop request must be an object");
  const { mode, message, intervalMs } = request as { mode?: unknown; message?: unknown; intervalMs?: unknown };
  if (mode !== "fixed" && mode !== "idle") return invalid("mode", 'A loop\'s mode must be "fixed" or "idle"');
  if (typeof message !== "string") return invalid("message", "A loop's message must be a string");
  const bytes = utf8Bytes(message);
  if (bytes < 1 || bytes > LOOP_MESSAGE_MAX_BYTES) {
    return invalid("message", `A loop's message must be 1..${LOOP_MESSAGE_MAX_BYTES} UTF-8 bytes`, { min: 1, max: LOOP_MESSAGE_MAX_BYTES });
  }
  if (mode === "idle") {
    if (intervalMs !== undefined) return invalid("intervalMs", "An idle loop has no interval");
    return { mode, message };
  }
  const range = { min: LOOP_MIN_INTERVAL_MS, max: LOOP_MAX_INTERVAL_MS - 1 };
  if (typeof intervalMs !== "number" || !Number.isSafeInteger(intervalMs) || intervalMs < range.min || intervalMs > range.max) {
    return invalid("intervalMs", "A fixed loop's interval must be an integer number of ms, at least one minute and under seven days", range);
  }
  return { mode, intervalMs, message };
}

const UNIT_MS: Readonly<Record<string, bigint>> = { s: 1_000n, m: 60_000n, h: 3_600_000n, d: 86_400_000n };

/**
 * Reads the `/loop` command form of a request; never schedules anything. Input that is not exactly a `/loop`
 * command (`/loop` alone or followed by whitespace, case-sensitive, nothing before it) gives `undefined`. After
 * `/loop`, a first token that is a positive integer immediately followed by one of `s`, `m`, `h`, `d` is the
 * interval of a fixed loop and the rest is its message; otherwise the whole remainder is an idle loop's message.
 * A recognised command that fails validation returns an `invalid_loop` ElwoodError as its value: nothing in
 * Elwood's public surface throws synchronously, and a parser has no promise to reject.
 */
export function parseLoopCommand(command: string): ElwoodLoopRequest | ElwoodError<"invalid_loop"> | undefined {
  if (typeof command !== "string") return undefined;
  const head = /^\/loop(?=\s|$)/u.exec(command);
  if (!head) return undefined;
  const remainder = command.slice(head[0].length).trim();
  const token = /^(\d+)([smhd])(?=\s|$)/u.exec(remainder);
  const amount = token ? BigInt(token[1] ?? "0") : 0n;
  let request: unknown;
  if (token && amount > 0n) {
    const ms = amount * (UNIT_MS[token[2] ?? ""] ?? 0n);
    if (ms > BigInt(Number.MAX_SAFE_INTEGER)) return invalid("intervalMs", "The /loop interval does not fit a safe integer of ms");
    request = { mode: "fixed", intervalMs: Number(ms), message: remainder.slice(token[0].length).trim() };
  } else {
    request = { mode: "idle", message: remainder };
  }
  return validateLoopRequest(request);
}
