// Codex's rollout JSONL as live `codex:transcript` observations: what kind of item each new record is, with a label and its text.

import type { TranscriptSummary } from "../../src/contracts/public-types.js";

/** Codex's summary of one rollout item (its `codex:transcript` event). */
export type CodexTranscriptSummary = TranscriptSummary;

type Rec = Readonly<Record<string, unknown>>;

function isRec(value: unknown): value is Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Text of a content list (`output_text` / `input_text` / `summary_text` parts), or a plain string. */
function partsText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const text = content
    .filter(isRec)
    .map((p) => (typeof p["text"] === "string" ? p["text"] : ""))
    .filter((t) => t !== "")
    .join("\n");
  return text === "" ? undefined : text;
}

function withText(kind: CodexTranscriptSummary["kind"], label: string, text: string | undefined, raw: unknown): CodexTranscriptSummary {
  return text === undefined ? { kind, label, raw } : { kind, label, text, raw };
}

function responseSummary(payload: Rec, raw: unknown): CodexTranscriptSummary {
  const type = String(payload["type"] ?? "response_item");
  switch (type) {
    case "message":
      return withText("message", String(payload["role"] ?? "message"), partsText(payload["content"]), raw);
    case "reasoning":
      return withText("reasoning", "reasoning", partsText(payload["summary"]) ?? partsText(payload["content"]), raw);
    case "function_call":
    case "custom_tool_call":
    case "local_shell_call":
      return withText("tool_call", String(payload["name"] ?? type), undefined, raw);
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = payload["output"];
      return withText("tool_result", type, isRec(output) ? partsText(output["content"]) : partsText(output), raw);
    }
    // Codex hooks do not cover web search (no PreToolUse/PostToolUse): the transcript is the only place it shows.
    case "web_search_call": {
      const action = payload["action"];
      return withText("web_search", "web_search", isRec(action) && typeof action["query"] === "string" ? action["query"] : undefined, raw);
    }
    default:
      return withText("other", type, undefined, raw);
  }
}

/** The observation one committed rollout record stands for (every record is one; unknown shapes are `other`). */
export function summarizeCodexRecord(record: unknown): CodexTranscriptSummary {
  if (!isRec(record)) return { kind: "other", label: "unknown", raw: record };
  const payload = record["payload"];
  if (record["type"] === "response_item" && isRec(payload)) return responseSummary(payload, record);
  if (record["type"] === "event_msg" && isRec(payload)) {
    // Status phases (task started, reasoning deltas, token counts) are named by their own type.
    const message = typeof payload["message"] === "string" ? payload["message"] : typeof payload["text"] === "string" ? payload["text"] : undefined;
    return withText("other", String(payload["type"] ?? "event_msg"), message, record);
  }
  return withText("other", String(record["type"] ?? "unknown"), undefined, record);
}
