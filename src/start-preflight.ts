// The start's preflight: read the CLI's version, run `autoupdate`'s coordinated update and read it again, then apply the version gate.
import type { UpdateReport } from "../adapters/update-coordinator.js";
import type { UpdateRequest } from "../adapters/agent-update.js";
import type { VersionDecision } from "../adapters/version-probe.js";
import type { AgentUpdateFailedDetails, WarningEvent } from "./contracts/public-types.js";

/** Where and how the agent's `--version` runs (the skeleton's probe request). */
export interface PreflightRequest {
  readonly executable?: string;
  readonly shell: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** The session store, where probe answers are shared across processes (when the caller chose one). */
  readonly stateDir?: string;
  /** The start's own `env` option (part of the probe cache's key). */
  readonly callerEnv?: Readonly<Record<string, string>>;
}

export interface PreflightPlan<P> {
  readonly defaultExecutable: string;
  readonly probe: (request: PreflightRequest) => Promise<P>;
  readonly decide: (probe: P, strict: boolean) => VersionDecision;
  /** The CLI's own update, coordinated once per process and across the user's processes. */
  readonly update: (request: UpdateRequest) => Promise<UpdateReport>;
  readonly installedVersion: (probe: P) => string | undefined;
}

/** A warning the start delivers once the session exists (after the start resolves). */
export type StartWarning = Pick<WarningEvent, "code" | "message" | "details">;

export interface PreflightResult<P> {
  readonly probe: P;
  readonly warnings: readonly StartWarning[];
}

/**
 * The first read also proves the CLI exists (a missing CLI rejects before any update). With `autoupdate`, the
 * update attempt clears the version caches, so the second read is the post-attempt version, and only that one
 * meets the gate: a failed update rejects only when the installed CLI is too old, else it becomes a warning.
 */
export async function preflight<P>(
  plan: PreflightPlan<P>,
  request: PreflightRequest,
  options: { readonly autoupdate: boolean; readonly strict: boolean },
): Promise<PreflightResult<P>> {
  let probe = await plan.probe(request);
  let report: UpdateReport | undefined;
  if (options.autoupdate) {
    const executable = request.executable ?? plan.defaultExecutable;
    report = await plan.update({ shell: request.shell, executable, env: request.env, cwd: request.cwd });
    probe = await plan.probe(request);
  }
  const decision = plan.decide(probe, options.strict);
  if (decision.kind === "fail") throw decision.error;
  const warnings: StartWarning[] = [];
  if (decision.kind === "warn") warnings.push({ code: decision.warning, message: decision.message });
  if (report?.kind === "failed") warnings.push(updateFailedWarning(report, plan.defaultExecutable, plan.installedVersion(probe)));
  return { probe, warnings };
}

function updateFailedWarning(report: Extract<UpdateReport, { kind: "failed" }>, command: string, version: string | undefined): StartWarning {
  const installedVersion = version ?? "unknown";
  const details: AgentUpdateFailedDetails = {
    installedVersion,
    errorCode: report.errorCode,
    ...(report.exitStatus === undefined ? {} : { exitStatus: report.exitStatus }),
    ...(report.errorCode === "update_active" || report.stderr === undefined || report.stderr === "" ? {} : { stderr: report.stderr }),
  };
  const message =
    report.errorCode === "update_active"
      ? `another process was updating ${command} for the whole wait; started the installed ${installedVersion} without updating`
      : `\`${command} update\` failed (${report.errorCode}); started the installed ${installedVersion}`;
  return { code: "agent_update_failed", message, details };
}
