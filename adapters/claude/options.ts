// `StartClaudeOptions` and its pre-spawn validation into `ResolvedClaudeOptions`; rejects, never throws.
import { resolve } from "node:path";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { HookEventSelection, TerminalSize } from "../../src/contracts/public-types.js";
import {
  assertCwdDirectory,
  invalid,
  isPlainObject,
  jsonProblem,
  optionalBoolean,
  optionalHooksObject,
  optionalPath,
  optionalText,
  optionsObject,
  readOptionsGuarded,
  requiredCwd,
  validateCommonLaunch,
  validatePersona,
  validateTerminalSize,
  type Check,
} from "../common-options.js";
import type { ClaudeHookHandlers } from "./hook-types.js";

export {
  DEFAULT_HOOK_TIMEOUT_MS,
  isPlainObject,
  MAX_HOOK_TIMEOUT_MS,
  optionalAbsolutePath,
  optionalBoolean,
  optionalPath,
  optionalText,
  PERSONA_MAX_BYTES,
  TERMINAL_COLS_RANGE,
  TERMINAL_ROWS_RANGE,
  validateEnv,
  validateHookTimeout,
  validatePersona,
  validateTerminalSize,
  type Check,
} from "../common-options.js";

export const CLAUDE_REASONING_EFFORTS = ["low", "medium", "high", "xhigh", "max"] as const;
export type ClaudeReasoningEffort = (typeof CLAUDE_REASONING_EFFORTS)[number];

/**
 * The six supported permission modes. `default` is passed to the CLI verbatim: 2.1.215 and 2.1.332 list it as
 * `manual` in `--help` but both still accept `default`, and older supported versions only know `default`.
 */
export const CLAUDE_PERMISSION_MODES = ["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"] as const;
export type ClaudePermissionMode = (typeof CLAUDE_PERMISSION_MODES)[number];

/** A Claude permission rule or tool name, e.g. `Read`, `Bash(git diff:*)`, `mcp__server__tool`. */
export type ClaudeToolRule = string;

/** Extra settings merged into the generated `--settings` file; must be plain JSON. */
export type ClaudeSettingsOverrides = Readonly<Record<string, unknown>>;

export interface StartClaudeOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  /** Forwarded to `--name`; not persisted. */
  readonly name?: string;
  /** Default 189×48; below 100 columns Claude bootstraps at 100 (see startup-plan.ts). */
  readonly initialSize?: TerminalSize;
  /** Typed parent handlers per Claude hook event; answers map onto Claude's hook JSON output. */
  readonly hooks?: ClaudeHookHandlers;
  /** First user message; ≤ 8 MiB UTF-8; not persisted. */
  readonly persona?: string;
  /** Forwarded to `--model` unvalidated (Claude owns model resolution). */
  readonly model?: string;
  readonly reasoningEffort?: ClaudeReasoningEffort;
  readonly permissionMode?: ClaudePermissionMode;
  readonly allowedTools?: readonly ClaudeToolRule[];
  readonly disallowedTools?: readonly ClaudeToolRule[];
  /** True allowlist of built-in tools; `[]` disables all tools (`--tools ""`). */
  readonly tools?: readonly ClaudeToolRule[];
  readonly settingsOverrides?: ClaudeSettingsOverrides;
  /** Expands to `permissionMode: "bypassPermissions"`; conflicts with any explicit `permissionMode`. */
  readonly highTrust?: boolean;
  /**
   * Default false. Run `claude update` through the login shell before the start, then check the version again. Best-effort:
   * a failed update with a new-enough CLI is the `agent_update_failed` warning; at most once per process, one process
   * of the user at a time.
   */
  readonly autoupdate?: boolean;
  /** Default false: workspace trust is security-sensitive. */
  readonly autotrust?: boolean;
  /**
   * Handler deadline per hook call (default 30 000 ms). At most 2 147 478 000 (MAX_HOOK_TIMEOUT_MS): above it a
   * timer derived from it (the bridge's, the CLI's own) would overflow Node's and fire at once; rejected
   * with `invalid_argument`.
   */
  readonly hookTimeoutMs?: number;
  /**
   * Which hook events Elwood registers with the CLI. `"all"` (default): every event the installed version has, each
   * one exposed as hook activity. `"essential"`: only the events Elwood itself follows the session by (start, prompt,
   * turn end and failure, compaction, permission, session end, readiness) plus every event you give a handler for, so
   * a tool call costs the agent no hook at all: the CLI spends time of its own on every hook it runs, whatever answers
   * it (`npm run bench`, "tool turn"). Other events then never reach hook activity.
   */
  readonly hookEvents?: HookEventSelection;
  readonly strictVersionCheck?: boolean;
  /**
   * Elwood extra: absolute path to the Claude CLI, used by both the version probe and the PTY launch.
   * Needed where the login shell resets PATH (Debian's /etc/profile). Without it, `claude` is resolved
   * through the login shell exactly as the user's terminal would.
   */
  readonly executable?: string;
  /** Elwood extra: additional environment for the agent, applied after Elwood strips its own variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Elwood extra: login shell to launch through; default is the account's configured shell. */
  readonly shell?: string;
}

