// Claude's turn hooks for send/stream: UserPromptSubmit accepts, Stop is the boundary (its last message the oracle), StopFailure rejects.

import type { TurnHookReader } from "../../src/contracts/turn-hooks.js";

const FIELD_LIMIT = 2000;

function clip(value: string): string {
  return value.length > FIELD_LIMIT ? `${value.slice(0, FIELD_LIMIT)}…` : value;
}

function nonBlank(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** The rejection reason: `error_details`, else the `error` code, else a fixed sentence; assistant text never. */
export function claudeRejectionReason(payload: Readonly<Record<string, unknown>>): string {
  if (nonBlank(payload["error_details"])) return clip(payload["error_details"]);
  if (nonBlank(payload["error"])) return `Claude rejected the turn: ${clip(payload["error"])}`;
  return "Claude rejected the turn.";
}

export const readClaudeTurnHook: TurnHookReader = (name, payload) => {
  if (name === "UserPromptSubmit") return typeof payload["prompt"] === "string" ? { kind: "accepted", prompt: payload["prompt"] } : { kind: "accepted" };
  if (name === "Stop") return { kind: "boundary", expected: typeof payload["last_assistant_message"] === "string" ? payload["last_assistant_message"] : "" };
  if (name === "StopFailure") return { kind: "failure", reason: claudeRejectionReason(payload) };
  return undefined;
};
