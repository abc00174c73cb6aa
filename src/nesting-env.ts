// The inherited variables every agent launch drops: each registered agent's nesting markers, from its definition.

import { AGENT_DEFINITIONS } from "../adapters/registry.js";

/** Names and `*` prefixes a running agent sets for its children (effects/pty/agent-env.ts drops them). */
export const NESTING_ENV: readonly string[] = AGENT_DEFINITIONS.flatMap((d) => d.nestingEnv ?? []);
