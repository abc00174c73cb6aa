// Qwen Code's transcript JSONL (the file at a hook's `transcript_path`): which committed records mean prompt, text, thinking, tool call/result, usage.

import type { TranscriptItem } from "../../src/contracts/turn-events.js";
import { QWEN_SHELL_TOOLS, qwenShellOutput } from "./tool-output.js";

type Rec = Readonly<Record<string, unknown>>;

const isRec = (value: unknown): value is Rec => typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** A record's message parts (Gemini `Content`: `{ role, parts: [...] }`), objects only. */
function partsOf(record: Rec): readonly Rec[] {
  const message = record["message"];
  if (!isRec(message) || !Array.isArray(message["parts"])) return [];
  return message["parts"].filter(isRec);
}

/** Plain text parts (not thoughts), joined. */
function textOf(parts: readonly Rec[]): string {
  return parts
    .filter((p) => typeof p["text"] === "string" && p["thought"] !== true)
    .map((p) => p["text"] as string)
    .filter((t) => t !== "")
    .join("");
}

/** A shell call reads `{ command }` (Claude's Bash shape), with what Qwen recorded kept as `raw`; others unchanged. */
function toolInput(name: string, args: unknown): { readonly input: unknown; readonly raw?: unknown } {
  if (QWEN_SHELL_TOOLS.has(name) && isRec(args) && typeof args["command"] === "string") return { input: { command: args["command"] }, raw: args };
  return { input: args };
}

function assistantItems(record: Rec): TranscriptItem[] {
  const parts = partsOf(record);
  const items: TranscriptItem[] = [];
  // Thought parts come first in a streamed reply; each part kind keeps its own order within the record.
  const thinking = parts
    .filter((p) => p["thought"] === true && typeof p["text"] === "string" && p["text"] !== "")
    .map((p) => p["text"] as string)
    .join("");
  if (thinking !== "") items.push({ kind: "thinking", text: thinking });
  const text = textOf(parts);
  if (text !== "") items.push({ kind: "text", text });
  for (const part of parts) {
    const call = part["functionCall"];
    if (!isRec(call)) continue;
    const name = String(call["name"] ?? "");
    items.push({ kind: "tool_call", id: String(call["id"] ?? ""), name, ...toolInput(name, call["args"]) });
  }
  const usage = record["usageMetadata"];
  if (isRec(usage)) {
    items.push({
      kind: "usage",
      key: String(record["uuid"] ?? ""),
      usage: {
        inputTokens: num(usage["promptTokenCount"]),
        outputTokens: num(usage["candidatesTokenCount"]) + num(usage["thoughtsTokenCount"]),
        cacheReadTokens: num(usage["cachedContentTokenCount"]),
        cacheCreationTokens: 0,
        ...(typeof record["model"] === "string" ? { model: record["model"] } : {}),
      },
    });
  }
  return items;
}

/** A function response's text: `response.output` (a string, else JSON), or the `error` it carries. */
function responseText(response: unknown): { readonly text: string; readonly error: boolean } {
  if (!isRec(response)) return { text: typeof response === "string" ? response : JSON.stringify(response ?? ""), error: false };
  if (typeof response["output"] === "string") return { text: response["output"], error: false };
  if (typeof response["error"] === "string") return { text: response["error"], error: true };
  return { text: JSON.stringify(response), error: false };
}

function toolResultItems(record: Rec): TranscriptItem[] {
  const result = record["toolCallResult"];
  const recordedError = isRec(result) && result["error"] !== undefined && result["error"] !== null;
  const items: TranscriptItem[] = [];
  for (const part of partsOf(record)) {
    const response = part["functionResponse"];
    if (!isRec(response)) continue;
    const name = String(response["name"] ?? "");
    const { text, error } = responseText(response["response"]);
    const printed = QWEN_SHELL_TOOLS.has(name) ? qwenShellOutput(text, recordedError || error) : { output: text, failed: recordedError || error };
    items.push({ kind: "tool_result", id: String(response["id"] ?? ""), output: printed.output, isError: printed.failed });
  }
  return items;
}

/** Items of one record, before its timestamp is attached. */
function recordItems(record: unknown): readonly TranscriptItem[] {
  if (!isRec(record)) return [];
  switch (record["type"]) {
    case "user": {
      // The prompt as the user wrote it; tool results travel in their own `tool_result` records.
      const text = textOf(partsOf(record));
      return text === "" ? [] : [{ kind: "prompt", text }];
    }
    case "assistant":
      return assistantItems(record);
    case "tool_result":
      return toolResultItems(record);
    default:
      // `system` records (attribution / file-history snapshots, UI telemetry) say nothing about the conversation.
      return [];
  }
}

/** Items of one committed Qwen transcript record, each stamped with the record's `timestamp`. */
export function readQwenTranscriptRecord(record: unknown): readonly TranscriptItem[] {
  const items = recordItems(record);
  const at = isRec(record) && typeof record["timestamp"] === "string" ? Date.parse(record["timestamp"]) : Number.NaN;
  return Number.isFinite(at) ? items.map((item) => ({ ...item, at })) : items;
}
