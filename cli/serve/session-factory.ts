// Builds the library session for a served session from the server's settings, exactly as `elwood run` would (planLaunch).

import { resolve } from "node:path";
import { CliError } from "../cli-error.js";
import type { AgentName } from "../config-keys.js";
import { planLaunch } from "../launch-plan.js";
import type { RunValues } from "../options.js";
import type { RunSettings, Sourced } from "../settings.js";
import { HttpProblem } from "./problem.js";
import type { SessionFactory, SessionSpec } from "./session-registry.js";

/**
 * The server's settings are the defaults; a spec's agent, workspace, model and effort override them for one session.
 * A spec that planLaunch refuses is a 400 with the CLI's own code and message.
 */
export function sessionFactory(values: RunValues, settings: RunSettings, serverCwd: string, env: Readonly<Record<string, string | undefined>>): SessionFactory {
  return async (spec: SessionSpec) => {
    const fromRequest = <T>(value: T): Sourced<T> => ({ value, source: "request" });
    const chosen: RunSettings = {
      ...settings,
      ...(spec.agent === undefined ? {} : { agent: fromRequest<AgentName>(spec.agent) }),
      model: (agent) => (spec.model === undefined ? settings.model(agent) : fromRequest<string | undefined>(spec.model)),
      reasoningEffort: (agent) => (spec.reasoningEffort === undefined ? settings.reasoningEffort(agent) : fromRequest<string | undefined>(spec.reasoningEffort)),
    };
    // A requested workspace is relative to the server's own --cwd.
    const runValues: RunValues = { ...values, ...(spec.cwd === undefined ? {} : { cwd: resolve(serverCwd, values.cwd ?? ".", spec.cwd) }) };
    try {
      const plan = await planLaunch(runValues, chosen, serverCwd, env);
      return { agent: plan.agent, cwd: plan.cwd, session: plan.session };
    } catch (error) {
      if (error instanceof CliError) throw new HttpProblem(400, error.code, error.message);
      throw error;
    }
  };
}
