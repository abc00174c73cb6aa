// The Claude CLI argument vector for one launch (session `--settings`, posture and tool-policy flags), and the login-shell command line that runs it.
import { execCommandLine } from "../../effects/probe.js";
import type { ResolvedClaudeOptions } from "./options.js";

/** The posture and per-launch fields the argv depends on (a subset, so resume can build its own). */
export type ClaudeArgInputs = Pick<
  ResolvedClaudeOptions,
  "permissionMode" | "allowedTools" | "disallowedTools" | "tools" | "model" | "reasoningEffort" | "name"
>;

/**
 * Stable order. Notes on the encoding:
 * - Variadic list flags (`--allowedTools`, `--disallowedTools`, `--tools`) come before single-value
 *   flags so a trailing word appended later (e.g. a resume flag) can never be swallowed into a list.
 * - Each list is ONE comma-separated value (the documented encoding); an empty `tools` list is `--tools ""` (all tools
 *   off), while empty allow/deny lists add nothing (no rules is the CLI's own default).
 * - Free-form caller strings (`model`, `name`) use the `--flag=value` form so a value beginning with
 *   `-` is data, never a second option (`--model --dangerously-skip-permissions` must not be a flag).
 */
export function claudeArgs(resolved: ClaudeArgInputs, settingsPath: string): string[] {
  const args: string[] = ["--settings", settingsPath];
  if (resolved.permissionMode !== undefined) args.push("--permission-mode", resolved.permissionMode);
  if (resolved.allowedTools !== undefined && resolved.allowedTools.length > 0) {
    args.push("--allowedTools", resolved.allowedTools.join(","));
  }
  if (resolved.disallowedTools !== undefined && resolved.disallowedTools.length > 0) {
    args.push("--disallowedTools", resolved.disallowedTools.join(","));
  }
  if (resolved.tools !== undefined) args.push("--tools", resolved.tools.join(","));
  if (resolved.model !== undefined) args.push(`--model=${resolved.model}`);
  if (resolved.reasoningEffort !== undefined) args.push("--effort", resolved.reasoningEffort);
  if (resolved.name !== undefined) args.push(`--name=${resolved.name}`);
  return args;
}

/**
 * The `-c` command for the login shell: `exec <claude> <args...>`, every word quoted. `exec` makes the
 * CLI the PTY's process (no idle shell between us and Claude). Without an explicit executable the shell
 * resolves `claude` on its own PATH, like the user's terminal.
 */
export function claudeShellCommand(executable: string | undefined, args: readonly string[]): string {
  return execCommandLine(executable ?? "claude", args);
}
