// The session's limits and default deadlines, where a caller gives none.

/** Text submissions above this many UTF-8 bytes are rejected before anything is written. */
export const MAX_SUBMISSION_BYTES = 8 * 1024 * 1024;
export const DEFAULT_INTERRUPT_TIMEOUT_MS = 10_000;
export const DEFAULT_COMPACT_TIMEOUT_MS = 120_000;
export const DEFAULT_STOP_GRACE_MS = 3_000;
/** teardown()'s grace between asking the CLI to exit and SIGKILL (both CLIs exit on SIGHUP well within it). */
export const TEARDOWN_GRACE_MS = 1_000;
/** listModels / setModel deadline (queue wait + picker), when the caller gives none. */
export const DEFAULT_MODEL_TIMEOUT_MS = 30_000;
