// OpenAI Chat Completions side of the fake model server: classify Qwen Code requests and stream replies as `data:` chunks.
import type { ServerResponse } from "node:http";
import type { SseStream } from "./sse.js";
import { deltaPlan, type ScriptedReply } from "./script.js";
import type { Classification } from "./types.js";

/** Reply to a compression request: Qwen keeps what is inside <state_snapshot> (the <analysis> block is stripped). */
export const QWEN_COMPRESSION_TEXT =
  "<analysis>The fake conversation was short.</analysis>\n<state_snapshot>Fake compression summary of the conversation so far.</state_snapshot>";

/** The tool Qwen forces (tool_choice "required") on its JSON side queries; the JSON comes back as its arguments. */
export const QWEN_SCHEMA_TOOL = "respond_in_schema";

/**
 * Side requests Qwen Code 0.24.4 makes besides the conversation, by a marker of their system prompt or of the request's
 * own last user message (from the 0.24.4 bundle's prompts). None may take a scripted reply: the script belongs to the
 * turns a test drives. Several are forked from the main request and carry its 20 tools, so tools alone cannot tell.
 */
const SIDE_MARKERS: ReadonlyArray<{ marker: RegExp; kind: "side" | "title" | "compaction"; text?: string }> = [
  // History compression (/compress, or automatic near the context limit): system prompt + "…produce the <state_snapshot> XML."
  { marker: /<state_snapshot>/, kind: "compaction" },
  // Session title (only when a fast model is configured): the same system prompt as Claude Code's title request.
  { marker: /^Generate a concise, sentence-case title/m, kind: "title" },
  // Next-speaker check (model.skipNextSpeakerCheck false): "user" ends the turn.
  { marker: /who should logically speak next/, kind: "side", text: JSON.stringify({ reasoning: "The fake model finished its turn.", next_speaker: "user" }) },
  // Follow-up suggestion (ui.enableFollowupSuggestions): an empty answer shows no ghost text in the composer.
  { marker: /\[SUGGESTION MODE:/, kind: "side", text: "" },
  // Managed auto-memory extraction (memory.enableManagedAutoMemory), forked with its own six tools.
  { marker: /Managed memory has TWO directories/, kind: "side", text: "" },
  // Tool-use summary label and session recap (general.showSessionRecap).
  { marker: /^Write a short summary label describing what these tool calls/m, kind: "side", text: "Ran command" },
  { marker: /^You generate session recaps/m, kind: "side", text: "" },
];

type Json = Record<string, unknown>;

function asRecord(v: unknown): Json {
  return typeof v === "object" && v !== null ? (v as Json) : {};
}

/** A message's text: content is a string or an array of `{type:"text", text}` parts. */
function textOf(message: Json | undefined): string {
  const c = message?.["content"];
  if (typeof c === "string") return c;
  if (!Array.isArray(c)) return "";
  return c
    .map((p) => (typeof p === "string" ? p : asRecord(p)["text"]))
    .filter((t): t is string => typeof t === "string")
    .join("\n");
}

const REMINDERS = /^(\s*<system-reminder>[\s\S]*?<\/system-reminder>)+\s*/;

/**
 * The prompt a user message carries. A session's first turn sends Qwen's skills, environment, deferred-tools and date
 * `<system-reminder>` blocks as text parts before the prompt, so the prompt is the last part that is not a reminder.
 */
function promptOf(message: Json | undefined): string {
  const c = message?.["content"];
  const parts = typeof c === "string" ? [c] : Array.isArray(c) ? c.map((p) => (typeof p === "string" ? p : asRecord(p)["text"])) : [];
  const texts = parts.filter((t): t is string => typeof t === "string").map((t) => t.replace(REMINDERS, ""));
  return texts.filter((t) => t.trim() !== "").pop() ?? "";
}

function messagesOf(body: unknown): Json[] {
  const m = asRecord(body)["messages"];
  return Array.isArray(m) ? m.map(asRecord) : [];
}

/** Decides what a Chat Completions request is for: a side request by its prompt or tools, a tool follow-up, or a turn. */
export function classifyChatCompletions(body: unknown): Classification {
  const messages = messagesOf(body);
  const users = messages.filter((m) => m["role"] === "user");
  // Tool follow-ups add role "tool" messages only, so the newest user message still holds the turn's prompt.
  const userText = promptOf(users[users.length - 1]);
  const last = messages[messages.length - 1];
  const system = messages.filter((m) => m["role"] === "system").map(textOf).join("\n");
  // The marker sits in the system prompt or in the request's own (last) user message, never in older history:
  // a conversation that merely quotes a marker earlier must still count as a turn.
  const own = `${system}\n${last?.["role"] === "user" ? textOf(last) : ""}`;
  for (const side of SIDE_MARKERS) {
    if (side.marker.test(own)) return { kind: side.kind, userText, ...(side.text === undefined ? {} : { autoText: side.text }) };
  }
  // Every conversation turn offers the agent's tools; a request with none, or only the JSON schema tool, is a side query.
  const tools = toolsOf(body);
  if (tools.length === 0 || tools.every((t) => t.name === QWEN_SCHEMA_TOOL)) {
    return { kind: "side", userText, autoText: tools.length === 0 ? "OK" : "{}" };
  }
  if (last?.["role"] === "tool") return { kind: "tool_result", userText };
  return { kind: "main", userText };
}

interface ToolDef {
  readonly name: string;
  readonly properties: Json;
  readonly required: readonly string[];
}

function toolsOf(body: unknown): ToolDef[] {
  const tools = asRecord(body)["tools"];
  if (!Array.isArray(tools)) return [];
  return tools.map((t) => {
    const fn = asRecord(asRecord(t)["function"]);
    const params = asRecord(fn["parameters"]);
    const required = Array.isArray(params["required"]) ? params["required"].filter((r): r is string => typeof r === "string") : [];
    return { name: String(fn["name"] ?? ""), properties: asRecord(params["properties"]), required };
  });
}

/** Qwen's shell tool is `run_shell_command {command, description, is_background?}`; another client's shell-like tool is taken as is. */
function shellCall(body: unknown, command: string, description: string): { name: string; args: Json } {
  const tools = toolsOf(body);
  const tool = tools.find((t) => t.name === "run_shell_command") ?? tools.find((t) => /shell|bash|exec/i.test(t.name));
  const name = tool?.name ?? "run_shell_command";
  const args: Json = { command };
  if (tool === undefined || "description" in tool.properties) args["description"] = description;
  // A required flag left out makes the CLI reject the call before any dialog; false keeps it a foreground command.
  if (tool?.required.includes("is_background") === true) args["is_background"] = false;
  return { name, args };
}

/**
 * A JSON text answer to a request that offers only the schema tool is sent as that tool's call, as a real model forced by
 * tool_choice "required" answers (Qwen reads the call's arguments, and only falls back to parsing loose text).
 */
function asSchemaCall(body: unknown, reply: ScriptedReply): Extract<ScriptedReply, { kind: "tool" }> | undefined {
  if (reply.kind !== "text") return undefined;
  const tools = toolsOf(body);
  if (tools.length === 0 || !tools.every((t) => t.name === QWEN_SCHEMA_TOOL)) return undefined;
  try {
    const input = JSON.parse(reply.text) as unknown;
    return typeof input === "object" && input !== null ? { kind: "tool", name: QWEN_SCHEMA_TOOL, input } : undefined;
  } catch {
    return undefined;
  }
}

/** The function call a tool or bash reply makes, with its arguments as the JSON string the wire carries. */
function callOf(body: unknown, reply: Extract<ScriptedReply, { kind: "tool" | "bash" }>): { name: string; args: string } {
  const call = reply.kind === "tool" ? { name: reply.name, args: reply.input } : shellCall(body, reply.command, reply.description ?? "Running scripted command");
  return { name: call.name, args: typeof call.args === "string" ? call.args : JSON.stringify(call.args) };
}

const USAGE = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

function modelOf(body: unknown): string {
  const m = asRecord(body)["model"];
  return typeof m === "string" ? m : "fake-model";
}

/** Streams one scripted reply as Chat Completions chunks (or one JSON completion for stream:false). Resolves when done or aborted. */
export async function sendChatCompletionsReply(
  res: ServerResponse,
  stream: SseStream,
  scripted: ScriptedReply,
  body: unknown,
  seq: number,
): Promise<void> {
  const reply = asSchemaCall(body, scripted) ?? scripted;
  if (reply.kind === "error") {
    res.writeHead(reply.status, { "content-type": "application/json" });
    const type = reply.status >= 500 ? "server_error" : reply.status === 429 ? "rate_limit_exceeded" : "invalid_request_error";
    res.end(JSON.stringify({ error: { message: `Scripted error ${reply.status}`, type, code: String(reply.status) } }));
    return;
  }
  const id = `chatcmpl-fake${seq}`;
  const model = modelOf(body);
  const created = Math.floor(Date.now() / 1000);
  if (asRecord(body)["stream"] !== true) {
    await sendWhole(res, stream, reply, body, { id, model, created, seq });
    return;
  }
  const includeUsage = asRecord(asRecord(body)["stream_options"])["include_usage"] === true;
  const chunk = (delta: Json, finish: string | null = null, extra: Json = {}): void =>
    stream.data({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  const finish = (reason: "stop" | "tool_calls"): void => {
    // With include_usage the usage rides a last chunk of its own with no choices (as OpenAI sends it); else on the finish chunk.
    chunk({}, reason, includeUsage ? {} : { usage: USAGE });
    if (includeUsage) stream.data({ id, object: "chat.completion.chunk", created, model, choices: [], usage: USAGE });
    stream.data("[DONE]");
    stream.end();
  };

  stream.begin();
  chunk({ role: "assistant", content: "" });

  if (reply.kind === "tool" || reply.kind === "bash") {
    if (reply.text !== undefined) chunk({ content: reply.text });
    const call = callOf(body, reply);
    // The name and id first with empty arguments, then the arguments: the split real providers stream.
    chunk({ tool_calls: [{ index: 0, id: `call_fake${seq}`, type: "function", function: { name: call.name, arguments: "" } }] });
    chunk({ tool_calls: [{ index: 0, function: { arguments: call.args } }] });
    finish("tool_calls");
    return;
  }

  if (reply.kind === "text" && reply.thinking !== undefined) chunk({ reasoning_content: reply.thinking });
  if (reply.kind === "hang") {
    chunk({ content: "Thinking about it" });
    await stream.untilClosed();
    return;
  }
  const { pieces, pause } = deltaPlan(reply);
  for (const piece of pieces) {
    if (!stream.open) return;
    chunk({ content: piece });
    await stream.sleep(pause);
  }
  if (!stream.open) return;
  finish("stop");
}

async function sendWhole(
  res: ServerResponse,
  stream: SseStream,
  reply: Exclude<ScriptedReply, { kind: "error" }>,
  body: unknown,
  o: { id: string; model: string; created: number; seq: number },
): Promise<void> {
  if (reply.kind === "hang") {
    await stream.untilClosed();
    return;
  }
  let message: Json;
  let finish = "stop";
  if (reply.kind === "tool" || reply.kind === "bash") {
    const call = callOf(body, reply);
    message = {
      role: "assistant",
      content: reply.text ?? null,
      tool_calls: [{ id: `call_fake${o.seq}`, type: "function", function: { name: call.name, arguments: call.args } }],
    };
    finish = "tool_calls";
  } else {
    const { pieces, pause } = deltaPlan(reply);
    if (reply.kind === "slow") await stream.sleep(pause * pieces.length);
    if (!stream.open) return;
    message = { role: "assistant", content: pieces.join("") };
    if (reply.kind === "text" && reply.thinking !== undefined) message["reasoning_content"] = reply.thinking;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({ id: o.id, object: "chat.completion", created: o.created, model: o.model, choices: [{ index: 0, message, finish_reason: finish }], usage: USAGE }),
  );
}
