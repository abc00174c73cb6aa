// The longest delay a Node timer holds (a longer one overflows to 1 ms and fires at once), and the one check every
// timeout option goes through.

import { ElwoodError } from "./errors.js";

/** 2^31 − 1 ms (about 24.8 days): every timeout option is bounded by it. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Why `value` cannot be the delay of option `option`: not a finite number, not positive (zero allowed where the
 * option's zero means "check once now"), or longer than a timer holds. Undefined when it can.
 */
export function timerDelayProblem(option: string, value: unknown, zeroAllowed = false): ElwoodError | undefined {
  const low = zeroAllowed ? "non-negative" : "positive";
  const inRange = typeof value === "number" && Number.isFinite(value) && (zeroAllowed ? value >= 0 : value > 0) && value <= MAX_TIMER_MS;
  return inRange ? undefined : new ElwoodError("invalid_argument", `${option} must be a ${low} finite number of milliseconds ≤ ${MAX_TIMER_MS}`, { option });
}
