// A CLI whose preflight is its `--version` alone (Claude Code, Qwen Code): one login-shell probe, parsed, classified,
// cached per executable identity. Codex also reads `--help`, so it builds its own.
import { storedVersionAnswer } from "./stored-probe-answer.js";
import { cachedProbe, type CachedProbe, type ProbeTarget } from "./cached-probe.js";
import { execCommandLine, loginShellArgs, runProbe, type ProbeOptions } from "../effects/probe.js";
import { classifyProbeFailure, type ProbeAgent } from "./version-probe.js";

export interface VersionOnlyRequest extends ProbeTarget {
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
}

export interface VersionOnlyResult {
  /** Parsed `major.minor.patch[-pre]`, or undefined when unrecognisable. */
  readonly version: string | undefined;
  readonly raw: string;
  readonly resolvedExecutable: string;
}

/** The memoised `--version` probe of one CLI: `agent` names its failures, `parse` reads its output. */
export function versionOnlyProbe(
  cacheName: string,
  agent: ProbeAgent,
  parse: (raw: string) => string | undefined,
): CachedProbe<VersionOnlyRequest, VersionOnlyResult> {
  const run = async (shell: string, executable: string, request: VersionOnlyRequest): Promise<VersionOnlyResult> => {
    const options: ProbeOptions = {
      cwd: request.cwd,
      env: request.env,
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.maxBytes !== undefined ? { maxBytes: request.maxBytes } : {}),
    };
    const result = await runProbe(shell, loginShellArgs(execCommandLine(executable, ["--version"])), options);
    const failure = classifyProbeFailure(result, shell, executable, agent);
    if (failure) throw failure;
    const raw = result.stdout.trim();
    return { version: parse(raw), raw, resolvedExecutable: executable };
  };
  return cachedProbe(cacheName, run, {
    agent: cacheName,
    store: (answer) => ({ ...(answer.version === undefined ? {} : { version: answer.version }), raw: answer.raw }),
    // What is kept of an answer: the version as read (`resolvedExecutable` is the request's own).
    restore: (stored, executable) => {
      const answer = storedVersionAnswer(stored);
      return answer === undefined ? undefined : { version: answer.version, raw: answer.raw, resolvedExecutable: executable };
    },
  });
}
