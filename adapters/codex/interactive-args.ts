// Codex's own command line for a person's interactive launch (`elwood interactive`): `codex [resume] … --cd DIR [id]`.

import type { InteractiveLaunch } from "../agent-definition.js";

export function codexInteractiveArgs(a: InteractiveLaunch): string[] {
  return [
    ...(a.conversation === undefined ? [] : ["resume"]),
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.posture["sandbox"] === undefined ? [] : ["--sandbox", a.posture["sandbox"]]),
    ...(a.posture["approvalPolicy"] === undefined ? [] : ["--ask-for-approval", a.posture["approvalPolicy"]]),
    // Codex has no effort flag: the config override is its only spelling.
    ...(a.effort === undefined ? [] : ["-c", `model_reasoning_effort=${a.effort}`]),
    "--cd",
    a.cwd,
    ...(a.conversation === undefined ? [] : [a.conversation]),
  ];
}
