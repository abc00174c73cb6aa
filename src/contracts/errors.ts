// The one error type Elwood rejects with: a stable code (as `code` and `name`) plus typed, content-free details per code.

import type { AgentKind, AgentKindRegistry } from "./agent-kinds.js";
import type { SessionStatus } from "./public-types.js";

/** An allowed range, as a validation error reports it. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

/** A file-system or process failure underneath: the OS's own words, never file content. */
export interface SystemFailureDetails {
  /** The underlying error's message. */
  readonly cause?: string;
  /** The OS error code, e.g. `ENOENT`, `EACCES`, `ETIMEDOUT`. */
  readonly errno?: string;
  readonly syscall?: string;
  readonly path?: string;
}

/** Why a CLI's `--version` probe or launch failed. */
export interface CliStartFailedDetails extends SystemFailureDetails {
  readonly exitCode?: number | null;
  /** The probe's stderr, at most 2 000 characters. */
  readonly stderr?: string;
}

/** The CLI was not found, or was found but is not executable, in the login shell. */
export interface CliNotFoundDetails {
  readonly executable: string;
  readonly shell: string;
  /** 127 (not found) or 126 (not executable), or the shell's own code when its stderr said "command not found". */
  readonly exitCode: number | null;
  readonly stderr: string;
}

/** Which option (and where in it) a validation refused, and what it accepts. */
export interface InvalidArgumentDetails {
  /** The option or argument named, e.g. `cwd`, `hookTimeoutMs`, `size`. */
  readonly option?: string;
  /** The position in an array option (`allowedTools[3]`, `configOverrides[0]`). */
  readonly index?: number;
  /** The offending key of a record option (`env`). */
  readonly key?: string;
  readonly validValues?: readonly string[];
  /** The accepted column range (a size option), or the refused columns (a PTY resize). */
  readonly cols?: NumberRange | number;
  readonly rows?: NumberRange | number;
  readonly errno?: string;
  /** The name of what an options getter or proxy trap threw. */
  readonly errorName?: string;
  /** What a caller's match function threw, as a string. */
  readonly cause?: string;
}

/**
 * The categories an agent's own error codes come from, with the details each carries before an agent narrows them:
 * each agent's code is `<agent>_<category>` (`claude_not_found`, `codex_start_failed` …), and its details carry
 * `agent` and `category`, so a caller handles any agent's failure without knowing its name (`isAgentError(e, "not_found")`).
 */
export interface AgentErrorDetailsByCategory {
  readonly not_found: CliNotFoundDetails;
  readonly start_failed: CliStartFailedDetails;
  readonly version_unparseable: { readonly minimum: string };
  readonly version_unsupported: { readonly version: string; readonly minimum: string };
  readonly invalid_reasoning_effort: { readonly validValues: readonly string[] };
  /** The caller's own posture options that contradict `highTrust`, by option name (an agent narrows which). */
  readonly high_trust_conflict: { readonly [option: string]: string | undefined };
}

export type AgentErrorCategory = keyof AgentErrorDetailsByCategory;

/** Every category, in one list (what `isAgentError` reads a code against). */
export const AGENT_ERROR_CATEGORIES: readonly AgentErrorCategory[] = [
  "not_found",
  "start_failed",
  "version_unparseable",
  "version_unsupported",
  "invalid_reasoning_effort",
  "high_trust_conflict",
];

/** Every agent's own code: `<agent>_<category>` for each agent kind and category. */
export type AgentErrorCode = `${AgentKind}_${AgentErrorCategory}`;

/** The neutral fields every agent error's details carry (filled in from the code by the constructor). */
export interface AgentErrorFields<A extends AgentKind = AgentKind, C extends AgentErrorCategory = AgentErrorCategory> {
  /** The agent whose failure this is. */
  readonly agent: A;
  /** What failed, the same word for every agent. */
  readonly category: C;
}

