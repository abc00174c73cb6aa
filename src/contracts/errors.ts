// The one error type Elwood rejects with: a stable `name` code plus structured, content-free details.

/** Every stable error code a public promise can reject with. */
export type ElwoodErrorName =
  | "session_not_running"
  | "wait_timeout"
  | "invalid_argument"
  | "input_too_large"
  | "input_queue_full"
  | "start_failed"
  | "claude_not_found"
  | "claude_start_failed"
  | "claude_version_unparseable"
  | "claude_invalid_reasoning_effort"
  | "claude_high_trust_conflict"
  | "claude_version_unsupported"
  | "state_corrupt"
  | "teardown_failed"
  | "codex_not_found"
  | "codex_start_failed"
  | "codex_version_unparseable"
  | "codex_version_unsupported"
  | "codex_invalid_reasoning_effort"
  | "codex_high_trust_conflict"
  | "interrupt_failed"
  | "compact_failed"
  | "model_automation_failed"
  | "login_failed"
  | "login_timeout"
  | "invalid_image"
  | "image_attach_failed"
  | "unsupported_platform"
  | "pty_write_failed"
  | "resize_failed"
  /** The CLI rejected a `send`/`stream` turn (its adapter's evidence, e.g. Claude's StopFailure). */
  | "turn_failed";

export type ElwoodErrorDetails = Readonly<Record<string, unknown>>;

export class ElwoodError extends Error {
  override readonly name: ElwoodErrorName;
  readonly details: ElwoodErrorDetails;

  constructor(name: ElwoodErrorName, message: string, details: ElwoodErrorDetails = {}) {
    super(message);
    this.name = name;
    this.details = details;
  }
}

export function isElwoodError(value: unknown, name?: ElwoodErrorName): value is ElwoodError {
  return value instanceof ElwoodError && (name === undefined || value.name === name);
}

/** A rejected promise carrying an ElwoodError — public methods use this instead of throwing. */
export function rejectWith<T = never>(
  name: ElwoodErrorName,
  message: string,
  details?: ElwoodErrorDetails,
): Promise<T> {
  return Promise.reject(new ElwoodError(name, message, details));
}
