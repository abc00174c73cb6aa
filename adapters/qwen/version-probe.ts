// Qwen Code `--version` preflight through the login shell: parse, classify failures, cache per executable identity, decide.
import { versionOnlyProbe, type VersionOnlyRequest, type VersionOnlyResult } from "../version-only-probe.js";
import { decideVersion, parseVersionOutput, type ProbeAgent, type VersionDecision, type VersionPolicy } from "../version-probe.js";

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

export type QwenProbeRequest = VersionOnlyRequest;
export type QwenProbeResult = VersionOnlyResult;

const memo = versionOnlyProbe("qwen", QWEN_PROBE_AGENT, (raw) => parseQwenVersion(raw));

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