/** An agent's details for one category: its registry entry's own shape where it declares one, else the common one. */
type AgentOwnDetails<K extends AgentKind, C extends AgentErrorCategory> = AgentKindRegistry[K] extends { readonly errorDetails: infer D }
  ? C extends keyof D
    ? D[C]
    : AgentErrorDetailsByCategory[C]
  : AgentErrorDetailsByCategory[C];

/** The agents' codes with their details, generated from the registry: no agent is named here. */
type AgentErrorDetailsByCode = {
  readonly [P in AgentErrorCode]: P extends `${infer K extends AgentKind}_${infer C extends AgentErrorCategory}` ? AgentOwnDetails<K, C> & AgentErrorFields<K, C> : never;
};

/**
 * Common codes spelled like an agent's (`pty_start_failed`, `state_not_found`): never read as one. The record's type lists exactly the
 * common codes that end in a category, so a new look-alike code fails to compile until it is added here.
 */
const LOOKALIKE_CODES: Readonly<Record<Extract<keyof CommonErrorDetailsByCode, `${string}_${AgentErrorCategory}`>, true>> = {
  pty_start_failed: true,
  state_not_found: true,
  loop_not_found: true,
};

/** The agent and category a code stands for, when it is an agent's own code. */
export function agentErrorFields(code: string): AgentErrorFields | undefined {
  if (Object.hasOwn(LOOKALIKE_CODES, code)) return undefined;
  const cut = code.indexOf("_");
  if (cut <= 0) return undefined;
  const category = code.slice(cut + 1);
  if (!(AGENT_ERROR_CATEGORIES as readonly string[]).includes(category)) return undefined;
  return { agent: code.slice(0, cut) as AgentKind, category: category as AgentErrorCategory };
}

/** Why an image could not be attached. */
export type ImageAttachFailure =
  /** The CLI showed "Failed to paste image" (Codex: no usable image on the clipboard). */
  | "cli_rejected_paste"
  /** No `[Image #N]` chip appeared within the confirm window. */
  | "chip_timeout"
  /** A write of the attach (a paste, Ctrl+V) was not performed. */
  | "write_failed"
  /** The system clipboard could not be read, written or held. */
  | "clipboard_failed"
  /** Another session's image attach held the clipboard for too long. */
  | "clipboard_busy"
  /** Writing the image's temporary file failed. */
  | "temp_file_failed";

