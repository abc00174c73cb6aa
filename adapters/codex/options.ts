// `StartCodexOptions` and its pre-spawn validation into `ResolvedCodexOptions`; rejects, never throws.
import { resolve } from "node:path";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { HookEventSelection, TerminalSize } from "../../src/contracts/public-types.js";
import {
  assertCwdDirectory,
  invalid,
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
import type { CodexHookHandlers } from "./hook-types.js";

export const CODEX_REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type CodexReasoningEffort = (typeof CODEX_REASONING_EFFORTS)[number];

export const CODEX_SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export type CodexSandboxMode = (typeof CODEX_SANDBOX_MODES)[number];

export const CODEX_APPROVAL_POLICIES = ["untrusted", "on-request", "never"] as const;
export type CodexApprovalPolicy = (typeof CODEX_APPROVAL_POLICIES)[number];

export interface StartCodexOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly initialSize?: TerminalSize;
  readonly hooks?: CodexHookHandlers;
  /** First user message; never persisted. */
  readonly persona?: string;
  /** Forwarded to `--model` unvalidated. */
  readonly model?: string;
  /** Checked before spawn; sent as the reserved `-c model_reasoning_effort=<value>`. */
  readonly reasoningEffort?: CodexReasoningEffort;
  readonly profile?: string;
  readonly sandbox?: CodexSandboxMode;
  /**
   * Sent as `--ask-for-approval`. `untrusted` only where the probed version accepts it: 0.171.0 dropped it (its parser
   * exits 2), so there the start rejects with `invalid_argument` before spawning (adapters/codex/version-facts.ts).
   */
  readonly approvalPolicy?: CodexApprovalPolicy;
  /** Raw `key=value` Codex config strings; passed through `-c` verbatim (the caller owns TOML validity). */
  readonly configOverrides?: readonly string[];
  /** Expands to `danger-full-access` + `never`; conflicts with an explicit sandbox or approvalPolicy. */
  readonly highTrust?: boolean;
  /**
   * Default false. Run `codex update` through the login shell before the start, then check the version again. Best-effort:
   * a failed update with a new-enough CLI is the `agent_update_failed` warning; at most once per process, one process
   * of the user at a time.
   */
  readonly autoupdate?: boolean;
  /** Default false: answer Codex's directory trust prompt. Hook trust is answered regardless. */
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
  /** Elwood extra: absolute path to the Codex CLI (probe and launch). */
  readonly executable?: string;
  /** Elwood extra: additional environment, applied after Elwood strips its own variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** Elwood extra: login shell to launch through. */
  readonly shell?: string;
}

export interface ResolvedCodexOptions {
  readonly cwd: string;
  readonly stateDir: string | undefined;
  readonly initialSize: TerminalSize;
  readonly hooks: CodexHookHandlers;
  readonly persona: string | undefined;
  readonly model: string | undefined;
  readonly reasoningEffort: CodexReasoningEffort | undefined;
  readonly profile: string | undefined;
  readonly sandbox: CodexSandboxMode | undefined;
  readonly approvalPolicy: CodexApprovalPolicy | undefined;
  readonly configOverrides: readonly string[];
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

export async function validateCodexOptions(opts: unknown): Promise<ResolvedCodexOptions> {
  const resolved = readOptionsGuarded(validateCodexOptionsShape, opts, "startCodex");
  if (resolved instanceof ElwoodError) throw resolved;
  await assertCwdDirectory(resolved.cwd);
  return resolved;
}

function oneOf<T extends string>(value: unknown, values: readonly T[], option: string): Check<T | undefined> {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  return invalid(`${option} must be one of ${values.join(", ")}`, { option, validValues: [...values] });
}

export function validateCodexReasoningEffort(value: unknown): Check<CodexReasoningEffort | undefined> {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (CODEX_REASONING_EFFORTS as readonly string[]).includes(value)) return value as CodexReasoningEffort;
  return new ElwoodError("codex_invalid_reasoning_effort", `reasoningEffort must be one of ${CODEX_REASONING_EFFORTS.join(", ")}`, {
    validValues: [...CODEX_REASONING_EFFORTS],
  });
}

