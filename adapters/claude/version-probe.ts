// Claude `--version` preflight through the login shell: parse, classify failures, cache per executable identity, decide on the result.
import { storedVersionAnswer } from "../stored-probe-answer.js";
import type { ElwoodError } from "../../src/contracts/errors.js";
import { cachedProbe } from "../cached-probe.js";
import { execCommandLine, loginShellArgs, runProbe, type ProbeOptions, type ProbeResult } from "../../effects/probe.js";
import {
  classifyProbeFailure as classifyFor,
  decideVersion,
  parseVersionOutput,
  type ProbeAgent,
  type VersionDecision,
  type VersionPolicy,
} from "../version-probe.js";

export { compareVersions, type ProbeAgent, type VersionDecision } from "../version-probe.js";

/** Oldest Claude Code Elwood supports; an older one rejects the start with `claude_version_unsupported`. */
export const CLAUDE_MIN_VERSION = "2.1.144";

export interface ClaudeVersionProbeRequest {
  /** Absolute CLI path; without it the login shell resolves `claude` as the user's terminal would. */
  readonly executable?: string;
  /** Login shell override; default is the account's configured shell. */
  readonly shell?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  /** The session store: answers are shared with other processes using it (adapters/cached-probe.ts). */
  readonly stateDir?: string;
  /** The start's own `env` option: part of the cache key. */
  readonly callerEnv?: Readonly<Record<string, string>>;
}

export interface ClaudeVersionProbeResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when the output was not recognisable. */
  readonly version: string | undefined;
  /** Trimmed stdout of the probe (bounded by the probe cap). */
  readonly raw: string;
  /** What was executed: the explicit path, or `claude` as resolved by the login shell. */
  readonly resolvedExecutable: string;
}

export const CLAUDE_PROBE_AGENT: ProbeAgent = {
  displayName: "Claude Code",
  defaultExecutable: "claude",
  notFound: "claude_not_found",
  startFailed: "claude_start_failed",
};

const CLAUDE_VERSION_POLICY: VersionPolicy = {
  command: "claude",
  displayName: "Claude Code",
  minimum: CLAUDE_MIN_VERSION,
  unparseable: "claude_version_unparseable",
  unsupported: "claude_version_unsupported",
  minimumReason: " (hooks and --settings support)",
};

/** Map a finished probe to the spec's error codes (Claude's by default); undefined means the probe succeeded. */
export function classifyProbeFailure(
  result: ProbeResult,
  shell: string,
  executable: string,
  agent: ProbeAgent = CLAUDE_PROBE_AGENT,
): ElwoodError | undefined {
  return classifyFor(result, shell, executable, agent);
}

async function runVersionProbe(
  shell: string,
  executable: string,
  request: ClaudeVersionProbeRequest,
): Promise<ClaudeVersionProbeResult> {
  const options: ProbeOptions = {
    cwd: request.cwd,
    env: request.env,
    ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
    ...(request.maxBytes !== undefined ? { maxBytes: request.maxBytes } : {}),
  };
  const result = await runProbe(shell, loginShellArgs(execCommandLine(executable, ["--version"])), options);
  const failure = classifyFor(result, shell, executable, CLAUDE_PROBE_AGENT);
  if (failure) throw failure;
  const raw = result.stdout.trim();
  return { version: parseClaudeVersion(raw), raw, resolvedExecutable: executable };
}

const memo = cachedProbe("claude", runVersionProbe, {
  agent: "claude",
  store: (answer) => ({ ...(answer.version === undefined ? {} : { version: answer.version }), raw: answer.raw }),
  // What is kept of an answer: the version as read (`resolvedExecutable` is the request's own).
  restore: (stored, executable) => {
    const answer = storedVersionAnswer(stored);
    return answer === undefined ? undefined : { version: answer.version, raw: answer.raw, resolvedExecutable: executable };
  },
});

/** Read the installed version once per executable identity (path, size, mtime; adapters/cached-probe.ts); failures are not cached. */
export const probeClaudeVersion: (request: ClaudeVersionProbeRequest) => Promise<ClaudeVersionProbeResult> = memo.probe;

/** Forget cached versions; called after every coordinated autoupdate attempt, failed or peer-owned ones included. */
export const clearClaudeVersionCache: () => void = memo.clear;

/** `2.1.332 (Claude Code)` → `2.1.332`. Falls back to a line that is only a version; else undefined. */
export function parseClaudeVersion(raw: string): string | undefined {
  return parseVersionOutput(raw, /(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*\(Claude Code\)/);
}

/** Unparseable warns unless `strictVersionCheck` (then fatal); below CLAUDE_MIN_VERSION is always fatal. */
export function versionDecision(version: string | undefined, strict: boolean): VersionDecision {
  return decideVersion(CLAUDE_VERSION_POLICY, version, strict);
}
