// The simulated agent's kind, the one place the test program gives it a type: it is deliberately not in the typed registry.

import type { AgentKind } from "../../../src/contracts/agent-kinds.js";
import type { RecordSeed } from "../../../effects/session-record.js";

/**
 * The simulated agent's id. It declares no AgentKindRegistry entry on purpose: declaration merging would put it into
 * `AgentKind` for every file of the test program (tsconfig.json includes test/ and adapters/ alike), so the compile-time
 * check that every declared kind has a registry line (adapters/registry-kinds.ts) would fail, and the types the package
 * publishes would differ from the ones its own tests compile against. So its id enters the types here, once, as an
 * AgentKind: what the definition, the generic path and its error codes are typed by. At run time it is "sim", known to
 * the registry only in a test process that registered it (./register.ts).
 */
export const SIM_KIND = "sim" as string as AgentKind;

/**
 * Its session record's seed, cast for the same reason: RecordSeed pairs each registered kind with the posture its
 * entry declares, and the simulated agent has no entry (its record keeps no posture: `resumePosture.fields` is empty).
 */
export const SIM_RECORD_SEED = { adapter: SIM_KIND, posture: {} } as unknown as RecordSeed;
