// The version-1 output records (docs: README "elwood command"; schema: cli/output.schema.json) and how turn events become them.

import type { TurnEvent } from "../src/index.js";
import type { AgentName } from "./config-keys.js";
import { sanitizeId, sanitizeText } from "./sanitize.js";

export const SCHEMA_VERSION = 1;

export type EventRecord =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | { readonly type: "tool"; readonly phase: "call"; readonly name: string; readonly content: string; readonly toolCallId?: string }
  | { readonly type: "tool"; readonly phase: "result"; readonly name: string; readonly content: string; readonly toolCallId?: string; readonly isError: boolean }
  | { readonly type: "status"; readonly status: string; readonly label?: string }
  | { readonly type: "warning"; readonly code: string; readonly message: string };

export interface Cleanup {
  /**
   * `stop`: the session was stopped and its state kept (resumable); `kill`: a Ctrl+C during that stop killed the
   * agent instead (state kept); `teardown`: state removed too; `none`: nothing started.
   */
  readonly action: "stop" | "kill" | "teardown" | "none";
  readonly status: "succeeded" | "failed" | "skipped";
}

export interface TerminalRecord {
  readonly type: "result" | "error";
  readonly agent: AgentName | null;
  readonly response: string;
  readonly sessionId: string | null;
  readonly durationMs: number;
  readonly cleanup: Cleanup;
  readonly error?: { readonly code: string; readonly message: string };
}

function toolContent(input: unknown): string {
  if (typeof input === "string") return input;
  // A shell tool's command is what a reader wants to see; anything else is its JSON.
  if (typeof input === "object" && input !== null && typeof (input as { command?: unknown }).command === "string") return (input as { command: string }).command;
  return JSON.stringify(input) ?? "";
}

/** One streamed turn event as a record; `result` is not one (the command writes its own terminal record). */
export function eventRecord(event: TurnEvent): EventRecord | undefined {
  switch (event.type) {
    case "text":
    case "thinking":
      return { type: event.type, text: sanitizeText(event.text) };
    case "tool_call": {
      const id = sanitizeId(event.id);
      return { type: "tool", phase: "call", name: sanitizeText(event.name), content: sanitizeText(toolContent(event.input)), ...(id === undefined ? {} : { toolCallId: id }) };
    }
    case "tool_result": {
      const id = sanitizeId(event.id);
      return { type: "tool", phase: "result", name: sanitizeText(event.name), content: sanitizeText(event.output), ...(id === undefined ? {} : { toolCallId: id }), isError: event.isError };
    }
    case "status":
      return { type: "status", status: event.status, ...(event.label === undefined ? {} : { label: sanitizeText(event.label) }) };
    case "warning":
      return { type: "warning", code: event.code, message: sanitizeText(event.message) };
    default:
      return undefined;
  }
}
