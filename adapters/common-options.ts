// Option validators every agent's start shares (cwd, size, persona, hook deadline, env, executable, shell); return errors, never throw.
import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import { MAX_TIMER_MS } from "../src/contracts/timer-limit.js";
import { DEFAULT_TERMINAL_SIZE, type HookEventSelection, type TerminalSize } from "../src/contracts/public-types.js";

/** Persona limit, 8 MiB of UTF-8: larger personas reject with `input_queue_full` before any side effect. */
export const PERSONA_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Default per-hook parent-handler deadline (Elwood's choice): 30 s keeps a stuck handler from
 * stalling a turn for long while leaving room for a human-in-the-loop PreToolUse decision.
 */
export const DEFAULT_HOOK_TIMEOUT_MS = 30_000;
/** Largest delay a Node timer can hold; Node turns a longer one into 1 ms, so it would fire at once. */
const NODE_TIMER_MAX_MS = MAX_TIMER_MS;
/** The bridge child gives up this long after the handler deadline (the server's own safety net sits inside it). */
export const BRIDGE_MARGIN_MS = 2000;
/** The CLI's own hook timeout is the handler deadline rounded up to whole seconds plus this, so Elwood answers first. */
export const CLI_HOOK_MARGIN_SEC = 5;
/**
 * Largest handler deadline whose derived timers all still fit a Node timer: the bridge's (deadline + 2 s) and
 * Claude's own per-hook timer (whole seconds + 5 s, which Claude, a Node program, arms in milliseconds). Above it
 * one of them would overflow to 1 ms and every hook would fail open at once.
 */
export const MAX_HOOK_TIMEOUT_MS = Math.min(
  NODE_TIMER_MAX_MS - BRIDGE_MARGIN_MS,
  (Math.floor(NODE_TIMER_MAX_MS / 1000) - CLI_HOOK_MARGIN_SEC) * 1000,
);

export const TERMINAL_COLS_RANGE = { min: 20, max: 1000 } as const;
export const TERMINAL_ROWS_RANGE = { min: 5, max: 500 } as const;

export type Check<T> = T | ElwoodError;

export const invalid = (message: string, details: Record<string, unknown> = {}): ElwoodError =>
  new ElwoodError("invalid_argument", message, details);

/** Options must be a plain object; `what` names the call in the message (e.g. "startClaude"). */
export function optionsObject(opts: unknown, what: string): Check<Record<string, unknown>> {
  if (typeof opts !== "object" || opts === null || Array.isArray(opts)) return invalid(`${what} options must be an object`);
  return opts as Record<string, unknown>;
}

/**
 * Runs a synchronous shape validation so that options which fight back — a throwing getter, a Proxy whose traps
 * throw — reject with `invalid_argument` like any other bad option instead of leaking their own error.
 */
export function readOptionsGuarded<T>(shape: (opts: unknown) => Check<T>, opts: unknown, what: string): Check<T> {
  try {
    return shape(opts);
  } catch (error) {
    if (isElwoodError(error)) return error;
    return invalid(`${what} options could not be read (a getter or proxy trap threw)`, { errorName: error instanceof Error ? error.name : typeof error });
  }
}

/** The required working directory as given (resolved later), checked without touching the file system. */
export function requiredCwd(o: Record<string, unknown>): Check<string> {
  const cwd = o["cwd"];
  if (typeof cwd !== "string" || cwd === "" || cwd.includes("\0")) {
    return invalid("cwd is required and must be a non-empty path string", { option: "cwd" });
  }
  return cwd;
}

/** `hooks` is an object of handlers when given; the handlers themselves are the adapter's to type. */
export function optionalHooksObject(o: Record<string, unknown>): Check<object | undefined> {
  const hooks = o["hooks"];
  if (hooks !== undefined && (typeof hooks !== "object" || hooks === null || Array.isArray(hooks))) {
    return invalid("hooks must be an object of handlers", { option: "hooks" });
  }
  return hooks as object | undefined;
}

const HOOK_EVENT_SELECTIONS: readonly HookEventSelection[] = ["all", "essential"];

/** The launch options both agents accept, in the order both validate them, with defaults applied. */
export interface CommonLaunchOptions {
  readonly hookEvents: HookEventSelection;
  readonly autoupdate: boolean;
  readonly autotrust: boolean;
  readonly strictVersionCheck: boolean;
  readonly hookTimeoutMs: number;
  readonly executable: string | undefined;
  readonly shell: string | undefined;
  readonly env: Readonly<Record<string, string>>;
}

export function validateCommonLaunch(o: Record<string, unknown>): Check<CommonLaunchOptions> {
  const autoupdate = optionalBoolean(o, "autoupdate");
  if (autoupdate instanceof ElwoodError) return autoupdate;
  const autotrust = optionalBoolean(o, "autotrust");
  if (autotrust instanceof ElwoodError) return autotrust;
  const strictVersionCheck = optionalBoolean(o, "strictVersionCheck");
  if (strictVersionCheck instanceof ElwoodError) return strictVersionCheck;
  const hookTimeoutMs = validateHookTimeout(o["hookTimeoutMs"]);
  if (hookTimeoutMs instanceof ElwoodError) return hookTimeoutMs;
  const hookEvents = o["hookEvents"];
  if (hookEvents !== undefined && !HOOK_EVENT_SELECTIONS.includes(hookEvents as HookEventSelection)) {
    return invalid(`hookEvents must be one of ${HOOK_EVENT_SELECTIONS.join(", ")}`, { option: "hookEvents", validValues: [...HOOK_EVENT_SELECTIONS] });
  }
  const executable = optionalAbsolutePath(o, "executable");
  if (executable instanceof ElwoodError) return executable;
  const shell = optionalAbsolutePath(o, "shell");
  if (shell instanceof ElwoodError) return shell;
  const env = validateEnv(o["env"]);
  if (env instanceof ElwoodError) return env;
  return {
    autoupdate: autoupdate ?? false,
    autotrust: autotrust ?? false,
    strictVersionCheck: strictVersionCheck ?? false,
    hookTimeoutMs,
    hookEvents: (hookEvents as HookEventSelection | undefined) ?? "all",
    executable,
    shell,
    env,
  };
}

/** The one file-system check before any preflight: cwd must exist and be a directory. Rejects, never throws synchronously. */
export async function assertCwdDirectory(cwd: string): Promise<void> {
  let isDir = false;
  try {
    isDir = (await stat(cwd)).isDirectory();
  } catch (error) {
    throw invalid(`cwd ${cwd} does not exist`, { option: "cwd", errno: (error as NodeJS.ErrnoException).code });
  }
  if (!isDir) throw invalid(`cwd ${cwd} is not a directory`, { option: "cwd" });
}

/** Integer size within the supported range; undefined → 189×48. */
export function validateTerminalSize(value: unknown, option: string): Check<TerminalSize> {
  if (value === undefined) return DEFAULT_TERMINAL_SIZE;
  if (typeof value !== "object" || value === null) return invalid(`${option} must be { cols, rows }`, { option });
  const { cols, rows } = value as { cols?: unknown; rows?: unknown };
  const inRange = (n: unknown, r: { min: number; max: number }): n is number =>
    typeof n === "number" && Number.isInteger(n) && n >= r.min && n <= r.max;
  if (!inRange(cols, TERMINAL_COLS_RANGE) || !inRange(rows, TERMINAL_ROWS_RANGE)) {
    return invalid(
      `${option} must have integer cols ${TERMINAL_COLS_RANGE.min}–${TERMINAL_COLS_RANGE.max} and rows ${TERMINAL_ROWS_RANGE.min}–${TERMINAL_ROWS_RANGE.max}`,
      { option, cols: TERMINAL_COLS_RANGE, rows: TERMINAL_ROWS_RANGE },
    );
  }
  return { cols, rows };
}

export function validatePersona(value: unknown): Check<string | undefined> {
  if (value === undefined) return undefined;
  if (typeof value !== "string") return invalid("persona must be a string", { option: "persona" });
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > PERSONA_MAX_BYTES) {
    return new ElwoodError("input_queue_full", "persona exceeds 8 MiB of UTF-8", { bytes, limit: PERSONA_MAX_BYTES });
  }
  return value;
}

