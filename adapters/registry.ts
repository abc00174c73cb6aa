// The agents Elwood drives, whole: each folder's definition in detection order (adapters/registry-entries.ts lists
// the folders), read when used. Internal: the folders export their definitions typed by public data only (the launch
// plan's types name Node's), and this is where the library takes them back whole.

import type { AgentDefinition } from "./agent-definition.js";
import type { CommonResolvedOptions } from "./agent-launch-plan.js";
import type { AgentKind } from "../src/contracts/agent-kinds.js";
import { ElwoodError } from "../src/contracts/errors.js";
import { AGENT_KINDS, REGISTERED_AGENTS } from "./registry-kinds.js";

/** Any agent's whole definition, typed by what every part of the library may rely on. */
export type AnyAgentDefinition = AgentDefinition<AgentKind, CommonResolvedOptions, unknown>;

/** The definitions in detection order. Each entry was built by defineAgent (a whole one). */
const definitions: AnyAgentDefinition[] = [...(REGISTERED_AGENTS as unknown as readonly AnyAgentDefinition[])];

/**
 * The public AGENT_KINDS array itself, which a registration extends in step with `definitions`, so the faces that
 * hold it (the elwood command, the inspector) and agentInfos() list the same agents. Its declared type stays readonly
 * for everyone else: only this module adds to it.
 */
const kinds = AGENT_KINDS as AgentKind[];

/** Every agent definition, in the order detection tries them. Read it when used: a registration may add to it. */
export function agentDefinitions(): readonly AnyAgentDefinition[] {
  return definitions;
}

/** Agent ids are lowercase words without `_`, so `<agent>_<category>` error codes read back unambiguously. */
const AGENT_ID = /^[a-z][a-z0-9]*$/;

/**
 * Adds a definition the shipped registry does not list, for this process only, at its place in detection order. The
 * test suite registers its simulated agent this way (test/sim/agent/): the generic path, agentInfo(s) and every
 * value read from agentDefinitions() see it from then on. Not exported by the package: the shipped program registers
 * nothing, so its agents are exactly its folders. A malformed or already registered id is `invalid_argument`.
 */
export function registerAgentDefinition<R extends CommonResolvedOptions, P>(definition: AgentDefinition<AgentKind, R, P>): void {
  const { id } = definition;
  if (typeof id !== "string" || !AGENT_ID.test(id)) {
    throw new ElwoodError("invalid_argument", `agent id ${JSON.stringify(id)} must be a lowercase word without "_"`, { option: "id" });
  }
  if (definitions.some((d) => d.id === id)) {
    throw new ElwoodError("invalid_argument", `agent ${id} is already registered`, { option: "id" });
  }
  // The registry holds every agent by the options every part of the library relies on (as the folders' entries above).
  const whole = definition as unknown as AnyAgentDefinition;
  const after = definitions.findIndex((d) => d.detectionOrder > whole.detectionOrder || (d.detectionOrder === whole.detectionOrder && d.id.localeCompare(id) > 0));
  const at = after === -1 ? definitions.length : after;
  definitions.splice(at, 0, whole);
  kinds.splice(at, 0, id);
}
