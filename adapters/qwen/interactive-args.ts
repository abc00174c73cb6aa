// Qwen Code's own command line for a person's interactive launch (`elwood interactive`): model, approval mode, resume.

import type { InteractiveLaunch } from "../agent-definition.js";

export function qwenInteractiveArgs(a: InteractiveLaunch): string[] {
  return [
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.posture["approvalMode"] === undefined ? [] : ["--approval-mode", a.posture["approvalMode"]]),
    ...(a.conversation === undefined ? [] : ["--resume", a.conversation]),
  ];
}
