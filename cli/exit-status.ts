// Which exit status a library error ends the command with: 2 for what the caller can fix before launch, else 1.

import { isElwoodError } from "../src/index.js";
import { CliError, EXIT } from "./cli-error.js";

const CALLER_FIXABLE = new Set([
  "invalid_argument",
  "input_too_large",
  "invalid_image",
  "claude_invalid_reasoning_effort",
  "codex_invalid_reasoning_effort",
  "claude_high_trust_conflict",
  "codex_high_trust_conflict",
  "state_not_found",
  "state_corrupt",
  "adapter_mismatch",
  "resume_unavailable",
]);

export function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (isElwoodError(error)) return new CliError(error.code, error.message, CALLER_FIXABLE.has(error.code) ? EXIT.usage : EXIT.failure);
  return new CliError("internal_error", error instanceof Error ? error.message : String(error), EXIT.failure);
}
