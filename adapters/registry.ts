// The agents Elwood drives, whole: each folder's definition in detection order (adapters/registry-entries.ts lists
// the folders). Internal: the folders export their definitions typed by public data only (the launch plan's types
// name Node's), and this is where the library takes them back whole.

import type { AgentDefinition } from "./agent-definition.js";
import type { CommonResolvedOptions } from "./agent-launch-plan.js";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import { REGISTERED_AGENTS } from "./registry-kinds.js";

/** Any agent's whole definition, typed by what every part of the library may rely on. */
export type AnyAgentDefinition = AgentDefinition<AgentKind, CommonResolvedOptions, unknown>;

/** Every agent definition, in the order detection tries them. Each entry was built by defineAgent (a whole one). */
export const AGENT_DEFINITIONS: readonly AnyAgentDefinition[] = REGISTERED_AGENTS as unknown as readonly AnyAgentDefinition[];
