// The Qwen Code argument vector for one launch: model and approval mode; the settings and hooks travel in the private home.
import type { ResolvedQwenOptions } from "./options.js";

/** Free-form caller values use `--flag=value`, so a value starting with `-` stays data. */
export function qwenArgs(resolved: Pick<ResolvedQwenOptions, "model" | "approvalMode">): string[] {
  const args: string[] = [];
  if (resolved.model !== undefined) args.push(`--model=${resolved.model}`);
  if (resolved.approvalMode !== undefined) args.push("--approval-mode", resolved.approvalMode);
  return args;
}

/** Qwen's own resume of a recorded conversation (`--resume <id>`, 0.24.4): the whole history is reloaded into the TUI. */
export function qwenResumeArgs(args: readonly string[], conversationId: string): string[] {
  return [...args, "--resume", conversationId];
}
