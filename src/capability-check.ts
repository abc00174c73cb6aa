// An agent's declared capabilities as a typed refusal: a face asking an agent for what it does not offer gets
// `capability_unsupported` naming both, never a wait that runs out on a screen the agent will not paint.
import { agentDefinition } from "./agent-definition-lookup.js";
import type { AgentCapabilities } from "../adapters/agent-facts.js";
import { ElwoodError } from "./contracts/errors.js";
import type { AgentKind } from "./contracts/public-types.js";

/** The refusal when `kind` lacks `capability`; undefined when it has it. */
export function capabilityRefusal(kind: AgentKind, capability: keyof AgentCapabilities): ElwoodError | undefined {
  const definition = agentDefinition(kind);
  if (definition.capabilities[capability]) return undefined;
  return new ElwoodError("capability_unsupported", `${definition.displayName} does not support ${capability} through Elwood`, { agentId: kind, capability });
}
