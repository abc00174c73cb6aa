// Codex `--version` and `--help` preflight through the login shell: parse, classify, cache per executable identity, decide.
import { storedVersionAnswer } from "../stored-probe-answer.js";
import { execCommandLine, loginShellArgs, runProbe, type ProbeOptions } from "../../effects/probe.js";
import { cachedProbe } from "../cached-probe.js";
import {
  classifyProbeFailure,
  decideVersion,
  parseVersionOutput,
  type ProbeAgent,
  type VersionDecision,
  type VersionPolicy,
} from "../version-probe.js";

/** Oldest Codex CLI Elwood supports; an older one rejects the start with `codex_version_unsupported`. */
export const CODEX_MIN_VERSION = "0.124.0";

/** The flag that runs every enabled hook without the review prompt (both measured versions advertise it). */
export const BYPASS_HOOK_TRUST_FLAG = "--dangerously-bypass-hook-trust";

export const CODEX_PROBE_AGENT: ProbeAgent = {
  displayName: "Codex",
  defaultExecutable: "codex",
  notFound: "codex_not_found",
  startFailed: "codex_start_failed",
};

const CODEX_VERSION_POLICY: VersionPolicy = {
  command: "codex",
  displayName: "Codex",
  minimum: CODEX_MIN_VERSION,
  unparseable: "codex_version_unparseable",
  unsupported: "codex_version_unsupported",
  minimumReason: "",
};

export interface CodexProbeRequest {
  /** Absolute CLI path; without it the login shell resolves `codex` as the user's terminal would. */
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

export interface CodexProbeResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when unrecognisable. */
  readonly version: string | undefined;
  readonly raw: string;
  /** `--help` lists `--dangerously-bypass-hook-trust`. */
  readonly bypassHookTrust: boolean;
  readonly resolvedExecutable: string;
}

async function runCodexProbe(shell: string, executable: string, request: CodexProbeRequest): Promise<CodexProbeResult> {
  const options: ProbeOptions = {
    cwd: request.cwd,
    env: request.env,
    ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
  };
  const version = await runProbe(shell, loginShellArgs(execCommandLine(executable, ["--version"])), options);
  const failure = classifyProbeFailure(version, shell, executable, CODEX_PROBE_AGENT);
  if (failure) throw failure;
  // `--help` only decides an optional flag: a failing help probe means "not advertised", never a start failure.
  const help = await runProbe(shell, loginShellArgs(execCommandLine(executable, ["--help"])), options);
  const raw = version.stdout.trim();
  return {
    version: parseCodexVersion(raw),
    raw,
    bypassHookTrust: help.code === 0 && helpAdvertises(help.stdout, BYPASS_HOOK_TRUST_FLAG),
    resolvedExecutable: executable,
  };
}

const memo = cachedProbe("codex", runCodexProbe, {
  agent: "codex",
  store: (answer) => ({ ...(answer.version === undefined ? {} : { version: answer.version }), raw: answer.raw, bypassHookTrust: answer.bypassHookTrust }),
  // What is kept of an answer: the version and the help facts (`resolvedExecutable` is the request's own).
  restore: (stored, executable) => {
    const answer = storedVersionAnswer(stored);
    const bypassHookTrust = answer?.fields["bypassHookTrust"];
    if (answer === undefined || typeof bypassHookTrust !== "boolean") return undefined;
    return { version: answer.version, raw: answer.raw, bypassHookTrust, resolvedExecutable: executable };
  },
});

/** `--version` and `--help` once per executable identity (path, size, mtime; adapters/cached-probe.ts); failures are not cached. */
export const probeCodex: (request: CodexProbeRequest) => Promise<CodexProbeResult> = memo.probe;

export const clearCodexProbeCache: () => void = memo.clear;

/** True when the help text lists `flag` as an option (not merely mentions it in prose). */
export function helpAdvertises(help: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[\\s,])${escaped}(?=[\\s=,]|$)`, "m").test(help);
}

/** `codex-cli 0.171.0` → `0.171.0`; falls back to a bare version line (login-shell noise may precede it). */
export function parseCodexVersion(raw: string): string | undefined {
  return parseVersionOutput(raw, /codex-cli\s+v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)/);
}

/** Unparseable warns unless strict (then fatal); below the minimum is always fatal. */
export function codexVersionDecision(version: string | undefined, strict: boolean): VersionDecision {
  return decideVersion(CODEX_VERSION_POLICY, version, strict);
}
