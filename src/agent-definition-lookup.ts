// One agent's whole definition by kind, from the registry: a leaf module (registry and errors only), so the session
// facade's own checks can read a definition without importing the launch path that builds facades.
import { agentDefinitions, type AnyAgentDefinition } from "../adapters/registry.js";
import { AGENT_KINDS } from "../adapters/registry-kinds.js";
import type { AgentKind } from "./contracts/agent-kinds.js";
import { ElwoodError } from "./contracts/errors.js";

/** The definition of `kind`; an unknown kind (from untyped input) is `invalid_argument` naming the valid ones. */
export function agentDefinition(kind: AgentKind): AnyAgentDefinition {
  const found = typeof kind === "string" ? agentDefinitions().find((d) => d.id === kind) : undefined;
  if (found === undefined) {
    throw new ElwoodError("invalid_argument", `unknown agent ${JSON.stringify(kind)}`, { option: "agent", validValues: [...AGENT_KINDS] });
  }
  return found;
}
