// The simulated CLI (test/sim/sim-agent.mjs) as an agent of its own, "sim": a definition of the same shape as each
// adapters/<cli>/index.ts, kept in test/ because it must not ship. ./register.ts adds it to a test process's registry.

import { defineAgent } from "../../../adapters/agent-definition.js";
import { isCodexHookEventName } from "../../../adapters/codex/hook-events.js";
import { readCodexTurnHook } from "../../../adapters/codex/turn-hooks.js";
import { simAdapter } from "./adapter.js";
import { simInteractiveArgs } from "./interactive-args.js";
import { SIM_KIND } from "./kind.js";
import { simLaunchPlan } from "./launch-plan.js";
import { SIM_REASONING_EFFORTS, validateSimOptions } from "./options.js";
import { SIM_EXECUTABLE } from "./probe.js";

/** The whole definition: nothing outside this folder knows the simulated agent (the generic path reads only this). */
export const simAgent = defineAgent({
  id: SIM_KIND,
  displayName: "Simulated agent",
  // After every shipped agent: detection never prefers it, and the shipped agents keep their places.
  detectionOrder: 1000,
  executable: SIM_EXECUTABLE,
  installHint: "nothing to install: test/sim/sim-agent.mjs ships with Elwood's tests (pass its path as `executable`)",
  // The sim sets nothing for the processes it starts.
  nestingEnv: [],
  // Its Codex flavour's default version (ELWOOD_SIM_VERSION may report another).
  verifiedVersions: ["0.171.0"],
  reasoningEfforts: SIM_REASONING_EFFORTS,
  // No posture option: the sim has no sandbox or approval of its own, so its record keeps none.
  postures: [],
  capabilities: { login: false, images: true, models: true, compact: true, resume: true, loops: true },
  adapter: simAdapter,
  validateOptions: validateSimOptions,
  launchPlan: simLaunchPlan,
  resumePosture: { fields: [], overriddenBy: () => false },
  interactiveArgs: simInteractiveArgs,
  turnHooks: readCodexTurnHook,
  isHookEventName: isCodexHookEventName,
});
