// Codex's turn hooks for send/stream: UserPromptSubmit accepts (with Codex's turn id), Stop is the boundary; rejection comes only from the rollout.

import type { TurnHookReader } from "../../src/contracts/turn-hooks.js";

export const readCodexTurnHook: TurnHookReader = (name, payload) => {
  const turn = typeof payload["turn_id"] === "string" ? { agentTurnId: payload["turn_id"] } : {};
  if (name === "UserPromptSubmit") {
    return { kind: "accepted", ...(typeof payload["prompt"] === "string" ? { prompt: payload["prompt"] } : {}), ...turn };
  }
  if (name === "Stop") {
    return { kind: "boundary", expected: typeof payload["last_assistant_message"] === "string" ? payload["last_assistant_message"] : "", ...turn };
  }
  return undefined;
};
