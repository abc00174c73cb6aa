// Codex's rollout JSONL (the file at a hook's `transcript_path`): which committed items mean prompt, text, reasoning, tool call/result, usage, turn end.

import type { TranscriptItem } from "../../src/contracts/turn-events.js";
import { codexToolInput } from "./exec-command.js";
import { codexToolOutput } from "./exec-output.js";

type Rec = Readonly<Record<string, unknown>>;

function isRec(value: unknown): value is Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Text of a content list (`output_text` / `input_text` / `summary_text` parts), or a plain string. */
function partsText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter(isRec)
    .map((p) => (typeof p["text"] === "string" ? p["text"] : ""))
    .filter((t) => t !== "")
    .join("\n");
}

/** Function-call arguments are a JSON string; a custom tool's input stays the raw string. */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function responseItem(payload: Rec): TranscriptItem[] {
  const meta = payload["internal_chat_message_metadata_passthrough"];
  const turn = isRec(meta) && typeof meta["turn_id"] === "string" ? { agentTurnId: meta["turn_id"] } : {};
  switch (payload["type"]) {
    case "message": {
      // The user's words come from the `user_message` event (the user response items include injected context).
      if (payload["role"] !== "assistant") return [];
      const text = partsText(payload["content"]);
      return text === "" ? [] : [{ kind: "text", text, ...turn }];
    }
    case "reasoning": {
      // A reasoning item's summary is committed as a `reasoning` response item (verified 0.144.6, 0.171.0).
      const text = partsText(payload["summary"]) || partsText(payload["content"]);
      return text === "" ? [] : [{ kind: "thinking", text, ...turn }];
    }
    case "function_call": {
      const name = String(payload["name"] ?? "");
      return [{ kind: "tool_call", id: String(payload["call_id"] ?? ""), name, ...codexToolInput(name, parseArguments(payload["arguments"])), ...turn }];
    }
    case "custom_tool_call": {
      const name = String(payload["name"] ?? "");
      return [{ kind: "tool_call", id: String(payload["call_id"] ?? ""), name, ...codexToolInput(name, payload["input"]), ...turn }];
    }
    case "web_search_call":
      return [{ kind: "tool_call", id: String(payload["id"] ?? payload["call_id"] ?? ""), name: "web_search", input: payload["action"], ...turn }];
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = payload["output"];
      const text = isRec(output) ? partsText(output["content"]) || JSON.stringify(output) : partsText(output);
      const printed = codexToolOutput(text, isRec(output) && output["success"] === false);
      return [{ kind: "tool_result", id: String(payload["call_id"] ?? ""), output: printed.output, isError: printed.failed, ...turn }];
    }
    default:
      return [];
  }
}

function eventMsg(payload: Rec, timestamp: unknown): TranscriptItem[] {
  const turn = typeof payload["turn_id"] === "string" ? { agentTurnId: payload["turn_id"] } : {};
  switch (payload["type"]) {
    case "user_message":
      // 0.144: the prompt as typed.
      return typeof payload["message"] === "string" ? [{ kind: "prompt", text: payload["message"], ...turn }] : [];
    case "item_completed": {
      // 0.171 writes no user_message event: the committed UserMessage item is the prompt.
      const item = payload["item"];
      if (!isRec(item) || item["type"] !== "UserMessage") return [];
      return [{ kind: "prompt", text: partsText(item["content"]), ...turn }];
    }
    case "token_count": {
      const info = payload["info"];
      const last = isRec(info) ? info["last_token_usage"] : undefined;
      if (!isRec(last)) return [];
      const usage = {
        inputTokens: num(last["input_tokens"]),
        outputTokens: num(last["output_tokens"]),
        cacheReadTokens: num(last["cached_input_tokens"]),
        cacheCreationTokens: 0,
      };
      // Codex repeats the last call's count after the final message; the cumulative total tells calls apart.
      const total = isRec(info) && isRec(info["total_token_usage"]) ? num(info["total_token_usage"]["total_tokens"]) : String(timestamp);
      return [{ kind: "usage", key: String(total), usage }];
    }
    case "task_complete": {
      // A rejected turn records its error here and fires no hook: the only failure evidence Codex gives.
      const error = payload["error"];
      if (error !== undefined && error !== null) {
        const reason = typeof error === "string" ? error : isRec(error) && typeof error["message"] === "string" ? error["message"] : JSON.stringify(error);
        return [{ kind: "failure", reason, ...turn }];
      }
      return [{ kind: "turn_end", ...turn }];
    }
    case "turn_aborted":
      return [{ kind: "interrupted", ...turn }];
    default:
      return [];
  }
}

/** Items of one committed Codex rollout record. */
export function readCodexTranscriptRecord(record: unknown): readonly TranscriptItem[] {
  if (!isRec(record) || !isRec(record["payload"])) return [];
  if (record["type"] === "response_item") return responseItem(record["payload"]);
  if (record["type"] === "event_msg") return eventMsg(record["payload"], record["timestamp"]);
  return [];
}
