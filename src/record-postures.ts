// Each registered agent's recorded posture fields, from its definition, for the agent-neutral record reader in effects/.

import type { RecordPostures } from "../effects/session-record.js";
import { agentDefinitions } from "../adapters/registry.js";

/**
 * The posture fields of every registered agent's record, by agent id, read from the registry at each call (so an
 * agent registered after this module loaded is known). Called once per start, resume or listing: a map of a few entries.
 */
export function recordPostures(): RecordPostures {
  return new Map(agentDefinitions().map((d) => [d.id, d.resumePosture.fields]));
}
