// The inherited variables every agent launch drops: each registered agent's nesting markers, from its definition.

import { agentDefinitions } from "../adapters/registry.js";

/**
 * Names and `*` prefixes a running agent sets for its children (effects/pty/agent-env.ts drops them), read from the
 * registry at each call (so an agent registered after this module loaded counts). Called once per launch or probe.
 */
export function nestingEnv(): readonly string[] {
  return agentDefinitions().flatMap((d) => d.nestingEnv ?? []);
}
