// Claude `--version` preflight through the login shell: parse, classify failures, cache per executable identity, decide on the result.
import type { ElwoodError } from "../../src/contracts/errors.js";
import { versionOnlyProbe, type VersionOnlyRequest, type VersionOnlyResult } from "../version-only-probe.js";
import type { ProbeResult } from "../../effects/probe.js";
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

export type ClaudeVersionProbeRequest = VersionOnlyRequest;

export type ClaudeVersionProbeResult = VersionOnlyResult;

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

const memo = versionOnlyProbe("claude", CLAUDE_PROBE_AGENT, (raw) => parseClaudeVersion(raw));

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
