// Claude Code's transcript JSONL (the file at a hook's `transcript_path`): which committed records mean prompt, text, thinking, tool call/result, usage, turn end.

import type { TranscriptItem, TurnUsage } from "../../src/contracts/turn-events.js";

type Rec = Readonly<Record<string, unknown>>;

function isRec(value: unknown): value is Rec {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Claude writes this user record when Escape cancels a turn (verified 2.1.215, 2.1.332). */
const INTERRUPT_MARKER = /^\[Request interrupted by user/;

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** A tool result's `content` is a string or a list of blocks; only their text is kept. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter(isRec)
    .map((b) => (b["type"] === "text" && typeof b["text"] === "string" ? b["text"] : ""))
    .filter((t) => t !== "")
    .join("\n");
}

function userItems(record: Rec, message: Rec): TranscriptItem[] {
  // Meta records (command caveats, reminders) and compaction summaries are not the user's words.
  if (record["isMeta"] === true || record["isCompactSummary"] === true) return [];
  const content = message["content"];
  if (typeof content === "string") {
    if (INTERRUPT_MARKER.test(content)) return [{ kind: "interrupted" }];
    return [{ kind: "prompt", text: content }];
  }
  if (!Array.isArray(content)) return [];
  const blocks = content.filter(isRec);
  const results = blocks.filter((b) => b["type"] === "tool_result");
  if (results.length > 0) {
    return results.map((b) => ({
      kind: "tool_result" as const,
      id: String(b["tool_use_id"] ?? ""),
      output: resultText(b["content"]),
      isError: b["is_error"] === true,
    }));
  }
  const text = blocks
    .map((b) => (b["type"] === "text" && typeof b["text"] === "string" ? b["text"] : ""))
    .filter((t) => t !== "")
    .join("\n");
  if (INTERRUPT_MARKER.test(text)) return [{ kind: "interrupted" }];
  return text === "" ? [] : [{ kind: "prompt", text }];
}

function usageOf(message: Rec): TurnUsage | undefined {
  const u = message["usage"];
  if (!isRec(u)) return undefined;
  return {
    inputTokens: num(u["input_tokens"]),
    outputTokens: num(u["output_tokens"]),
    cacheReadTokens: num(u["cache_read_input_tokens"]),
    cacheCreationTokens: num(u["cache_creation_input_tokens"]),
    ...(typeof message["model"] === "string" ? { model: message["model"] } : {}),
  };
}

function assistantItems(record: Rec, message: Rec): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const blocks = Array.isArray(message["content"]) ? message["content"].filter(isRec) : [];
  // An API error is written as a synthetic assistant message: rejection evidence, not the agent's words.
  if (record["isApiErrorMessage"] === true) {
    const reason = blocks.map((b) => (typeof b["text"] === "string" ? b["text"] : "")).join("\n");
    return [{ kind: "failure", reason: reason === "" ? "the model request failed" : reason }];
  }
  for (const block of blocks) {
    if (block["type"] === "text" && typeof block["text"] === "string" && block["text"] !== "") items.push({ kind: "text", text: block["text"] });
    // A streamed thinking block is committed as its own `thinking` content block (verified 2.1.215, 2.1.332).
    else if (block["type"] === "thinking" && typeof block["thinking"] === "string" && block["thinking"] !== "") {
      items.push({ kind: "thinking", text: block["thinking"] });
    } else if (block["type"] === "tool_use") {
      items.push({ kind: "tool_call", id: String(block["id"] ?? ""), name: String(block["name"] ?? ""), input: block["input"] });
    }
  }
  const usage = usageOf(message);
  // One model call may be split over several records (one per content block) that repeat its usage.
  if (usage !== undefined) items.push({ kind: "usage", key: String(message["id"] ?? record["uuid"] ?? ""), usage });
  return items;
}

/**
 * Items of one committed Claude transcript record, each stamped with the record's `timestamp`: 2.1.215 can write a
 * session's first records out of order (the assistant's reply ahead of the prompt that asked for it, verified on a
 * first turn under load), so the file's order alone cannot say which turn a record belongs to.
 */
export function readClaudeTranscriptRecord(record: unknown): readonly TranscriptItem[] {
  const items = recordItems(record);
  const at = isRec(record) && typeof record["timestamp"] === "string" ? Date.parse(record["timestamp"]) : Number.NaN;
  return Number.isFinite(at) ? items.map((item) => ({ ...item, at })) : items;
}

/** Items of one record; subagent (sidechain) records belong to no turn of ours. */
function recordItems(record: unknown): readonly TranscriptItem[] {
  if (!isRec(record) || record["isSidechain"] === true) return [];
  const message = record["message"];
  if (record["type"] === "user" && isRec(message)) return userItems(record, message);
  if (record["type"] === "assistant" && isRec(message)) return assistantItems(record, message);
  // 2.1.215 closes each completed turn with a turn_duration system record. It is appended at once while the message
  // records follow on a ~100 ms timer, so it can come before them, or between a turn's prompt and its reply
  // (verified on 2.1.215, first turn of a session, CI under load).
  if (record["type"] === "system" && record["subtype"] === "turn_duration") return [{ kind: "turn_end" }];
  return [];
}

/** Items of one record of a subagent's own transcript (every record there is a sidechain record). */
export function readClaudeSubagentRecord(record: unknown): readonly TranscriptItem[] {
  if (!isRec(record)) return [];
  return readClaudeTranscriptRecord({ ...record, isSidechain: false });
}
