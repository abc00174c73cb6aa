// Which exit status a library error ends the command with: 2 for what the caller can fix before launch, else 1.

import { type AgentErrorCategory, agentErrorFields, isElwoodError } from "../src/index.js";
import { CliError, EXIT } from "./cli-error.js";

const CALLER_FIXABLE = new Set(["invalid_argument", "input_too_large", "invalid_image", "state_not_found", "state_corrupt", "adapter_mismatch", "resume_unavailable", "capability_unsupported"]);

/** Every agent's own errors of these categories are the caller's to fix too (`<agent>_invalid_reasoning_effort` …). */
const CALLER_FIXABLE_CATEGORIES: ReadonlySet<AgentErrorCategory> = new Set<AgentErrorCategory>(["invalid_reasoning_effort", "high_trust_conflict"]);

function callerFixable(code: string): boolean {
  const agentError = agentErrorFields(code);
  return agentError === undefined ? CALLER_FIXABLE.has(code) : CALLER_FIXABLE_CATEGORIES.has(agentError.category);
}

export function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (isElwoodError(error)) return new CliError(error.code, error.message, callerFixable(error.code) ? EXIT.usage : EXIT.failure);
  return new CliError("internal_error", error instanceof Error ? error.message : String(error), EXIT.failure);
}
