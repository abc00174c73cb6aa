// The simulated agent's `--version` preflight: its Codex flavour's version line, read through the shared probe pieces.

import { cachedProbe } from "../../../adapters/cached-probe.js";
import { storedVersionAnswer } from "../../../adapters/stored-probe-answer.js";
import { classifyProbeFailure, decideVersion, parseVersionOutput, type ProbeAgent, type VersionDecision } from "../../../adapters/version-probe.js";
import { execCommandLine, loginShellArgs, runProbe } from "../../../effects/probe.js";
import { SIM_KIND } from "./kind.js";

/** The command a login shell would resolve (nobody installs it: the tests name the script's path). */
export const SIM_EXECUTABLE = "sim-agent.mjs";
/** Its launch flag: the simulated agent is the simulated CLI in its Codex flavour (screens, hooks, rollout). */
export const SIM_FLAVOUR_ARGS: readonly string[] = ["--flavour", "codex"];

const SIM_PROBE_AGENT: ProbeAgent = {
  displayName: "Simulated agent",
  defaultExecutable: SIM_EXECUTABLE,
  notFound: `${SIM_KIND}_not_found`,
  startFailed: `${SIM_KIND}_start_failed`,
};

export interface SimProbeResult {
  readonly version: string | undefined;
  readonly raw: string;
}

async function runSimProbe(shell: string, executable: string, request: { readonly cwd: string; readonly env: Readonly<Record<string, string>> }): Promise<SimProbeResult> {
  const result = await runProbe(shell, loginShellArgs(execCommandLine(executable, [...SIM_FLAVOUR_ARGS, "--version"])), { cwd: request.cwd, env: request.env });
  const failure = classifyProbeFailure(result, shell, executable, SIM_PROBE_AGENT);
  if (failure) throw failure;
  const raw = result.stdout.trim();
  return { version: parseVersionOutput(raw, /codex-cli\s+v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)/), raw };
}

const memo = cachedProbe(SIM_EXECUTABLE, runSimProbe, {
  agent: SIM_KIND,
  store: (answer) => ({ ...(answer.version === undefined ? {} : { version: answer.version }), raw: answer.raw }),
  restore: (stored) => {
    const answer = storedVersionAnswer(stored);
    return answer === undefined ? undefined : { version: answer.version, raw: answer.raw };
  },
});

/** `--version` once per executable identity, as every agent's probe. */
export const probeSim = memo.probe;
export const clearSimProbeCache: () => void = memo.clear;

/** The oldest flavour version whose hooks the launch installs (its `-c hooks.<Event>=` overrides): Codex's minimum. */
const SIM_MIN_VERSION = "0.124.0";

export function simVersionDecision(version: string | undefined, strict: boolean): VersionDecision {
  return decideVersion(
    {
      command: SIM_EXECUTABLE,
      displayName: "Simulated agent",
      minimum: SIM_MIN_VERSION,
      unparseable: `${SIM_KIND}_version_unparseable`,
      unsupported: `${SIM_KIND}_version_unsupported`,
      minimumReason: "",
    },
    version,
    strict,
  );
}
