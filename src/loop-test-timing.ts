// The loop machine a session spawns, and the test-only switch that shortens its cadence so an integration test sees
// a loop fire in well under a second. Not exported from the package root: an embedder cannot reach it.

import { loopMachine } from "../machines/loop.js";

let cadenceOverrideMs: number | undefined;

/** Tests only: every loop of a session launched from now on counts `ms` instead of its cadence (undefined: reset). */
export function overrideLoopCadenceForTests(ms: number | undefined): void {
  cadenceOverrideMs = ms;
}

/** The loop logic for a session being launched now. */
export function loopLogic(): typeof loopMachine {
  const ms = cadenceOverrideMs;
  return ms === undefined ? loopMachine : loopMachine.provide({ delays: { cadence: () => ms } });
}
