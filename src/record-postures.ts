// Each registered agent's recorded posture fields, from its definition: what the agent-neutral session record reader
// (effects/session-record.ts) checks a record's resume state against.

import type { RecordPostures } from "../effects/session-record.js";
import { AGENT_DEFINITIONS } from "../adapters/registry.js";

/** The posture fields of every registered agent's record, by agent id. */
export const RECORD_POSTURES: RecordPostures = new Map(AGENT_DEFINITIONS.map((d) => [d.id, d.resumePosture.fields]));