export function validateHookTimeout(value: unknown): Check<number> {
  if (value === undefined) return DEFAULT_HOOK_TIMEOUT_MS;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_HOOK_TIMEOUT_MS) {
    return invalid(`hookTimeoutMs must be a positive finite number of milliseconds ≤ ${MAX_HOOK_TIMEOUT_MS}`, {
      option: "hookTimeoutMs",
    });
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export function validateEnv(value: unknown): Check<Readonly<Record<string, string>>> {
  if (value === undefined) return Object.freeze({});
  if (!isPlainObject(value)) return invalid("env must be an object of string values", { option: "env" });
  const env: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "" || key.includes("=") || key.includes("\0")) return invalid(`env key ${JSON.stringify(key)} is invalid`, { option: "env" });
    if (typeof v !== "string" || v.includes("\0")) return invalid(`env.${key} must be a string without NUL`, { option: "env", key });
    env[key] = v;
  }
  return Object.freeze(env);
}

export function optionalBoolean(o: Record<string, unknown>, key: string): Check<boolean | undefined> {
  const v = o[key];
  if (v === undefined || typeof v === "boolean") return v;
  return invalid(`${key} must be a boolean`, { option: key });
}

/** Free text forwarded as one argv word: non-empty, no control characters (argv cannot carry NUL). */
export function optionalText(o: Record<string, unknown>, key: string): Check<string | undefined> {
  const v = o[key];
  if (v === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (typeof v !== "string" || v.trim() === "" || /[\u0000-\u001f\u007f]/.test(v)) {
    return invalid(`${key} must be a non-empty string without control characters`, { option: key });
  }
  return v;
}

export function optionalPath(o: Record<string, unknown>, key: string): Check<string | undefined> {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || v === "" || v.includes("\0")) return invalid(`${key} must be a non-empty path string`, { option: key });
  return v;
}

export function optionalAbsolutePath(o: Record<string, unknown>, key: string): Check<string | undefined> {
  const v = optionalPath(o, key);
  if (v === undefined || v instanceof ElwoodError) return v;
  if (!isAbsolute(v)) return invalid(`${key} must be an absolute path`, { option: key });
  return v;
}

/** Why a value is not plain JSON (a non-finite number, a cycle, a class instance …), naming its path; undefined when it is. */
export function jsonProblem(value: unknown, path: string, seen: Set<object>): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `${path} must be a finite number`;
  if (typeof value !== "object") return `${path} is not JSON (${typeof value})`;
  if (seen.has(value)) return `${path} is circular`;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const p = jsonProblem(item, `${path}[${i}]`, seen);
      if (p) return p;
    }
  } else {
    if (!isPlainObject(value)) return `${path} must be a plain object`;
    for (const [k, item] of Object.entries(value)) {
      const p = jsonProblem(item, `${path}.${k}`, seen);
      if (p) return p;
    }
  }
  seen.delete(value);
  return undefined;
}
