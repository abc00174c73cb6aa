// What a start-up error's details carry about the failure underneath: its message plus errno, syscall and path when the
// OS gave them (spec B §12.1), never anything else of the error.

import type { SystemFailureDetails } from "../src/contracts/errors.js";

export function systemFailure(error: unknown): SystemFailureDetails {
  if (!(error instanceof Error)) return { cause: String(error) };
  const e = error as NodeJS.ErrnoException;
  return {
    cause: e.message,
    ...(typeof e.code === "string" ? { errno: e.code } : {}),
    ...(typeof e.syscall === "string" ? { syscall: e.syscall } : {}),
    ...(typeof e.path === "string" ? { path: e.path } : {}),
  };
}
