// Claude `--version` preflight through the login shell: parse, classify failures, memoise once per process, decide on the result.
import { ElwoodError, type ElwoodErrorName } from "../../src/errors.js";
import type { ElwoodWarningCode } from "../../src/public-types.js";
import {
  execCommandLine,
  loginShellArgs,
  resolveLoginShell,
  runProbe,
  type ProbeOptions,
  type ProbeResult,
} from "../../effects/probe.js";

/** Oldest Claude Code Elwood supports (spec B §11.2). */
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
}

export interface ClaudeVersionProbeResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when the output was not recognisable. */
  readonly version: string | undefined;
  /** Trimmed stdout of the probe (bounded by the probe cap). */
  readonly raw: string;
  /** What was executed: the explicit path, or `claude` as resolved by the login shell. */
  readonly resolvedExecutable: string;
}

const inFlight = new Map<string, Promise<ClaudeVersionProbeResult>>();

/**
 * Read the installed version at most once per parent process per (executable, shell): concurrent first
 * callers share one subprocess, later callers reuse the answer. Failures are not cached (spec C-LIFE-11).
 */
export function probeClaudeVersion(request: ClaudeVersionProbeRequest): Promise<ClaudeVersionProbeResult> {
  const shell = resolveLoginShell(request.shell);
  const executable = request.executable ?? "claude";
  const key = `${shell}\u0000${executable}`;
  const cached = inFlight.get(key);
  if (cached) return cached;
  const probe = runVersionProbe(shell, executable, request);
  inFlight.set(key, probe);
  probe.catch(() => {
    if (inFlight.get(key) === probe) inFlight.delete(key);
  });
  return probe;
}

/** Forget cached versions; called after every coordinated autoupdate attempt (spec C-PERF-02). */
export function clearClaudeVersionCache(): void {
  inFlight.clear();
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
  const failure = classifyProbeFailure(result, shell, executable);
  if (failure) throw failure;
  const raw = result.stdout.trim();
  return { version: parseClaudeVersion(raw), raw, resolvedExecutable: executable };
}

/** Which CLI a probe ran, so the same failure classification yields that CLI's error codes and wording. */
export interface ProbeAgent {
  readonly displayName: string;
  readonly defaultExecutable: string;
  readonly notFound: ElwoodErrorName;
  readonly startFailed: ElwoodErrorName;
}

export const CLAUDE_PROBE_AGENT: ProbeAgent = {
  displayName: "Claude Code",
  defaultExecutable: "claude",
  notFound: "claude_not_found",
  startFailed: "claude_start_failed",
};

/** Map a finished probe to the spec's error codes; undefined means the probe succeeded. */
export function classifyProbeFailure(
  result: ProbeResult,
  shell: string,
  executable: string,
  agent: ProbeAgent = CLAUDE_PROBE_AGENT,
): ElwoodError | undefined {
  const stderr = boundedStderr(result.stderr);
  if (result.spawnError) {
    // The login shell itself could not start: that is a start failure, not a missing CLI.
    return new ElwoodError(agent.startFailed, `could not start login shell ${shell}: ${result.spawnError.message}`, {
      cause: result.spawnError.message,
      errno: result.spawnError.code,
      syscall: result.spawnError.syscall,
      path: shell,
    });
  }
  if (result.timedOut) {
    return new ElwoodError(agent.startFailed, `\`${executable} --version\` did not finish in time`, {
      cause: "probe timed out",
      errno: "ETIMEDOUT",
      stderr,
    });
  }
  if (result.truncated) {
    return new ElwoodError(agent.startFailed, `\`${executable} --version\` produced too much output`, {
      cause: "probe output exceeded its cap",
      errno: "E2BIG",
      stderr,
    });
  }
  if (result.code === 0) return undefined;
  // 127: not found; 126: found but not executable. Both shells and `exec` use these codes. Stderr is
  // consulted only after a nonzero exit, because `bash -i` without a terminal always prints job-control noise.
  if (result.code === 127 || result.code === 126 || /command not found/i.test(stderr)) {
    return new ElwoodError(
      agent.notFound,
      executable === agent.defaultExecutable
        ? `${agent.displayName} (\`${executable}\`) was not found in the login shell's PATH; install it or pass \`executable\``
        : `${agent.displayName} executable ${executable} was not found or is not executable`,
      { executable, shell, exitCode: result.code, stderr },
    );
  }
  return new ElwoodError(agent.startFailed, `\`${executable} --version\` failed`, {
    cause: result.signal ? `killed by ${result.signal}` : `exit code ${String(result.code)}`,
    exitCode: result.code,
    stderr,
  });
}

/** Stderr kept in error details is bounded so a chatty shell cannot bloat an error. */
function boundedStderr(stderr: string): string {
  const trimmed = stderr.trim();
  return trimmed.length > 2000 ? trimmed.slice(-2000) : trimmed;
}

/** `2.1.332 (Claude Code)` → `2.1.332`. Falls back to a line that is only a version; else undefined. */
export function parseClaudeVersion(raw: string): string | undefined {
  const tagged = /(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\s*\(Claude Code\)/.exec(raw);
  if (tagged?.[1]) return tagged[1];
  // Login-shell startup files may print to stdout before the CLI; look at lines from the end.
  const lines = raw.split(/\r?\n/).map((line) => line.trim()).reverse();
  for (const line of lines) {
    const bare = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(line);
    if (bare?.[1]) return bare[1];
  }
  return undefined;
}

/** Numeric comparison of the `major.minor.patch` core; a prerelease sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const split = (v: string): [number[], string] => {
    const [core = "", pre = ""] = v.split("-", 2);
    return [core.split(".").map((n) => Number.parseInt(n, 10) || 0), pre];
  };
  const [ac, ap] = split(a);
  const [bc, bp] = split(b);
  for (let i = 0; i < 3; i += 1) {
    const d = (ac[i] ?? 0) - (bc[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (ap === bp) return 0;
  if (ap === "") return 1;
  if (bp === "") return -1;
  return ap < bp ? -1 : 1;
}

export type VersionDecision =
  | { readonly kind: "ok"; readonly version: string }
  | { readonly kind: "warn"; readonly warning: ElwoodWarningCode; readonly message: string }
  | { readonly kind: "fail"; readonly error: ElwoodError };

/**
 * What startup does with a probed version: unparseable warns (`version_unparseable`) unless
 * `strictVersionCheck`, where it is fatal; a parsed version below the minimum is always fatal.
 */
export function versionDecision(version: string | undefined, strict: boolean): VersionDecision {
  if (version === undefined) {
    if (strict) {
      return {
        kind: "fail",
        error: new ElwoodError("claude_version_unparseable", "could not parse `claude --version` output (strictVersionCheck)", {
          minimum: CLAUDE_MIN_VERSION,
        }),
      };
    }
    return { kind: "warn", warning: "version_unparseable", message: "could not parse `claude --version` output; continuing" };
  }
  if (compareVersions(version, CLAUDE_MIN_VERSION) < 0) {
    return {
      kind: "fail",
      error: new ElwoodError(
        "claude_version_unsupported",
        `Claude Code ${version} is older than the minimum ${CLAUDE_MIN_VERSION} Elwood needs (hooks and --settings support)`,
        { version, minimum: CLAUDE_MIN_VERSION },
      ),
    };
  }
  return { kind: "ok", version };
}
