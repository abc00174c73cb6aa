// Qwen Code's own command line and environment for a person's interactive launch (`elwood interactive`).

import type { InteractiveLaunch } from "../agent-definition.js";
import { qwenHomeOf } from "./private-home.js";

export function qwenInteractiveArgs(a: InteractiveLaunch): string[] {
  return [
    ...(a.model === undefined ? [] : ["--model", a.model]),
    ...(a.posture["approvalMode"] === undefined ? [] : ["--approval-mode", a.posture["approvalMode"]]),
    ...(a.conversation === undefined ? [] : ["--resume", a.conversation]),
  ];
}

/** The stored session's conversation is in its private config home: without it, `--resume <id>` finds nothing. */
export function qwenInteractiveEnv(sessionDir: string): Readonly<Record<string, string>> {
  return { QWEN_HOME: qwenHomeOf(sessionDir) };
}
