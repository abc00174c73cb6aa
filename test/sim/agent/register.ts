// Registers the simulated agent in this test process's agent registry (adapters/registry.ts), once.

import { agentDefinitions, registerAgentDefinition } from "../../../adapters/registry.js";
import { simAgent } from "./index.js";

/**
 * From this call on, the generic path (agentDefinition, AgentConversation, startAgentSession …), agentInfo / agentInfos,
 * AGENT_KINDS and every face that reads them when used know "sim" — in this process only (vitest runs each test file in
 * its own). A face that builds its tables when its module loads (the elwood command's help and option table) must be
 * imported after it. Idempotent, so a test file and a helper may both call it.
 */
export function registerSimAgent(): typeof simAgent {
  if (!agentDefinitions().some((d) => d.id === simAgent.id)) registerAgentDefinition(simAgent);
  return simAgent;
}
