// `StartQwenOptions` and its pre-spawn validation into `ResolvedQwenOptions`; rejects, never throws.
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
import type { QwenHookHandlers } from "./hook-types.js";

/**
 * `--approval-mode` values of 0.24.4 (its `--help`): `plan` (read-only), `default` (asks before edits and commands),
 * `auto-edit` (edits without asking), `auto` (an LLM classifier decides, extra model calls), `yolo` (never asks).
 */
export const QWEN_APPROVAL_MODES = ["plan", "default", "auto-edit", "auto", "yolo"] as const;
export type QwenApprovalMode = (typeof QWEN_APPROVAL_MODES)[number];

/** Settings the caller may lay over the session's private settings.json (Qwen's own schema, unvalidated beyond JSON). */
export type QwenSettingsOverrides = Readonly<Record<string, unknown>>;

export interface StartQwenOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly initialSize?: TerminalSize;
  readonly hooks?: QwenHookHandlers;
  /** First user message; never persisted. */
  readonly persona?: string;
  /** Sent as `--model`, unvalidated (a model id of the configured provider). */
  readonly model?: string;
  /** Sent as `--approval-mode`; without it the user's own settings (or Qwen's default, `auto`) decide. */
  readonly approvalMode?: QwenApprovalMode;
  /** Expands to approval mode `yolo`; conflicts with an explicit approvalMode. */
  readonly highTrust?: boolean;
  /**
   * Merged last into the session's private settings.json (objects key by key; Elwood's hook entries always stay, the
   * caller's hooks run after them). The user's own ~/.qwen is never written.
   */
  readonly settingsOverrides?: QwenSettingsOverrides;
  readonly autoupdate?: boolean;
  /** Qwen 0.24.4 shows no trust dialog with its default settings; kept for the common shape. */
  readonly autotrust?: boolean;
  readonly hookTimeoutMs?: number;
  readonly hookEvents?: HookEventSelection;
  readonly strictVersionCheck?: boolean;
  /** Elwood extra: absolute path to the `qwen` executable (probe and launch). */
  readonly executable?: string;
  /** Elwood extra: additional environment (e.g. OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL). */
  readonly env?: Readonly<Record<string, string>>;
  /** Elwood extra: login shell to launch through. */
  readonly shell?: string;
}

export interface ResolvedQwenOptions {
  readonly cwd: string;
  readonly stateDir: string | undefined;
  readonly initialSize: TerminalSize;
  readonly hooks: QwenHookHandlers;
  readonly persona: string | undefined;
  readonly model: string | undefined;
  readonly approvalMode: QwenApprovalMode | undefined;
  readonly highTrust: boolean;
  readonly settingsOverrides: QwenSettingsOverrides | undefined;
  readonly autoupdate: boolean;
  readonly autotrust: boolean;
  readonly hookEvents: HookEventSelection;
  readonly hookTimeoutMs: number;
  readonly strictVersionCheck: boolean;
  readonly executable: string | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly shell: string | undefined;
}

export async function validateQwenOptions(opts: unknown): Promise<ResolvedQwenOptions> {
  const resolved = readOptionsGuarded(validateQwenOptionsShape, opts, "startQwen");
  if (resolved instanceof ElwoodError) throw resolved;
  await assertCwdDirectory(resolved.cwd);
  return resolved;
}

export function validateQwenApprovalMode(value: unknown): Check<QwenApprovalMode | undefined> {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (QWEN_APPROVAL_MODES as readonly string[]).includes(value)) return value as QwenApprovalMode;
  return invalid(`approvalMode must be one of ${QWEN_APPROVAL_MODES.join(", ")}`, { option: "approvalMode", validValues: [...QWEN_APPROVAL_MODES] });
}

function validateSettingsOverrides(value: unknown): Check<QwenSettingsOverrides | undefined> {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) return invalid("settingsOverrides must be a plain JSON object", { option: "settingsOverrides" });
  const problem = jsonProblem(value, "settingsOverrides", new Set());
  if (problem) return invalid(problem, { option: "settingsOverrides" });
  const hooks = value["hooks"];
  if (hooks !== undefined && (!isPlainObject(hooks) || !Object.values(hooks).every((groups) => Array.isArray(groups)))) {
    return invalid("settingsOverrides.hooks must map hook event names to arrays of matcher groups", { option: "settingsOverrides" });
  }
  return value;
}

export function validateQwenOptionsShape(opts: unknown): Check<ResolvedQwenOptions> {
  const o = optionsObject(opts, "startQwen");
  if (o instanceof ElwoodError) return o;
  const cwd = requiredCwd(o);
  if (cwd instanceof ElwoodError) return cwd;
  const stateDir = optionalPath(o, "stateDir");
  if (stateDir instanceof ElwoodError) return stateDir;
  const model = optionalText(o, "model");
  if (model instanceof ElwoodError) return model;
  const initialSize = validateTerminalSize(o["initialSize"], "initialSize");
  if (initialSize instanceof ElwoodError) return initialSize;
  const hooks = optionalHooksObject(o);
  if (hooks instanceof ElwoodError) return hooks;
  const persona = validatePersona(o["persona"]);
  if (persona instanceof ElwoodError) return persona;
  const approvalMode = validateQwenApprovalMode(o["approvalMode"]);
  if (approvalMode instanceof ElwoodError) return approvalMode;
  const highTrust = optionalBoolean(o, "highTrust");
  if (highTrust instanceof ElwoodError) return highTrust;
  if (highTrust === true && approvalMode !== undefined) {
    return new ElwoodError("qwen_high_trust_conflict", "highTrust cannot be combined with an explicit approvalMode", { approvalMode });
  }
  const settingsOverrides = validateSettingsOverrides(o["settingsOverrides"]);
  if (settingsOverrides instanceof ElwoodError) return settingsOverrides;
  const launch = validateCommonLaunch(o);
  if (launch instanceof ElwoodError) return launch;
  return {
    cwd: resolve(cwd),
    stateDir: stateDir === undefined ? undefined : resolve(stateDir),
    initialSize,
    hooks: (hooks ?? {}) as QwenHookHandlers,
    persona,
    model,
    // highTrust expands before anything is persisted or spawned, so the record and the launched CLI agree.
    approvalMode: highTrust === true ? "yolo" : approvalMode,
    highTrust: highTrust ?? false,
    settingsOverrides,
    ...launch,
  };
}
