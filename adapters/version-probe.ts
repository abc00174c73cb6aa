// Shared `--version` preflight pieces for every agent CLI: classify failures, parse, compare, decide.
import { ElwoodError, type ElwoodErrorCode } from "../src/contracts/errors.js";
import type { WarningCode } from "../src/contracts/public-types.js";
import type { ProbeResult } from "../effects/probe.js";

/** Which CLI a probe ran, so the same failure classification yields that CLI's error codes and wording. */
export interface ProbeAgent {
  readonly displayName: string;
  readonly defaultExecutable: string;
  readonly notFound: ElwoodErrorCode;
  readonly startFailed: ElwoodErrorCode;
}

/** Map a finished probe to Elwood's start error codes; undefined means the probe succeeded. */
export function classifyProbeFailure(
  result: ProbeResult,
  shell: string,
  executable: string,
  agent: ProbeAgent,
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

/**
 * A version line tagged the way the CLI prints it (`tagged` captures the version in group 1); else the last
 * line that is only a version, because login-shell startup files may print to stdout before the CLI.
 */
export function parseVersionOutput(raw: string, tagged: RegExp): string | undefined {
  const match = tagged.exec(raw);
  if (match?.[1]) return match[1];
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
  | { readonly kind: "warn"; readonly warning: WarningCode; readonly message: string }
  | { readonly kind: "fail"; readonly error: ElwoodError };

/** One agent's version policy: its command word, minimum, error codes and why the minimum is what it is. */
export interface VersionPolicy {
  readonly command: string;
  readonly displayName: string;
  readonly minimum: string;
  readonly unparseable: ElwoodErrorCode;
  readonly unsupported: ElwoodErrorCode;
  /** Appended to the too-old message, e.g. " (hooks and --settings support)". */
  readonly minimumReason: string;
}

/**
 * What startup does with a probed version: unparseable warns (`version_unparseable`) unless
 * `strictVersionCheck`, where it is fatal; a parsed version below the minimum is always fatal.
 */
export function decideVersion(policy: VersionPolicy, version: string | undefined, strict: boolean): VersionDecision {
  if (version === undefined) {
    if (strict) {
      return {
        kind: "fail",
        error: new ElwoodError(policy.unparseable, `could not parse \`${policy.command} --version\` output (strictVersionCheck)`, {
          minimum: policy.minimum,
        }),
      };
    }
    return { kind: "warn", warning: "version_unparseable", message: `could not parse \`${policy.command} --version\` output; continuing` };
  }
  if (compareVersions(version, policy.minimum) < 0) {
    return {
      kind: "fail",
      error: new ElwoodError(
        policy.unsupported,
        `${policy.displayName} ${version} is older than the minimum ${policy.minimum} Elwood needs${policy.minimumReason}`,
        { version, minimum: policy.minimum },
      ),
    };
  }
  return { kind: "ok", version };
}
