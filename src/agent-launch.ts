// The generic start and resume of any registered agent: its definition validates the options and builds the launch
// plan, the shared skeleton runs it. The per-agent functions (`startClaude` …) are typed shortcuts over these.

import type { AnyAgentDefinition } from "../adapters/registry.js";
import { agentDefinition } from "./agent-definition-lookup.js";
import { AGENT_KINDS } from "../adapters/registry-kinds.js";
import type { AgentKind } from "./contracts/agent-kinds.js";
import type { ResumeTarget } from "./contracts/start-or-resume.js";
import { SessionFacade, type SessionRuntime } from "./agent-session.js";
import { LoginSessionFacade } from "./login-session-facade.js";
import { resumeInputs, resumeTarget } from "./resume-session.js";
import { startAgent } from "./start-agent.js";

export { AGENT_KINDS };

export type { AnyAgentDefinition };

export { agentDefinition };

/** Builds the session object the caller gets for one agent's runtime (its typed facade, or the common one). */
export type FacadeFactory = (runtime: SessionRuntime) => SessionFacade;

/** Validates `options` with the agent's definition and starts it; with `resume`, on its recorded conversation. */
export async function launchDefinedAgent(kind: AgentKind, options: unknown, createSession: FacadeFactory, resume?: ResumeTarget): Promise<SessionFacade> {
  const definition = agentDefinition(kind);
  const resolved = await definition.validateOptions(options);
  return startAgent({ ...definition.launchPlan(resolved, resume), createSession });
}

/** Resumes a recorded session of `kind`: the record is checked first, its posture restored under the caller's fields. */
export async function resumeDefinedAgent(kind: AgentKind, options: unknown, createSession: FacadeFactory): Promise<SessionFacade> {
  const { resumePosture } = agentDefinition(kind);
  const inputs = await resumeInputs(options, kind, resumePosture.fields, resumePosture.overriddenBy);
  return launchDefinedAgent(kind, inputs.options, createSession, resumeTarget(inputs));
}

/** The session object of an agent without a typed shortcut: the common session, with `login()` when it has one. */
export function commonFacade(kind: AgentKind): FacadeFactory {
  return agentDefinition(kind).capabilities.login ? (runtime) => new LoginSessionFacade(runtime) : (runtime) => new SessionFacade(runtime);
}
