// OpenAI Responses API side of the fake model server: classify Codex requests and stream replies as SSE.
import type { ServerResponse } from "node:http";
import type { SseStream } from "./sse.js";
import { deltaPlan, type ScriptedReply } from "./script.js";
import type { Classification } from "./types.js";

/** Reply to a local compaction request: Codex keeps the text as the handoff summary. */
export const CODEX_COMPACTION_TEXT = "Fake compaction summary of the conversation so far.";

const COMPACTION_MARKER = "CONTEXT CHECKPOINT COMPACTION";

type Json = Record<string, unknown>;

function asRecord(v: unknown): Json {
  return typeof v === "object" && v !== null ? (v as Json) : {};
}

function textOf(item: Json): string {
  const c = item["content"];
  if (typeof c === "string") return c;
  if (!Array.isArray(c)) return "";
  return c
    .map((p) => asRecord(p)["text"])
    .filter((t): t is string => typeof t === "string")
    .join("");
}

function inputItems(body: unknown): Json[] {
  const input = asRecord(body)["input"];
  return Array.isArray(input) ? input.map(asRecord) : [];
}

/** Decides what a Responses request is for: title side request, tool follow-up, compaction or a turn. */
export function classifyResponses(body: unknown): Classification {
  const b = asRecord(body);
  const items = inputItems(body);
  const users = items.filter((i) => i["role"] === "user" && (i["type"] === undefined || i["type"] === "message"));
  const lastUser = users[users.length - 1];
  const userText = lastUser ? textOf(lastUser) : "";
  const last = items[items.length - 1] ?? {};
  const schema = asRecord(asRecord(asRecord(b["text"])["format"])["schema"]);
  if ("title" in asRecord(schema["properties"])) return { kind: "title", userText };
  if (last["type"] === "function_call_output" || last["type"] === "custom_tool_call_output") return { kind: "tool_result", userText };
  if (userText.includes(COMPACTION_MARKER)) return { kind: "compaction", userText };
  return { kind: "main", userText };
}

/** Every tool definition in the request, flattening namespaces and code-mode `additional_tools` items. */
function allTools(body: unknown): Json[] {
  const top = asRecord(body)["tools"];
  const roots: Json[] = Array.isArray(top) ? top.map(asRecord) : [];
  for (const item of inputItems(body)) {
    const extra = item["tools"];
    if (item["type"] === "additional_tools" && Array.isArray(extra)) roots.push(...extra.map(asRecord));
  }
  const flat = (ts: Json[]): Json[] =>
    ts.flatMap((t) => [t, ...flat(Array.isArray(t["tools"]) ? t["tools"].map(asRecord) : [])]);
  return flat(roots);
}

/** Catalog models (the harness default) run in code mode: tools are reached through a custom `exec` tool with JS input. */
export function usesCodeMode(body: unknown): boolean {
  return allTools(body).some((t) => t["type"] === "custom" && t["name"] === "exec");
}

function shellToolName(body: unknown): string {
  const names = allTools(body).map((t) => String(t["name"] ?? t["type"] ?? ""));
  for (const n of ["exec_command", "shell_command", "shell", "local_shell"]) if (names.includes(n)) return n;
  return "exec_command";
}

/** Arguments for a shell call. Escalation makes Codex show its approval dialog under approval_policy=on-request. */
function shellArgs(tool: string, command: string, justification: string): Json {
  const extra = { sandbox_permissions: "require_escalated", justification };
  if (tool === "exec_command") return { cmd: command, ...extra };
  if (tool === "shell_command") return { command, ...extra };
  return { command: ["bash", "-lc", command], ...extra };
}

