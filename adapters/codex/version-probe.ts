// Codex `--version` and `--help` preflight through the login shell: parse, classify, memoise once per process, decide.
import { ElwoodError } from "../../src/errors.js";
import { execCommandLine, loginShellArgs, resolveLoginShell, runProbe, type ProbeOptions } from "../../effects/probe.js";
import { classifyProbeFailure, compareVersions, type ProbeAgent, type VersionDecision } from "../claude/version-probe.js";

/** Oldest Codex CLI Elwood supports (spec B §0 item 15). */
export const CODEX_MIN_VERSION = "0.124.0";

/** The flag that runs every enabled hook without the review prompt (both measured versions advertise it). */
export const BYPASS_HOOK_TRUST_FLAG = "--dangerously-bypass-hook-trust";

export const CODEX_PROBE_AGENT: ProbeAgent = {
  displayName: "Codex",
  defaultExecutable: "codex",
  notFound: "codex_not_found",
  startFailed: "codex_start_failed",
};

export interface CodexProbeRequest {
  /** Absolute CLI path; without it the login shell resolves `codex` as the user's terminal would. */
  readonly executable?: string;
  readonly shell?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly timeoutMs?: number;
}

export interface CodexProbeResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when unrecognisable. */
  readonly version: string | undefined;
  readonly raw: string;
  /** `--help` lists `--dangerously-bypass-hook-trust`. */
  readonly bypassHookTrust: boolean;
  readonly resolvedExecutable: string;
}

const inFlight = new Map<string, Promise<CodexProbeResult>>();

/**
 * `--version` and `--help` at most once per parent process per (shell, executable); concurrent first callers
 * share the subprocesses. Failures are not cached, so a later start can succeed after an install.
 */
export function probeCodex(request: CodexProbeRequest): Promise<CodexProbeResult> {
  const shell = resolveLoginShell(request.shell);
  const executable = request.executable ?? "codex";
  const key = `${shell}\u0000${executable}`;
  const cached = inFlight.get(key);
  if (cached) return cached;
  const probe = runCodexProbe(shell, executable, request);
  inFlight.set(key, probe);
  probe.catch(() => {
    if (inFlight.get(key) === probe) inFlight.delete(key);
  });
  return probe;
}

export function clearCodexProbeCache(): void {
  inFlight.clear();
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

/** True when the help text lists `flag` as an option (not merely mentions it in prose). */
export function helpAdvertises(help: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[\\s,])${escaped}(?=[\\s=,]|$)`, "m").test(help);
}

/** `codex-cli 0.171.0` → `0.171.0`; falls back to a bare version line (login-shell noise may precede it). */
export function parseCodexVersion(raw: string): string | undefined {
  const tagged = /codex-cli\s+v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)/.exec(raw);
  if (tagged?.[1]) return tagged[1];
  const lines = raw.split(/\r?\n/).map((line) => line.trim()).reverse();
  for (const line of lines) {
    const bare = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(line);
    if (bare?.[1]) return bare[1];
  }
  return undefined;
}

/** Unparseable warns unless strict (then fatal); below the minimum is always fatal. */
export function codexVersionDecision(version: string | undefined, strict: boolean): VersionDecision {
  if (version === undefined) {
    if (strict) {
      return {
        kind: "fail",
        error: new ElwoodError("codex_version_unparseable", "could not parse `codex --version` output (strictVersionCheck)", {
          minimum: CODEX_MIN_VERSION,
        }),
      };
    }
    return { kind: "warn", warning: "version_unparseable", message: "could not parse `codex --version` output; continuing" };
  }
  if (compareVersions(version, CODEX_MIN_VERSION) < 0) {
    return {
      kind: "fail",
      error: new ElwoodError("codex_version_unsupported", `Codex ${version} is older than the minimum ${CODEX_MIN_VERSION} Elwood needs`, {
        version,
        minimum: CODEX_MIN_VERSION,
      }),
    };
  }
  return { kind: "ok", version };
}
