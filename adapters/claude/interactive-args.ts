// Claude Code's own command line for a person's interactive launch (`elwood interactive`): model, effort, posture, resume.

import type { InteractiveLaunch } from "../agent-definition.js";

export function claudeInteractiveArgs(a: InteractiveLaunch): string[] {
  return [
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.effort === undefined ? [] : ["--effort", a.effort]),
    ...(a.posture["permissionMode"] === undefined ? [] : ["--permission-mode", a.posture["permissionMode"]]),
    ...(a.conversation === undefined ? [] : ["--resume", a.conversation]),
  ];
}