/**
 * One `-c` word each. The value is TOML Elwood never parses, but the entry must look like `key=value`
 * with a plain dotted key, and carry no control characters a command line cannot hold faithfully.
 */
export function validateConfigOverrides(value: unknown): Check<readonly string[]> {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) return invalid("configOverrides must be an array of key=value strings", { option: "configOverrides" });
  const out: string[] = [];
  for (const [index, entry] of value.entries()) {
    // eslint-disable-next-line no-control-regex
    if (typeof entry !== "string" || /[\u0000-\u0008\u000a-\u001f\u007f]/.test(entry)) {
      return invalid(`configOverrides[${index}] must be a string without control characters`, { option: "configOverrides", index });
    }
    if (!/^[A-Za-z0-9_"'.-]+(?:\.[A-Za-z0-9_"'-]+)*\s*=/.test(entry) || entry.startsWith("-")) {
      return invalid(`configOverrides[${index}] must have the form key=value`, { option: "configOverrides", index });
    }
    out.push(entry);
  }
  return Object.freeze(out);
}

export function validateCodexOptionsShape(opts: unknown): Check<ResolvedCodexOptions> {
  const o = optionsObject(opts, "startCodex");
  if (o instanceof ElwoodError) return o;
  const cwd = requiredCwd(o);
  if (cwd instanceof ElwoodError) return cwd;
  const stateDir = optionalPath(o, "stateDir");
  if (stateDir instanceof ElwoodError) return stateDir;
  const model = optionalText(o, "model");
  if (model instanceof ElwoodError) return model;
  const profile = optionalText(o, "profile");
  if (profile instanceof ElwoodError) return profile;
  const initialSize = validateTerminalSize(o["initialSize"], "initialSize");
  if (initialSize instanceof ElwoodError) return initialSize;
  const hooks = optionalHooksObject(o);
  if (hooks instanceof ElwoodError) return hooks;
  const persona = validatePersona(o["persona"]);
  if (persona instanceof ElwoodError) return persona;
  const reasoningEffort = validateCodexReasoningEffort(o["reasoningEffort"]);
  if (reasoningEffort instanceof ElwoodError) return reasoningEffort;
  const sandbox = oneOf(o["sandbox"], CODEX_SANDBOX_MODES, "sandbox");
  if (sandbox instanceof ElwoodError) return sandbox;
  const approvalPolicy = oneOf(o["approvalPolicy"], CODEX_APPROVAL_POLICIES, "approvalPolicy");
  if (approvalPolicy instanceof ElwoodError) return approvalPolicy;
  const highTrust = optionalBoolean(o, "highTrust");
  if (highTrust instanceof ElwoodError) return highTrust;
  if (highTrust === true && (sandbox !== undefined || approvalPolicy !== undefined)) {
    return new ElwoodError("codex_high_trust_conflict", "highTrust cannot be combined with an explicit sandbox or approvalPolicy", {
      ...(sandbox === undefined ? {} : { sandbox }),
      ...(approvalPolicy === undefined ? {} : { approvalPolicy }),
    });
  }
  const configOverrides = validateConfigOverrides(o["configOverrides"]);
  if (configOverrides instanceof ElwoodError) return configOverrides;
  const launch = validateCommonLaunch(o);
  if (launch instanceof ElwoodError) return launch;

  return {
    cwd: resolve(cwd),
    stateDir: stateDir === undefined ? undefined : resolve(stateDir),
    initialSize,
    hooks: (hooks ?? {}) as CodexHookHandlers,
    persona,
    model,
    reasoningEffort,
    profile,
    // highTrust expands before anything is persisted or spawned, so the record and the launched CLI agree.
    sandbox: highTrust === true ? "danger-full-access" : sandbox,
    approvalPolicy: highTrust === true ? "never" : approvalPolicy,
    configOverrides,
    highTrust: highTrust ?? false,
    ...launch,
  };
}
