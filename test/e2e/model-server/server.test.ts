// Behaviour of the scripted model server over real loopback HTTP (no CLI): routing, SSE shapes, script, aborts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QWEN_COMPRESSION_TEXT, startModelServer, type ModelServer } from "./index.js";

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((b) => b.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "";
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}") as Record<string, unknown>;
      return { event, data };
    });
}

const claudeTools = [{ name: "Bash", input_schema: { type: "object" } }];

function claudeBody(content: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: "claude-test", stream: true, tools: claudeTools, system: [{ type: "text", text: "You are Claude Code" }], messages: [{ role: "user", content }], ...extra };
}

function codexBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "gpt-test",
    stream: true,
    tools: [{ type: "function", name: "exec_command" }],
    input: [
      { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>x</environment_context>" }] },
      { type: "message", role: "user", content: [{ type: "input_text", text }] },
    ],
    ...extra,
  };
}

/** A Qwen-Code-shaped request: system prompt, the user turn(s), the 0.24.4 shell tool, always streamed with usage. */
function chatBody(messages: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "fake-model",
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: 8192,
    tools: [
      {
        type: "function",
        function: {
          name: "run_shell_command",
          parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" }, is_background: { type: "boolean" } }, required: ["command"] },
        },
      },
    ],
    messages: [{ role: "system", content: "You are Qwen Code, an interactive CLI agent." }, ...messages],
    ...extra,
  };
}

interface ChatChunk {
  choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, number>;
}

/** Chat Completions SSE: bare `data:` lines, ending with `data: [DONE]`. */
function parseChat(text: string): { chunks: ChatChunk[]; done: boolean } {
  const datas = text
    .split("\n\n")
    .filter((b) => b.trim() !== "")
    .map((b) => /^data: (.*)$/m.exec(b)?.[1] ?? "");
  const done = datas[datas.length - 1] === "[DONE]";
  return { chunks: datas.filter((d) => d !== "[DONE]").map((d) => JSON.parse(d) as ChatChunk), done };
}

const chatText = (chunks: ChatChunk[], field = "content"): string =>
  chunks.map((c) => c.choices[0]?.delta[field]).filter((t): t is string => typeof t === "string").join("");

let server: ModelServer;

async function post(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(server.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "sk-secret", authorization: "Bearer secret" },
    body: JSON.stringify(body),
    ...init,
  });
}

const textOfClaude = (events: SseEvent[]): string =>
  events
    .filter((e) => e.event === "content_block_delta")
    .map((e) => (e.data["delta"] as { text?: string }).text ?? "")
    .join("");

beforeEach(async () => {
  server = await startModelServer();
});

afterEach(async () => {
  await server.close();
});

