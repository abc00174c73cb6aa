// Reads the decision out of a hook reply in the JSON shape both CLIs take (`decision`, `hookSpecificOutput.decision`).

import type { HookReplyProfile } from "../src/contracts/agent-adapter.js";

/** The salient decision in the exact JSON the agent receives; undefined when the reply decides nothing. */
export function decisionInReply(event: string, stdout: string): string | undefined {
  if (stdout.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const out = parsed as { decision?: unknown; hookSpecificOutput?: { decision?: { behavior?: unknown } } };
  if (event === "Stop") return out.decision === "block" ? "block" : undefined;
  const behavior = out.hookSpecificOutput?.decision?.behavior;
  return typeof behavior === "string" ? behavior : undefined;
}

/**
 * Hooks whose effect on the session depends on the handler's answer reach the session after that answer: a
 * blocked `Stop` is not a turn end; an undecided `PermissionRequest` means a human decides.
 */
export const STOP_AND_PERMISSION_REPLIES: HookReplyProfile = {
  deliveredAfterAnswer: ["Stop", "PermissionRequest"],
  decision: decisionInReply,
};