function toolItem(reply: Extract<ScriptedReply, { kind: "tool" | "bash" }>, body: unknown, seq: number): Json {
  const callId = `call_fake${seq}`;
  const codeMode = usesCodeMode(body);
  const custom = (input: string): Json => ({ type: "custom_tool_call", id: `ctc_fake${seq}`, call_id: callId, name: "exec", input, status: "completed" });
  const fn = (name: string, args: unknown): Json => ({
    type: "function_call",
    id: `fc_fake${seq}`,
    call_id: callId,
    name,
    arguments: typeof args === "string" ? args : JSON.stringify(args),
    status: "completed",
  });
  if (reply.kind === "bash") {
    const justification = reply.description ?? "Running scripted command";
    if (codeMode) return custom(`const r = await tools.exec_command(${JSON.stringify(shellArgs("exec_command", reply.command, justification))});\ntext(r);`);
    const tool = shellToolName(body);
    return fn(tool, shellArgs(tool, reply.command, justification));
  }
  if (reply.name === "exec" && typeof reply.input === "string") return custom(reply.input);
  if (codeMode) return custom(`const r = await tools.${reply.name}(${JSON.stringify(reply.input)});\ntext(r);`);
  return fn(reply.name, reply.input);
}

const USAGE = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 20,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 120,
};

/** Streams one scripted reply as Responses API SSE events. Resolves when done or aborted. */
export async function sendResponsesReply(
  res: ServerResponse,
  stream: SseStream,
  reply: ScriptedReply,
  body: unknown,
  seq: number,
): Promise<void> {
  if (reply.kind === "error") {
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: `Scripted error ${reply.status}`, type: reply.status >= 500 ? "server_error" : "invalid_request_error" } }));
    return;
  }
  const id = `resp_fake${seq}`;
  const ev = (type: string, payload: Json): void => stream.event(type, { type, ...payload });
  stream.begin();
  ev("response.created", { response: { id, object: "response", status: "in_progress", output: [] } });

  if (reply.kind === "tool" || reply.kind === "bash") {
    const output: Json[] = [];
    if (reply.text !== undefined) {
      const part = { type: "output_text", text: reply.text, annotations: [] };
      const said = { type: "message", id: `msg_fake${seq}`, role: "assistant", status: "completed", content: [part] };
      ev("response.output_item.added", { output_index: 0, item: said });
      ev("response.output_item.done", { output_index: 0, item: said });
      output.push(said);
    }
    const item = toolItem(reply, body, seq);
    ev("response.output_item.added", { output_index: output.length, item });
    ev("response.output_item.done", { output_index: output.length, item });
    output.push(item);
    complete(stream, id, output);
    return;
  }

  const before: Json[] = [];
  if (reply.kind === "text" && reply.thinking !== undefined) {
    const reasoning = { type: "reasoning", id: `rs_fake${seq}`, summary: [{ type: "summary_text", text: reply.thinking }] };
    ev("response.output_item.added", { output_index: 0, item: { ...reasoning, summary: [] } });
    ev("response.reasoning_summary_part.added", { item_id: reasoning.id, output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } });
    ev("response.reasoning_summary_text.delta", { item_id: reasoning.id, output_index: 0, summary_index: 0, delta: reply.thinking });
    ev("response.reasoning_summary_text.done", { item_id: reasoning.id, output_index: 0, summary_index: 0, text: reply.thinking });
    ev("response.reasoning_summary_part.done", { item_id: reasoning.id, output_index: 0, summary_index: 0, part: reasoning.summary[0] });
    ev("response.output_item.done", { output_index: 0, item: reasoning });
    before.push(reasoning);
  }
  const at = before.length;
  const itemId = `msg_fake${seq}`;
  ev("response.output_item.added", { output_index: at, item: { type: "message", id: itemId, role: "assistant", status: "in_progress", content: [] } });
  ev("response.content_part.added", { item_id: itemId, output_index: at, content_index: 0, part: { type: "output_text", text: "", annotations: [] } });
  const delta = (text: string): void => ev("response.output_text.delta", { item_id: itemId, output_index: at, content_index: 0, delta: text });

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
  const text = pieces.join("");
  const part = { type: "output_text", text, annotations: [] };
  ev("response.output_text.done", { item_id: itemId, output_index: at, content_index: 0, text });
  ev("response.content_part.done", { item_id: itemId, output_index: at, content_index: 0, part });
  const item = { type: "message", id: itemId, role: "assistant", status: "completed", content: [part] };
  ev("response.output_item.done", { output_index: at, item });
  complete(stream, id, [...before, item]);
}

function complete(stream: SseStream, id: string, output: Json[]): void {
  stream.event("response.completed", { type: "response.completed", response: { id, object: "response", status: "completed", output, usage: USAGE } });
  stream.end();
}
