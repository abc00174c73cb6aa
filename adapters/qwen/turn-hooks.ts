// Qwen's turn hooks for send/stream: UserPromptSubmit accepts, Stop is the boundary, StopFailure rejects.

import type { TurnHookReader } from "../../src/contracts/turn-hooks.js";

const FIELD_LIMIT = 2000;

const clip = (value: string): string => (value.length > FIELD_LIMIT ? `${value.slice(0, FIELD_LIMIT)}…` : value);
const nonBlank = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

export const readQwenTurnHook: TurnHookReader = (name, payload) => {
  if (name === "UserPromptSubmit") {
    // 0.24.4 fires UserPromptSubmit again with `prompt: ""` when it sends a tool's result back to the model (measured):
    // that is the same turn going on, not a submission being accepted.
    const prompt = payload["prompt"];
    if (prompt === "") return undefined;
    return typeof prompt === "string" ? { kind: "accepted", prompt } : { kind: "accepted" };
  }
  if (name === "Stop") return { kind: "boundary", expected: typeof payload["last_assistant_message"] === "string" ? payload["last_assistant_message"] : "" };
  if (name === "StopFailure") {
    const reason = nonBlank(payload["error_details"]) ? clip(payload["error_details"]) : nonBlank(payload["error"]) ? `Qwen Code rejected the turn: ${clip(payload["error"])}` : "Qwen Code rejected the turn.";
    return { kind: "failure", reason };
  }
  return undefined;
};
