// Anthropic Messages API side of the fake model server: classify Claude Code requests and stream replies as SSE.
import type { ServerResponse } from "node:http";
import type { SseStream } from "./sse.js";
import { deltaPlan, SLOW_TEXT, type ScriptedReply } from "./script.js";
import type { Classification } from "./types.js";

/** Reply to a compaction request: the CLI keeps only what is inside <summary>. */
export const CLAUDE_COMPACTION_TEXT =
  "<analysis>The fake conversation was short.</analysis>\n<summary>Fake compaction summary of the conversation so far.</summary>";

const COMPACTION_PREFIX = "CRITICAL: Respond with TEXT ONLY";

interface Block {
  type?: unknown;
  text?: unknown;
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
}

function blocksOf(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content.map((b) => asRecord(b) as Block) : [];
}

function textsOf(blocks: Block[]): string[] {
  return blocks.filter((x) => x.type === "text" && typeof x.text === "string").map((x) => String(x.text));
}

function systemText(system: unknown): string {
  if (typeof system === "string") return system;
  return blocksOf(system)
    .map((b) => (typeof b.text === "string" ? b.text : ""))
    .join("\n");
}

/** Decides what a Messages request is for, from the shapes research measured (tools, last block, system text). */
export function classifyAnthropic(body: unknown): Classification {
  const b = asRecord(body);
  const messages = Array.isArray(b["messages"]) ? b["messages"].map(asRecord) : [];
  // 2.1.332 appends a role:"system" message (environment) after the prompt, so look at user messages only.
  const users = messages.filter((m) => m["role"] === "user");
  const last = users[users.length - 1];
  const blocks = last ? blocksOf(last["content"]) : [];
  const texts = textsOf(blocks);
  const lastBlock = blocks[blocks.length - 1];
  // The prompt: the newest plain text block of any user message (tool-result follow-ups carry no text of their own).
  let userText = "";
  for (let i = users.length - 1; i >= 0 && userText === ""; i--) {
    const all = textsOf(blocksOf(users[i]?.["content"]));
    // CLAUDE.md and reminders arrive as extra text blocks next to the prompt.
    const prompts = all.filter((t) => !t.trimStart().startsWith("<system-reminder>"));
    userText = prompts[prompts.length - 1] ?? "";
  }
  const hasTools = Array.isArray(b["tools"]) && b["tools"].length > 0;

  if ((texts[texts.length - 1] ?? "").trimStart().startsWith(COMPACTION_PREFIX)) return { kind: "compaction", userText };
  if (!hasTools) {
    const kind = /title/i.test(systemText(b["system"])) ? "title" : "side";
    return { kind, userText };
  }
  if (lastBlock?.type === "tool_result") return { kind: "tool_result", userText };
  return { kind: "main", userText };
}

function errorType(status: number): string {
  if (status === 400) return "invalid_request_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  return "api_error";
}

/** Streams (or, for stream:false, returns) one scripted reply in Messages API form. Resolves when done or aborted. */
export async function sendAnthropicReply(
  res: ServerResponse,
  stream: SseStream,
  reply: ScriptedReply,
  body: unknown,
  seq: number,
): Promise<void> {
  if (reply.kind === "error") {
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "error", error: { type: errorType(reply.status), message: `Scripted error ${reply.status}` } }));
    return;
  }
  const model = typeof asRecord(body)["model"] === "string" ? String(asRecord(body)["model"]) : "claude-fake";
  const id = `msg_fake${seq}`;
  const toolId = `toolu_fake${seq}`;
  if (asRecord(body)["stream"] !== true) {
    await sendNonStreaming(res, stream, reply, model, id, toolId);
    return;
  }

  stream.begin();
  stream.event("message_start", {
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
    },
  });
  stream.event("ping", { type: "ping" });

  if (reply.kind === "tool" || reply.kind === "bash") {
    const name = reply.kind === "tool" ? reply.name : "Bash";
    const input =
      reply.kind === "tool" ? reply.input : { command: reply.command, description: reply.description ?? "Running scripted command" };
    let index = 0;
    if (reply.text !== undefined) {
      stream.event("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
      stream.event("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: reply.text } });
      stream.event("content_block_stop", { type: "content_block_stop", index });
      index += 1;
    }
    stream.event("content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: toolId, name, input: {} } });
    stream.event("content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(input) } });
    stream.event("content_block_stop", { type: "content_block_stop", index });
    finish(stream, "tool_use");
    return;
  }

  let textIndex = 0;
  if (reply.kind === "text" && reply.thinking !== undefined) {
    stream.event("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } });
    stream.event("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: reply.thinking } });
    stream.event("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "fake-signature" } });
    stream.event("content_block_stop", { type: "content_block_stop", index: 0 });
    textIndex = 1;
  }
  stream.event("content_block_start", { type: "content_block_start", index: textIndex, content_block: { type: "text", text: "" } });
  const delta = (text: string): void =>
    stream.event("content_block_delta", { type: "content_block_delta", index: textIndex, delta: { type: "text_delta", text } });

  if (reply.kind === "hang") {
    delta("Thinking about it");
    await stream.untilClosed();
    return;
  }
  const { pieces, pause } = deltaPlan(reply);
  for (const piece of pieces) {
    if (!stream.open) return;
    delta(piece);
    await stream.sleep(pause);
  }
  if (!stream.open) return;
  stream.event("content_block_stop", { type: "content_block_stop", index: textIndex });
  finish(stream, "end_turn");
}

function finish(stream: SseStream, stopReason: "end_turn" | "tool_use"): void {
  stream.event("message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } });
  stream.event("message_stop", { type: "message_stop" });
  stream.end();
}

async function sendNonStreaming(
  res: ServerResponse,
  stream: SseStream,
  reply: Exclude<ScriptedReply, { kind: "error" }>,
  model: string,
  id: string,
  toolId: string,
): Promise<void> {
  if (reply.kind === "hang") {
    await stream.untilClosed();
    return;
  }
  let content: unknown[];
  let stopReason = "end_turn";
  if (reply.kind === "tool" || reply.kind === "bash") {
    const name = reply.kind === "tool" ? reply.name : "Bash";
    const input = reply.kind === "tool" ? reply.input : { command: reply.command, description: reply.description ?? "Running scripted command" };
    content = [{ type: "tool_use", id: toolId, name, input }];
    stopReason = "tool_use";
  } else {
    if (reply.kind === "slow") await stream.sleep(reply.totalMs);
    if (!stream.open) return;
    content = [{ type: "text", text: reply.kind === "slow" ? (reply.text ?? SLOW_TEXT) : reply.text }];
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 20 },
    }),
  );
}
