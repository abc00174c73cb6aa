// Qwen Code `--version` preflight through the login shell: parse, classify failures, cache per executable identity, decide.
import { storedVersionAnswer } from "../stored-probe-answer.js";
import { cachedProbe } from "../cached-probe.js";
import { execCommandLine, loginShellArgs, runProbe, type ProbeOptions } from "../../effects/probe.js";
import { classifyProbeFailure, decideVersion, parseVersionOutput, type ProbeAgent, type VersionDecision, type VersionPolicy } from "../version-probe.js";

/**
 * Oldest Qwen Code Elwood drives: the one version its screen facts, hooks and transcript reader were measured on. An
 * older one rejects the start with `qwen_version_unsupported` rather than being driven on guesses.
 */
export const QWEN_MIN_VERSION = "0.24.4";

export const QWEN_PROBE_AGENT: ProbeAgent = {
  displayName: "Qwen Code",
  defaultExecutable: "qwen",
  notFound: "qwen_not_found",
  startFailed: "qwen_start_failed",
};

const QWEN_VERSION_POLICY: VersionPolicy = {
  command: "qwen",
  displayName: "Qwen Code",
  minimum: QWEN_MIN_VERSION,
  unparseable: "qwen_version_unparseable",
  unsupported: "qwen_version_unsupported",
  minimumReason: " (the version its screen, hooks and transcript were measured on)",
};

export interface QwenProbeRequest {
  /** Absolute CLI path; without it the login shell resolves `qwen` as the user's terminal would. */
  readonly executable?: string;
  readonly shell?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly timeoutMs?: number;
  /** The session store: answers are shared with other processes using it (adapters/cached-probe.ts). */
  readonly stateDir?: string;
  /** The start's own `env` option: part of the cache key. */
  readonly callerEnv?: Readonly<Record<string, string>>;
}

export interface QwenProbeResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when unrecognisable. */
  readonly version: string | undefined;
  readonly raw: string;
  readonly resolvedExecutable: string;
}

async function runQwenProbe(shell: string, executable: string, request: QwenProbeRequest): Promise<QwenProbeResult> {
  const options: ProbeOptions = { cwd: request.cwd, env: request.env, ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}) };
  const result = await runProbe(shell, loginShellArgs(execCommandLine(executable, ["--version"])), options);
  const failure = classifyProbeFailure(result, shell, executable, QWEN_PROBE_AGENT);
  if (failure) throw failure;
  const raw = result.stdout.trim();
  return { version: parseQwenVersion(raw), raw, resolvedExecutable: executable };
}

const memo = cachedProbe("qwen", runQwenProbe, {
  agent: "qwen",
  store: (answer) => ({ ...(answer.version === undefined ? {} : { version: answer.version }), raw: answer.raw }),
  // What is kept of an answer: the version as read (`resolvedExecutable` is the request's own).
  restore: (stored, executable) => {
    const answer = storedVersionAnswer(stored);
    return answer === undefined ? undefined : { version: answer.version, raw: answer.raw, resolvedExecutable: executable };
  },
});

/** `--version` once per executable identity (path, size, mtime; adapters/cached-probe.ts); failures are not cached. */
export const probeQwen: (request: QwenProbeRequest) => Promise<QwenProbeResult> = memo.probe;

export const clearQwenProbeCache: () => void = memo.clear;

/** 0.24.4 prints its bare version (`0.24.4`); login-shell noise may come first. */
export function parseQwenVersion(raw: string): string | undefined {
  return parseVersionOutput(raw, /^\s*v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*$/m);
}

/** Unparseable warns unless strict (then fatal); below the minimum is always fatal. */
export function qwenVersionDecision(version: string | undefined, strict: boolean): VersionDecision {
  return decideVersion(QWEN_VERSION_POLICY, version, strict);
}