/** Validated options with defaults applied and `highTrust` expanded. */
export interface ResolvedClaudeOptions {
  /** Absolute. */
  readonly cwd: string;
  /** Absolute when given; undefined means the default project-local store. */
  readonly stateDir: string | undefined;
  readonly name: string | undefined;
  readonly initialSize: TerminalSize;
  readonly hooks: ClaudeHookHandlers | undefined;
  readonly persona: string | undefined;
  readonly model: string | undefined;
  readonly reasoningEffort: ClaudeReasoningEffort | undefined;
  /** Undefined leaves the CLI's own default (2.1.332 defaults to `auto`). */
  readonly permissionMode: ClaudePermissionMode | undefined;
  readonly allowedTools: readonly ClaudeToolRule[] | undefined;
  readonly disallowedTools: readonly ClaudeToolRule[] | undefined;
  readonly tools: readonly ClaudeToolRule[] | undefined;
  readonly settingsOverrides: ClaudeSettingsOverrides | undefined;
  readonly highTrust: boolean;
  readonly autoupdate: boolean;
  readonly autotrust: boolean;
  readonly hookEvents: HookEventSelection;
  readonly hookTimeoutMs: number;
  readonly strictVersionCheck: boolean;
  readonly executable: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly shell: string | undefined;
}

/**
 * Validate caller options before any preflight, state creation or spawn. Always returns a promise
 * (never throws synchronously); rejections are `ElwoodError`s with stable codes.
 */
export async function validateClaudeOptions(opts: unknown): Promise<ResolvedClaudeOptions> {
  const resolved = readOptionsGuarded(validateClaudeOptionsShape, opts, "startClaude");
  if (resolved instanceof ElwoodError) throw resolved;
  await assertCwdDirectory(resolved.cwd);
  return resolved;
}

/** The synchronous, file-system-free part of validation; returns the first error instead of throwing. */
export function validateClaudeOptionsShape(opts: unknown): Check<ResolvedClaudeOptions> {
  const o = optionsObject(opts, "startClaude");
  if (o instanceof ElwoodError) return o;

  const cwd = requiredCwd(o);
  if (cwd instanceof ElwoodError) return cwd;

  const stateDir = optionalPath(o, "stateDir");
  if (stateDir instanceof ElwoodError) return stateDir;

  const name = optionalText(o, "name");
  if (name instanceof ElwoodError) return name;
  const model = optionalText(o, "model");
  if (model instanceof ElwoodError) return model;

  const initialSize = validateTerminalSize(o["initialSize"], "initialSize");
  if (initialSize instanceof ElwoodError) return initialSize;

  const hooks = optionalHooksObject(o);
  if (hooks instanceof ElwoodError) return hooks;

  const persona = validatePersona(o["persona"]);
  if (persona instanceof ElwoodError) return persona;

  const reasoningEffort = validateReasoningEffort(o["reasoningEffort"]);
  if (reasoningEffort instanceof ElwoodError) return reasoningEffort;

  const highTrust = optionalBoolean(o, "highTrust");
  if (highTrust instanceof ElwoodError) return highTrust;
  const permissionMode = resolvePermissionMode(o["permissionMode"], highTrust);
  if (permissionMode instanceof ElwoodError) return permissionMode;

  const allowedTools = validateToolRules(o["allowedTools"], "allowedTools");
  if (allowedTools instanceof ElwoodError) return allowedTools;
  const disallowedTools = validateToolRules(o["disallowedTools"], "disallowedTools");
  if (disallowedTools instanceof ElwoodError) return disallowedTools;
  const tools = validateToolRules(o["tools"], "tools");
  if (tools instanceof ElwoodError) return tools;

  const settingsOverrides = validateSettingsOverrides(o["settingsOverrides"]);
  if (settingsOverrides instanceof ElwoodError) return settingsOverrides;

  const launch = validateCommonLaunch(o);
  if (launch instanceof ElwoodError) return launch;

  return {
    cwd: resolve(cwd),
    stateDir: stateDir === undefined ? undefined : resolve(stateDir),
    name,
    initialSize,
    hooks: hooks as ClaudeHookHandlers | undefined,
    persona,
    model,
    reasoningEffort,
    permissionMode,
    allowedTools,
    disallowedTools,
    tools,
    settingsOverrides,
    highTrust: highTrust ?? false,
    ...launch,
  };
}

