// Each registered agent's recorded posture fields, from its definition, for the agent-neutral record reader in effects/.

import type { RecordPostures } from "../effects/session-record.js";
import { AGENT_DEFINITIONS } from "../adapters/registry.js";

/** The posture fields of every registered agent's record, by agent id. */
export const RECORD_POSTURES: RecordPostures = new Map(AGENT_DEFINITIONS.map((d) => [d.id, d.resumePosture.fields]));
