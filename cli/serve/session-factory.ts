// Builds the library session for a served session from the server's settings, exactly as `elwood run` would (planLaunch).

import { resolve } from "node:path";
import { type AgentErrorCode, agentInfo, ElwoodError } from "../../src/index.js";
import { CliError } from "../cli-error.js";
import type { AgentName } from "../config-keys.js";
import { agentResolves, loginShell } from "../detect-agent.js";
import { planLaunch } from "../launch-plan.js";
import type { RunValues } from "../options.js";
import type { RunSettings, Sourced } from "../settings.js";
import { HttpProblem } from "./problem.js";
import type { SessionFactory, SessionSpec } from "./session-registry.js";

/**
 * The server's settings are the defaults; a spec's agent, workspace, model and effort override them for one session.
 * A spec that planLaunch refuses is a 400 with the CLI's own code and message; a reasoning effort the agent does not
 * take, or (`verifyAgent`) an agent not installed, fails here with the library's own error rather than on first use.
 */
export function sessionFactory(values: RunValues, settings: RunSettings, serverCwd: string, env: Readonly<Record<string, string | undefined>>): SessionFactory {
  return async (spec: SessionSpec) => {
    const fromRequest = <T>(value: T): Sourced<T> => ({ value, source: "request" });
    const chosen: RunSettings = {
      ...settings,
      ...(spec.agent === undefined ? {} : { agent: fromRequest<AgentName>(spec.agent) }),
      model: (agent) => (spec.model === undefined ? settings.model(agent) : fromRequest<string | undefined>(spec.model)),
      reasoningEffort: (agent) => (spec.reasoningEffort === undefined ? settings.reasoningEffort(agent) : fromRequest<string | undefined>(requestedEffort(agent, spec.reasoningEffort))),
    };
    // A requested workspace is relative to the server's own --cwd.
    const runValues: RunValues = { ...values, ...(spec.cwd === undefined ? {} : { cwd: resolve(serverCwd, values.cwd ?? ".", spec.cwd) }) };
    try {
      const plan = await planLaunch(runValues, chosen, serverCwd, env);
      if (spec.verifyAgent === true && (await agentResolves(plan.agent, env)) === false) throw notInstalled(plan.agent, env);
      return { agent: plan.agent, cwd: plan.cwd, session: plan.session };
    } catch (error) {
      if (error instanceof CliError) throw new HttpProblem(400, error.code, error.message);
      throw error;
    }
  };
}

/** A client's reasoning effort, checked at creation against what the agent accepts (with the library's own error). */
function requestedEffort(agent: AgentName, effort: string): string {
  const validValues = agentInfo(agent).reasoningEfforts;
  if (validValues.includes(effort)) return effort;
  const message = `reasoningEffort for ${agent} must be one of ${validValues.join(", ")} (got '${effort}')`;
  const code: AgentErrorCode = `${agent}_invalid_reasoning_effort`;
  throw new ElwoodError(code, message, { validValues });
}

/** The library's own not-found error, raised at creation instead of on the session's first use. */
function notInstalled(agent: AgentName, env: Readonly<Record<string, string | undefined>>): ElwoodError {
  const message = `${agent} does not resolve in this server's login shell: it is not installed (or not on its PATH) on the server`;
  const details = { executable: agentInfo(agent).executable, shell: loginShell(env), exitCode: 127, stderr: "" };
  const code: AgentErrorCode = `${agent}_not_found`;
  return new ElwoodError(code, message, details);
}
