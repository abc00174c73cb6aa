// Argument checks shared by the facade's calls: each returns a typed error instead of throwing.

import { readOptionsGuarded, validateTerminalSize } from "../adapters/common-options.js";
import { ElwoodError } from "./contracts/errors.js";
import { timerDelayProblem } from "./contracts/timer-limit.js";
import { isTerminalStatus, type SessionStatus } from "./contracts/public-types.js";

/** The same size rule as `initialSize` (one rule for start and resize); a size whose getters throw is just invalid. */
export function sizeProblem(size: unknown): ElwoodError | undefined {
  if (typeof size !== "object" || size === null) return new ElwoodError("invalid_argument", "size must be { cols, rows }", { option: "size" });
  const checked = readOptionsGuarded((s) => validateTerminalSize(s, "size"), size, "resize");
  return checked instanceof ElwoodError ? checked : undefined;
}

export function validTimeout(value: unknown, fallback: number): number | ElwoodError {
  if (value === undefined) return fallback;
  return timerDelayProblem("timeoutMs", value) ?? (value as number);
}

/** A call on an ended session fails `session_not_running` (naming the status it ended in). */
export function notRunning(status: SessionStatus): ElwoodError | undefined {
  return isTerminalStatus(status) ? new ElwoodError("session_not_running", `the session is ${status}`) : undefined;
}

/** The deadline of a call with a timeout, or why it cannot run (an ended session first, then a bad timeout). */
export function callTimeout(status: SessionStatus, value: unknown, fallback: number): number | ElwoodError {
  return notRunning(status) ?? validTimeout(value, fallback);
}