describe("model server: Anthropic Messages API", () => {
  it("echoes a main turn as the measured SSE sequence and records it with secrets redacted", async () => {
    const res = await post("/v1/messages?beta=true", claudeBody([{ type: "text", text: "<system-reminder>ctx</system-reminder>" }, { type: "text", text: "hello" }]));
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(textOfClaude(events)).toBe("FAKE-REPLY: hello");
    expect((events[5]?.data["delta"] as { stop_reason: string }).stop_reason).toBe("end_turn");
    const r = server.requests[0];
    expect(r).toMatchObject({ method: "POST", path: "/v1/messages", query: "beta=true", kind: "main", userText: "hello", replySource: "echo", completed: true, aborted: false });
    expect(r?.headers["x-api-key"]).toBe("[redacted]");
    expect(r?.headers["authorization"]).toBe("[redacted]");
  });

  it("serves the queue before keywords, as tool_use with input_json_delta, then answers the tool_result", async () => {
    server.enqueue({ kind: "tool", name: "Read", input: { file_path: "/x" } });
    const events = parseSse(await (await post("/v1/messages", claudeBody("RUNBASH:ls"))).text());
    const start = events.find((e) => e.event === "content_block_start")?.data["content_block"] as { type: string; name: string; id: string };
    expect(start).toMatchObject({ type: "tool_use", name: "Read" });
    const delta = events.find((e) => e.event === "content_block_delta")?.data["delta"] as { type: string; partial_json: string };
    expect(delta.type).toBe("input_json_delta");
    expect(JSON.parse(delta.partial_json)).toEqual({ file_path: "/x" });
    expect((events.find((e) => e.event === "message_delta")?.data["delta"] as { stop_reason: string }).stop_reason).toBe("tool_use");

    const follow = claudeBody("x");
    follow["messages"] = [
      { role: "user", content: "RUNBASH:ls" },
      { role: "assistant", content: [{ type: "tool_use", id: start.id, name: "Read", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: start.id, content: "ok" }] },
    ];
    const after = parseSse(await (await post("/v1/messages", follow)).text());
    expect(textOfClaude(after)).toBe("Tool finished.");
    expect(server.requests[1]).toMatchObject({ kind: "tool_result", userText: "RUNBASH:ls" });
  });

  it("turns RUNBASH:<cmd> into a Bash tool_use with command and description", async () => {
    const events = parseSse(await (await post("/v1/messages", claudeBody("RUNBASH:touch a.txt"))).text());
    const delta = events.find((e) => e.event === "content_block_delta")?.data["delta"] as { partial_json: string };
    expect(JSON.parse(delta.partial_json)).toMatchObject({ command: "touch a.txt", description: expect.any(String) });
    expect((events.find((e) => e.event === "content_block_start")?.data["content_block"] as { name: string }).name).toBe("Bash");
  });

  it("answers title and compaction side requests without consuming the script", async () => {
    server.enqueue({ kind: "text", text: "scripted" });
    const title = await post("/v1/messages", { stream: true, system: [{ type: "text", text: "Generate a concise, sentence-case title" }], messages: [{ role: "user", content: "hi" }] });
    expect(JSON.parse(textOfClaude(parseSse(await title.text())))).toEqual({ title: "Fake session title" });
    const compact = await post("/v1/messages", claudeBody("CRITICAL: Respond with TEXT ONLY. Summarize."));
    expect(textOfClaude(parseSse(await compact.text()))).toMatch(/<analysis>[\s\S]*<\/analysis>[\s\S]*<summary>[\s\S]*<\/summary>/);
    const main = await post("/v1/messages", claudeBody("hello"));
    expect(textOfClaude(parseSse(await main.text()))).toBe("scripted");
    expect(server.requests.map((r) => r.kind)).toEqual(["title", "compaction", "main"]);
  });

  it("returns an API-shaped error for a scripted error status", async () => {
    server.enqueue({ kind: "error", status: 529 });
    const res = await post("/v1/messages", claudeBody("hello"));
    expect(res.status).toBe(529);
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
  });

  it("streams chunked text with pauses when chunkDelayMs is set", async () => {
    server.enqueue({ kind: "text", text: "abcdefghijklmnop", chunkDelayMs: 5 });
    const events = parseSse(await (await post("/v1/messages", claudeBody("hello"))).text());
    expect(events.filter((e) => e.event === "content_block_delta").length).toBeGreaterThan(1);
    expect(textOfClaude(events)).toBe("abcdefghijklmnop");
  });
});

