// Collapses a caught value to a fixed, content-free error name for warnings: standard error names and common Node errnos, anything else "UnknownError".

const ERRNOS = new Set([
  "EACCES",
  "EAGAIN",
  "EBADF",
  "EBUSY",
  "EINVAL",
  "EIO",
  "EISDIR",
  "ELOOP",
  "EMFILE",
  "ENAMETOOLONG",
  "ENFILE",
  "ENOENT",
  "ENOMEM",
  "ENOSPC",
  "ENOTDIR",
  "EPERM",
  "ESTALE",
  "ETIMEDOUT",
]);
const NAMES = new Set(["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError"]);

/** The errno of a Node system error (`ENOENT`, ...), when it is one of the allowlisted ones; otherwise undefined. */
export function allowlistedErrno(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && ERRNOS.has(code) ? code : undefined;
}

/** An allowlisted errno, else an allowlisted standard error name, else "UnknownError" (never the message). */
export function allowlistedErrorName(error: unknown): string {
  const errno = allowlistedErrno(error);
  if (errno !== undefined) return errno;
  const name = error instanceof Error ? error.name : undefined;
  return name !== undefined && NAMES.has(name) ? name : "UnknownError";
}