/** Every stable error code that is not an agent's own, with its details. */
interface CommonErrorDetailsByCode {
  /** The session has ended (or ended while the call waited); `status` is the terminal status when known. */
  readonly session_not_running: { readonly status?: SessionStatus };
  /** A wait ended without its condition; `replays` when Codex never accepted a replayed paste. */
  readonly wait_timeout: {
    readonly timeoutMs?: number;
    readonly replays?: number;
    /** A `send`/`stream` turn was ready but its transcript never showed the final text within this window. */
    readonly catchUpMs?: number;
    /** A `stream` consumer fell behind: its unread events exceeded one of these caps, so the stream was ended. */
    readonly maxEvents?: number;
    readonly maxBytes?: number;
  };
  readonly invalid_argument: InvalidArgumentDetails;
  /** Text above the 8 MiB UTF-8 limit. */
  readonly input_too_large: { readonly limit: number };
  /** A byte budget would be exceeded: the persona (8 MiB), or the session's queued images (200 MiB). */
  readonly input_queue_full: { readonly limit: number; readonly bytes?: number; readonly reserved?: number; readonly requested?: number };
  /** Elwood's own start-up step failed (state directory, inspector server). */
  readonly start_failed: SystemFailureDetails & { readonly file?: string; readonly port?: number };
  /** node-pty could not start the login shell that runs the CLI (`file` is what it tried to run). */
  readonly pty_start_failed: SystemFailureDetails & { readonly file?: string };
  /** The session's hook bridge (its Unix socket, loopback HTTP listener or private config files) could not start. */
  readonly hook_bridge_failed: SystemFailureDetails;
  /** Elwood's state on disk is not what Elwood wrote (not a regular file, an unsafe path). */
  readonly state_corrupt: SystemFailureDetails;
  /** No session record exists for the id in that store (`startOrResume*` falls back to a fresh start). */
  readonly state_not_found: { readonly elwoodSessionId: string; readonly path?: string };
  /** The record belongs to the other CLI (`startOrResume*` falls back to a fresh start); no process was started. */
  readonly adapter_mismatch: { readonly expected: AgentKind; readonly recorded: AgentKind };
  /** The record has no CLI conversation id to resume (the CLI never reported one); no process was started. */
  readonly resume_unavailable: { readonly adapter: AgentKind };
  /** Another live process holds the session (resuming or running it); `pid` is that owner when readable. */
  readonly session_in_use: { readonly pid?: number };
  readonly teardown_failed: SystemFailureDetails;
  /** stop, kill or teardown signalled the agent, but members of its process group were still alive at the reap's bound. */
  readonly termination_failed: {
    readonly processGroupId?: number;
    /** A conversation's close(): what its stop failed with, then what the kill it fell back to failed with (codes or error names). */
    readonly cause?: string;
    readonly killCause?: string;
  };
  readonly interrupt_failed: NoDetails;
  readonly compact_failed: { readonly timeoutMs: number };
  readonly model_automation_failed: {
    readonly timeoutMs?: number;
    /** What failed underneath, e.g. the config.toml read or the probe session's start (the error's name). */
    readonly cause?: string;
    /** The ids the picker offered, when the requested one was not among them. */
    readonly available?: readonly string[];
    /** The ids read before the list could not be read to both ends. */
    readonly read?: readonly string[];
    readonly topSeen?: boolean;
    readonly bottomSeen?: boolean;
  };
  /** `cause` is the name of what `provideCode` threw. */
  readonly login_failed: { readonly cause?: string };
  readonly login_timeout: { readonly timeoutMs: number };
  /** `index` is the image's position in the call's `images`. */
  readonly invalid_image: { readonly index?: number; readonly limit?: number; readonly count?: number };
  readonly image_attach_failed: { readonly reason: ImageAttachFailure; readonly index?: number; readonly cause?: string };
  /** `index` is the image a Codex-on-Linux clipboard cannot carry (not PNG); `platform` an OS no session runs on. */
  readonly unsupported_platform: { readonly index?: number; readonly platform?: string };
  /** The agent does not offer this (its definition's `capabilities`): e.g. listing models of an agent whose picker Elwood does not drive. */
  readonly capability_unsupported: { readonly agentId: string; readonly capability: string };
  readonly pty_write_failed: { readonly cause?: string; readonly pid?: number };
  readonly resize_failed: { readonly cause?: string; readonly cols?: number; readonly rows?: number };
  /** The CLI rejected a `send`/`stream` turn (its adapter's evidence, e.g. Claude's StopFailure); `turnId` names it. */
  readonly turn_failed: { readonly turnId: string };
  /** A loop request (or a recognised `/loop` command) was refused: `field` names what, `min`/`max` the allowed range. */
  readonly invalid_loop: { readonly field: "request" | "mode" | "message" | "intervalMs"; readonly min?: number; readonly max?: number };
  /** The session already holds `limit` unexpired loops. */
  readonly loop_limit_reached: { readonly limit: number };
  /** No live loop has this id (unknown, expired, cancelled or finished). */
  readonly loop_not_found: { readonly loopId: string };
  /** The loop sidecar write for a create, cancel, kill, expiry or teardown did not complete safely. */
  readonly loop_persistence_failed: SystemFailureDetails & { readonly loopId?: string };
  /** A live loop's scheduling or readiness-safe submission failed; details name only the loop. */
  readonly loop_submission_failed: { readonly loopId: string };
}

/**
 * Every stable error code, with the details that code carries: the common codes and every agent's own. Details are
 * content-free: no prompt, screen or hook payload text. A field marked optional is absent where the failing step has
 * nothing to say about it.
 */