export function validateReasoningEffort(value: unknown): Check<ClaudeReasoningEffort | undefined> {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (CLAUDE_REASONING_EFFORTS as readonly string[]).includes(value)) {
    return value as ClaudeReasoningEffort;
  }
  return new ElwoodError(
    "claude_invalid_reasoning_effort",
    `reasoningEffort must be one of ${CLAUDE_REASONING_EFFORTS.join(", ")}`,
    { validValues: [...CLAUDE_REASONING_EFFORTS] },
  );
}

/**
 * `highTrust: true` is the agent-neutral "never ask" switch and expands to `bypassPermissions`.
 * Any explicit `permissionMode` beside it — even `bypassPermissions` — is a conflict, so there is
 * never a second axis to reconcile. `highTrust: false` changes nothing.
 */
export function resolvePermissionMode(value: unknown, highTrust: boolean | undefined): Check<ClaudePermissionMode | undefined> {
  if (value !== undefined && !(typeof value === "string" && (CLAUDE_PERMISSION_MODES as readonly string[]).includes(value))) {
    return invalid(`permissionMode must be one of ${CLAUDE_PERMISSION_MODES.join(", ")}`, {
      option: "permissionMode",
      validValues: [...CLAUDE_PERMISSION_MODES],
    });
  }
  if (highTrust === true) {
    if (value !== undefined) {
      return new ElwoodError("claude_high_trust_conflict", "highTrust cannot be combined with an explicit permissionMode", {
        permissionMode: value,
      });
    }
    return "bypassPermissions";
  }
  return value as ClaudePermissionMode | undefined;
}

/**
 * A rule list becomes ONE comma-separated flag value, so a rule must not contain a comma outside its
 * parentheses (that would silently split it into two rules) and parentheses must balance. Commas and
 * spaces inside parentheses (`Bash(git diff:*)`) are part of the rule. Control characters are refused
 * because they cannot be typed through a shell command line faithfully; a leading `-` would read as a flag.
 */
export function validateToolRules(value: unknown, option: string): Check<readonly ClaudeToolRule[] | undefined> {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return invalid(`${option} must be an array of rule strings`, { option });
  const rules: string[] = [];
  for (const [index, rule] of value.entries()) {
    const problem = toolRuleProblem(rule);
    if (problem) return invalid(`${option}[${index}] ${problem}`, { option, index });
    rules.push(rule as string);
  }
  return Object.freeze(rules);
}

function toolRuleProblem(rule: unknown): string | undefined {
  if (typeof rule !== "string") return "must be a string";
  if (rule.trim() === "") return "must not be empty";
  if (rule !== rule.trim()) return "must not start or end with whitespace";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(rule)) return "must not contain control characters (newline, NUL, ...)";
  if (rule.startsWith("-")) return "must not start with '-'";
  let depth = 0;
  for (const ch of rule) {
    if (ch === "(") depth += 1;
    else if (ch === ")") {
      depth -= 1;
      if (depth < 0) return "has unbalanced parentheses";
    } else if (ch === "," && depth === 0) return "must not contain a comma outside parentheses (pass separate rules)";
  }
  return depth === 0 ? undefined : "has unbalanced parentheses";
}

/** Plain JSON object: it is written verbatim into the generated settings file. */
export function validateSettingsOverrides(value: unknown): Check<ClaudeSettingsOverrides | undefined> {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) return invalid("settingsOverrides must be a plain JSON object", { option: "settingsOverrides" });
  const problem = jsonProblem(value, "settingsOverrides", new Set());
  if (problem) return invalid(problem, { option: "settingsOverrides" });
  const hooks = value["hooks"];
  if (hooks !== undefined) {
    if (!isPlainObject(hooks) || !Object.values(hooks).every((groups) => Array.isArray(groups))) {
      return invalid("settingsOverrides.hooks must map hook event names to arrays of matcher groups", {
        option: "settingsOverrides",
      });
    }
  }
  return value;
}