describe("model server: OpenAI Responses API", () => {
  it("echoes the latest user message with the measured event names", async () => {
    const events = parseSse(await (await post("/v1/responses", codexBody("hello"))).text());
    expect(events.map((e) => e.event)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(events.every((e) => e.data["type"] === e.event)).toBe(true);
    const done = events.find((e) => e.event === "response.output_item.done")?.data["item"] as { content: Array<{ text: string }> };
    expect(done.content[0]?.text).toBe("FAKE-REPLY: hello");
    expect(server.requests[0]).toMatchObject({ api: "responses", kind: "main", userText: "hello" });
  });

  it("sends RUNBASH as an escalated exec_command function_call for classic tools", async () => {
    const events = parseSse(await (await post("/v1/responses", codexBody("RUNBASH:echo hi"))).text());
    const item = events.find((e) => e.event === "response.output_item.done")?.data["item"] as { type: string; name: string; arguments: string };
    expect(item).toMatchObject({ type: "function_call", name: "exec_command" });
    expect(JSON.parse(item.arguments)).toMatchObject({ cmd: "echo hi", sandbox_permissions: "require_escalated" });
  });

  it("sends RUNBASH as a code-mode custom_tool_call exec when tools arrive as additional_tools", async () => {
    const body = codexBody("RUNBASH:echo hi", { tools: [] });
    (body["input"] as unknown[]).unshift({ type: "additional_tools", role: "developer", tools: [{ type: "namespace", name: "functions", tools: [{ type: "custom", name: "exec" }] }] });
    const events = parseSse(await (await post("/v1/responses", body)).text());
    const item = events.find((e) => e.event === "response.output_item.done")?.data["item"] as { type: string; name: string; input: string };
    expect(item).toMatchObject({ type: "custom_tool_call", name: "exec" });
    expect(item.input).toContain("tools.exec_command(");
    expect(item.input).toContain("echo hi");
  });

  it("answers the title side request with JSON and tool outputs with Tool finished.", async () => {
    const title = codexBody("Generate a concise task title", { tools: [], text: { format: { type: "json_schema", name: "codex_output_schema", schema: { properties: { title: { maxLength: 36 } } } } } });
    const tEvents = parseSse(await (await post("/v1/responses", title)).text());
    expect(tEvents.find((e) => e.event === "response.output_text.done")?.data["text"]).toBe('{"title":"Fake session title"}');
    const follow = codexBody("RUNBASH:echo hi");
    (follow["input"] as unknown[]).push({ type: "custom_tool_call_output", call_id: "c1", output: "ok" });
    const fEvents = parseSse(await (await post("/v1/responses", follow)).text());
    expect(fEvents.find((e) => e.event === "response.output_text.done")?.data["text"]).toBe("Tool finished.");
    expect(server.requests.map((r) => r.kind)).toEqual(["title", "tool_result"]);
  });

  it("answers GET /v1/models and records unknown routes as 404", async () => {
    const models = await fetch(server.url + "/v1/models");
    expect(((await models.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((await fetch(server.url + "/nope")).status).toBe(404);
    expect(server.requests.map((r) => `${r.api}:${r.path}`)).toEqual(["other:/v1/models", "other:/nope"]);
  });
});

describe("model server: OpenAI Chat Completions API (Qwen Code)", () => {
  it("echoes a main turn as bare data chunks, usage in a last chunk of its own, then [DONE]", async () => {
    const res = await post("/v1/chat/completions", chatBody([{ role: "user", content: "hello" }]));
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const raw = await res.text();
    expect(raw).not.toMatch(/^event:/m);
    const { chunks, done } = parseChat(raw);
    expect(done).toBe(true);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "" });
    expect(chatText(chunks)).toBe("FAKE-REPLY: hello");
    const finish = chunks.filter((c) => c.choices[0]?.finish_reason !== null && c.choices.length > 0);
    expect(finish.map((c) => c.choices[0]?.finish_reason)).toEqual(["stop"]);
    const last = chunks[chunks.length - 1];
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) });
    expect(server.requests[0]).toMatchObject({ api: "chat", path: "/v1/chat/completions", kind: "main", userText: "hello", replySource: "echo", completed: true });
  });

  it("reads the prompt after the <system-reminder> parts of a session's first turn", async () => {
    const reminder = (text: string): { type: string; text: string } => ({ type: "text", text: `<system-reminder>\n${text}\n</system-reminder>` });
    const first = [reminder("The following skills are available"), reminder("This is the Qwen Code. We are setting up the context"), { type: "text", text: "say hello" }];
    const { chunks } = parseChat(await (await post("/v1/chat/completions", chatBody([{ role: "user", content: first }]))).text());
    expect(chatText(chunks)).toBe("FAKE-REPLY: say hello");
    expect(server.requests[0]).toMatchObject({ kind: "main", userText: "say hello" });
  });

  it("turns RUNBASH:<cmd> into a run_shell_command call and answers the role:tool follow-up", async () => {
    const { chunks } = parseChat(await (await post("/v1/chat/completions", chatBody([{ role: "user", content: "RUNBASH:touch a.txt" }]))).text());
    const calls = chunks.flatMap((c) => (c.choices[0]?.delta["tool_calls"] as Array<{ id?: string; function: { name?: string; arguments: string } }> | undefined) ?? []);
    expect(calls[0]).toMatchObject({ id: expect.any(String), function: { name: "run_shell_command", arguments: "" } });
    const args = JSON.parse(calls.map((c) => c.function.arguments).join("")) as Record<string, unknown>;
    expect(args).toEqual({ command: "touch a.txt", description: expect.any(String) });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe("tool_calls");

    const follow = chatBody([
      { role: "user", content: "RUNBASH:touch a.txt" },
      { role: "assistant", content: null, tool_calls: [{ id: calls[0]?.id, type: "function", function: { name: "run_shell_command", arguments: "{}" } }] },
      { role: "tool", tool_call_id: calls[0]?.id, content: "Exit Code: 0" },
    ]);
    expect(chatText(parseChat(await (await post("/v1/chat/completions", follow)).text()).chunks)).toBe("Tool finished.");
    expect(server.requests.map((r) => [r.kind, r.userText])).toEqual([
      ["main", "RUNBASH:touch a.txt"],
      ["tool_result", "RUNBASH:touch a.txt"],
    ]);
  });

  it("serves a scripted raw tool call and sets is_background only when the tool requires it", async () => {
    server.enqueue({ kind: "tool", name: "read_file", input: { absolute_path: "/x" }, text: "Reading." });
    const { chunks } = parseChat(await (await post("/v1/chat/completions", chatBody([{ role: "user", content: "go" }]))).text());
    expect(chatText(chunks)).toBe("Reading.");
    const calls = chunks.flatMap((c) => (c.choices[0]?.delta["tool_calls"] as Array<{ function: { name?: string; arguments: string } }> | undefined) ?? []);
    expect(calls[0]?.function.name).toBe("read_file");
    expect(JSON.parse(calls.map((c) => c.function.arguments).join(""))).toEqual({ absolute_path: "/x" });

    const body = chatBody([{ role: "user", content: "RUNBASH:ls" }]);
    const tool = (body["tools"] as Array<{ function: { parameters: { required: string[] } } }>)[0];
    if (tool) tool.function.parameters.required = ["command", "is_background"];
    const second = parseChat(await (await post("/v1/chat/completions", body)).text()).chunks;
    const args = second.flatMap((c) => (c.choices[0]?.delta["tool_calls"] as Array<{ function: { arguments: string } }> | undefined) ?? []);
    expect(JSON.parse(args.map((a) => a.function.arguments).join(""))).toMatchObject({ command: "ls", is_background: false });
  });

  it("streams thinking as reasoning_content before the text", async () => {
    server.enqueue({ kind: "text", text: "Answer.", thinking: "Pondering." });
    const { chunks } = parseChat(await (await post("/v1/chat/completions", chatBody([{ role: "user", content: "think" }]))).text());
    expect(chatText(chunks, "reasoning_content")).toBe("Pondering.");
    expect(chatText(chunks)).toBe("Answer.");
    const firstReasoning = chunks.findIndex((c) => c.choices[0]?.delta["reasoning_content"] !== undefined);
    const firstText = chunks.findIndex((c) => typeof c.choices[0]?.delta["content"] === "string" && c.choices[0]?.delta["content"] !== "");
    expect(firstReasoning).toBeLessThan(firstText);
  });

  it("puts usage on the finish chunk when include_usage is not asked for, and answers stream:false with one completion", async () => {
    const { chunks } = parseChat(await (await post("/v1/chat/completions", chatBody([{ role: "user", content: "a" }], { stream_options: undefined }))).text());
    const finish = chunks.find((c) => c.choices[0]?.finish_reason === "stop");
    expect(finish?.usage?.["total_tokens"]).toBeGreaterThan(0);
    expect(chunks.some((c) => c.choices.length === 0)).toBe(false);

    server.enqueue({ kind: "bash", command: "echo hi" });
    const whole = (await (await post("/v1/chat/completions", chatBody([{ role: "user", content: "b" }], { stream: false }))).json()) as {
      object: string;
      choices: Array<{ message: { tool_calls: Array<{ function: { name: string; arguments: string } }> }; finish_reason: string }>;
    };
    expect(whole.object).toBe("chat.completion");
    expect(whole.choices[0]?.finish_reason).toBe("tool_calls");
    expect(whole.choices[0]?.message.tool_calls[0]?.function.name).toBe("run_shell_command");
  });

  it("answers Qwen's side requests by themselves, without consuming the script", async () => {
    server.enqueue({ kind: "text", text: "scripted" });
    const history = [
      { role: "user", content: "say hello" },
      { role: "assistant", content: "FAKE-REPLY: say hello" },
    ];
    const suggestion = await post("/v1/chat/completions", chatBody([...history, { role: "user", content: "[SUGGESTION MODE: Suggest what the user might naturally type next.]\n\nFIRST: …" }]));
    expect(chatText(parseChat(await suggestion.text()).chunks)).toBe("");
    const nextSpeaker = await post(
      "/v1/chat/completions",
      chatBody([...history, { role: "user", content: "Analyze *only* … determine who should logically speak next: the 'user' or the 'model' (you)." }]),
    );
    expect(JSON.parse(chatText(parseChat(await nextSpeaker.text()).chunks))).toMatchObject({ next_speaker: "user" });
    const compression = await post(
      "/v1/chat/completions",
      chatBody([...history, { role: "user", content: "First, reason in your scratchpad. Then, generate the <state_snapshot>." }]),
    );
    expect(chatText(parseChat(await compression.text()).chunks)).toBe(QWEN_COMPRESSION_TEXT);
    const main = await post("/v1/chat/completions", chatBody([...history, { role: "user", content: "next" }]));
    expect(chatText(parseChat(await main.text()).chunks)).toBe("scripted");
    expect(server.requests.map((r) => r.kind)).toEqual(["side", "side", "compaction", "main"]);
  });

  it("answers a forced schema side query (title) with a respond_in_schema call, and a tool-less one with text", async () => {
    server.enqueue({ kind: "text", text: "scripted" });
    const schemaTool = { type: "function", function: { name: "respond_in_schema", parameters: { type: "object", properties: { title: { type: "string" } } } } };
    const title = await post("/v1/chat/completions", {
      model: "fake-model",
      stream: false,
      tool_choice: "required",
      tools: [schemaTool],
      messages: [
        { role: "system", content: "Generate a concise, sentence-case title (3-7 words) that captures what this programming-assistant session is about." },
        { role: "user", content: "Conversation so far:\nsay hello\n\nGenerate the session title now." },
      ],
    });
    const whole = (await title.json()) as { choices: Array<{ message: { tool_calls: Array<{ function: { name: string; arguments: string } }> } }> };
    const call = whole.choices[0]?.message.tool_calls[0]?.function;
    expect(call?.name).toBe("respond_in_schema");
    expect(JSON.parse(call?.arguments ?? "{}")).toEqual({ title: "Fake session title" });
    const bare = await post("/v1/chat/completions", { model: "fake-model", stream: true, messages: [{ role: "user", content: "Summarize this." }] });
    expect(chatText(parseChat(await bare.text()).chunks)).toBe("OK");
    expect(server.requests.map((r) => r.kind)).toEqual(["title", "side"]);
    expect(server.requests.map((r) => r.replySource)).toEqual(["auto", "auto"]);
  });

  it("returns an OpenAI-shaped error for a scripted error status", async () => {
    server.enqueue({ kind: "error", status: 429 });
    const res = await post("/v1/chat/completions", chatBody([{ role: "user", content: "hello" }]));
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { type: "rate_limit_exceeded", message: expect.any(String) } });
  });

  it("marks a HANG chat stream aborted when the client hangs up", async () => {
    const ctl = new AbortController();
    const res = await post("/v1/chat/completions", chatBody([{ role: "user", content: "HANG now" }]), { signal: ctl.signal });
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("chat.completion.chunk");
    const req = await server.waitForRequest((r) => r.replySource === "HANG", 2000);
    ctl.abort();
    await expect.poll(() => req.aborted, { timeout: 2000 }).toBe(true);
    expect(req.completed).toBe(false);
  });
});

