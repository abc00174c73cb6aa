// The simulated agent's own command line for a person's interactive launch (`elwood interactive`).

import type { InteractiveLaunch } from "../../../adapters/agent-definition.js";
import { withFlavour } from "./launch-plan.js";

/** `[resume] --flavour codex [--model M] [-c model_reasoning_effort=E] --cd DIR [id]`: its flavour's own spelling. */
export function simInteractiveArgs(a: InteractiveLaunch): string[] {
  return withFlavour([
    ...(a.conversation === undefined ? [] : ["resume"]),
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.effort === undefined ? [] : ["-c", `model_reasoning_effort=${a.effort}`]),
    "--cd",
    a.cwd,
    ...(a.conversation === undefined ? [] : [a.conversation]),
  ]);
}
