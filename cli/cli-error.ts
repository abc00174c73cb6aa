// The command's own failures: a stable code, a person-facing message, and the exit status that ends the command.

export const EXIT = { ok: 0, failure: 1, usage: 2, timeout: 124, interrupted: 130 } as const;

export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** A bad command line, environment value or config document: status 2, before anything is launched. */
export function usageError(message: string, code = "usage_error"): CliError {
  return new CliError(code, message, EXIT.usage);
}