describe("model server: streams, aborts and lifecycle", () => {
  it("marks a HANG stream aborted when the client hangs up, and keeps serving", async () => {
    const ctl = new AbortController();
    const res = await post("/v1/messages", claudeBody("HANG please"), { signal: ctl.signal });
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("message_start");
    const req = await server.waitForRequest((r) => r.replySource === "HANG", 2000);
    ctl.abort();
    await expect.poll(() => req.aborted, { timeout: 2000 }).toBe(true);
    expect(req.completed).toBe(false);
    const next = parseSse(await (await post("/v1/messages", claudeBody("hello"))).text());
    expect(textOfClaude(next)).toBe("FAKE-REPLY: hello");
  });

  it("marks a slow stream aborted mid-way on client abort", async () => {
    server.enqueue({ kind: "slow", totalMs: 5000 });
    const ctl = new AbortController();
    const res = await post("/v1/responses", codexBody("go"), { signal: ctl.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    ctl.abort();
    const req = server.requests[0];
    await expect.poll(() => req?.aborted, { timeout: 2000 }).toBe(true);
  });

  it("close() ends open hanging streams instead of waiting for the client", async () => {
    const res = await post("/v1/responses", codexBody("HANG"));
    const reader = res.body?.getReader();
    await reader?.read();
    await server.close();
    await expect(reader?.read()).rejects.toThrow();
    server = await startModelServer(); // afterEach closes this fresh one
  });

  it("waitForRequest resolves for future requests and rejects with a listing on timeout", async () => {
    const pending = server.waitForRequest((r) => r.userText === "later", 2000);
    await (await post("/v1/messages", claudeBody("later"))).text();
    expect((await pending).seq).toBe(1);
    await expect(server.waitForRequest((r) => r.userText === "never", 50)).rejects.toThrow(/no matching request/);
  });

  it("clear() empties the script and the request log", async () => {
    server.enqueue({ kind: "text", text: "scripted" });
    await (await post("/v1/messages", claudeBody("a"))).text();
    server.enqueue({ kind: "text", text: "leftover" });
    server.clear();
    expect(server.requests).toEqual([]);
    const events = parseSse(await (await post("/v1/messages", claudeBody("b"))).text());
    expect(textOfClaude(events)).toBe("FAKE-REPLY: b");
  });
});
