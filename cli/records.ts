// How turn events become the version-1 output records (their types: cli/output-documents.ts; docs: README "elwood command").

import type { TurnEvent } from "../src/index.js";
import type { EventRecord } from "./output-documents.js";
import { sanitizeId, sanitizeText } from "./sanitize.js";

export { type Cleanup, type EventRecord, SCHEMA_VERSION, type TerminalRecord } from "./output-documents.js";

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