export interface ElwoodErrorDetailsByCode extends CommonErrorDetailsByCode, AgentErrorDetailsByCode {}

/** A code whose error carries no details. */
export type NoDetails = { readonly [key: string]: never };

/** Every stable error code a public promise can reject with. */
export type ElwoodErrorCode = keyof ElwoodErrorDetailsByCode;

/** The details of one code (of any code, when not narrowed). */
export type ElwoodErrorDetails<C extends ElwoodErrorCode = ElwoodErrorCode> = ElwoodErrorDetailsByCode[C];

/** The details a caller passes: an agent code's `agent` and `category` are read from the code itself. */
type DetailsInput<C extends ElwoodErrorCode> = Omit<ElwoodErrorDetailsByCode[C], keyof AgentErrorFields>;

/** The details argument: required where the code's details have a required field. */
type DetailsArg<C extends ElwoodErrorCode> = Record<string, never> extends DetailsInput<C> ? [details?: DetailsInput<C>] : [details: DetailsInput<C>];

class ElwoodErrorOfCode<C extends ElwoodErrorCode> extends Error {
  /** The stable code (also `code`, the Node convention). */
  override readonly name: C;
  readonly code: C;
  readonly details: ElwoodErrorDetailsByCode[C];

  constructor(code: C, message: string, ...[details]: DetailsArg<C>) {
    super(message);
    this.name = code;
    this.code = code;
    const neutral = agentErrorFields(code);
    this.details = (neutral === undefined ? (details ?? {}) : { ...details, ...neutral }) as ElwoodErrorDetailsByCode[C];
  }
}

/**
 * An Elwood error: a union over its code, so checking `code` (or `name`) narrows `details`. Without an argument it is
 * any code's error; `ElwoodError<"image_attach_failed">` is that code's.
 */
export type ElwoodError<C extends ElwoodErrorCode = ElwoodErrorCode> = C extends ElwoodErrorCode ? ElwoodErrorOfCode<C> : never;

interface ElwoodErrorConstructor {
  new <C extends ElwoodErrorCode>(code: C, message: string, ...details: DetailsArg<C>): ElwoodError<C>;
  readonly prototype: ElwoodErrorOfCode<ElwoodErrorCode>;
}

/** `new ElwoodError(code, message, details)`; `instanceof ElwoodError` holds for every error Elwood rejects with. */
export const ElwoodError: ElwoodErrorConstructor = ElwoodErrorOfCode as unknown as ElwoodErrorConstructor;

/** True for an Elwood error, of the given code when one is named (then its `details` are that code's). */
export function isElwoodError<C extends ElwoodErrorCode>(value: unknown, code: C): value is ElwoodError<C>;
export function isElwoodError(value: unknown): value is ElwoodError;
export function isElwoodError(value: unknown, code?: ElwoodErrorCode): boolean {
  return value instanceof ElwoodErrorOfCode && (code === undefined || value.code === code);
}

/** An agent's own error (`<agent>_<category>`), of one category when one is named; `details.agent` says whose. */
export type AgentError<C extends AgentErrorCategory = AgentErrorCategory> = Extract<ElwoodError, { readonly details: AgentErrorFields<AgentKind, C> }>;

/** True for an agent's own error (any agent), of the given category when one is named: `isAgentError(e, "not_found")`. */
export function isAgentError<C extends AgentErrorCategory>(value: unknown, category?: C): value is AgentError<C> {
  if (!isElwoodError(value)) return false;
  const neutral = agentErrorFields(value.code);
  return neutral !== undefined && (category === undefined || neutral.category === category);
}

/** A rejected promise carrying an ElwoodError — public methods use this instead of throwing. */
export function rejectWith<C extends ElwoodErrorCode, T = never>(code: C, message: string, ...details: DetailsArg<C>): Promise<T> {
  return Promise.reject(new ElwoodError(code, message, ...details));
}
