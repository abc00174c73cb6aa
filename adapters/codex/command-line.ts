// The Codex CLI argument vector for one launch: `--cd`, posture flags, then hook, caller and reserved `-c` overrides.
import { BYPASS_HOOK_TRUST_FLAG } from "./version-probe.js";
import type { ResolvedCodexOptions } from "./options.js";

export type CodexArgInputs = Pick<
  ResolvedCodexOptions,
  "cwd" | "model" | "profile" | "sandbox" | "approvalPolicy" | "configOverrides" | "reasoningEffort"
>;

export interface CodexLaunchExtras {
  /** Session-scoped hook command config (`hooks.<Event>=[…]`), one entry per event. */
  readonly hookOverrides: readonly string[];
  /** `--help` advertises `--dangerously-bypass-hook-trust`. */
  readonly bypassHookTrust: boolean;
}

/**
 * Reserved overrides go last so Elwood always wins over a hand-written duplicate: hooks must be enabled and
 * trusted for the bridge to work, and a validated effort must beat the caller's raw string.
 */
export function reservedOverrides(reasoningEffort: ResolvedCodexOptions["reasoningEffort"]): string[] {
  const reserved = ["features.hooks=true", 'hookTrust="trust-all"'];
  if (reasoningEffort !== undefined) reserved.push(`model_reasoning_effort=${reasoningEffort}`);
  return reserved;
}

/**
 * Free-form caller values (`model`, `profile`) use `--flag=value` so a value starting with `-` stays data.
 * `--cd` makes Codex's session cwd match the PTY cwd.
 */
export function codexArgs(resolved: CodexArgInputs, extras: CodexLaunchExtras): string[] {
  const args: string[] = ["--cd", resolved.cwd];
  if (resolved.model !== undefined) args.push(`--model=${resolved.model}`);
  if (resolved.profile !== undefined) args.push(`--profile=${resolved.profile}`);
  if (resolved.sandbox !== undefined) args.push("--sandbox", resolved.sandbox);
  if (resolved.approvalPolicy !== undefined) args.push("--ask-for-approval", resolved.approvalPolicy);
  if (extras.bypassHookTrust) args.push(BYPASS_HOOK_TRUST_FLAG);
  const overrides = [...extras.hookOverrides, ...resolved.configOverrides, ...reservedOverrides(resolved.reasoningEffort)];
  for (const entry of overrides) args.push("-c", entry);
  return args;
}

/**
 * Codex's own resume of a recorded thread: `codex resume [OPTIONS] <SESSION_ID>` (0.144.6 and 0.171.0 accept every
 * flag `codexArgs` emits after the subcommand). The id goes last, after every option, as the positional argument.
 */
export function codexResumeArgs(args: readonly string[], conversationId: string): string[] {
  return ["resume", ...args, conversationId];
}
