// Unit: reading committed transcript records of the real CLIs (shapes captured from Claude 2.1.215/2.1.332 and Codex 0.144.6/0.171.0) into neutral items (issue 17, C-CLAUDE-15, C-CODEX-16).
import { describe, expect, it } from "vitest";
import { readClaudeTranscriptRecord } from "../../adapters/claude/transcript-records.js";
import { readCodexTranscriptRecord } from "../../adapters/codex/transcript-records.js";

describe("Claude transcript records", () => {
  it("a typed prompt, an assistant tool_use with usage, its tool_result, a thinking + text reply, the turn end", () => {
    expect(readClaudeTranscriptRecord({ type: "user", isSidechain: false, message: { role: "user", content: "run the tool please" } })).toEqual([
      { kind: "prompt", text: "run the tool please" },
    ]);
    const usage = { input_tokens: 100, cache_creation_input_tokens: 1, cache_read_input_tokens: 2, output_tokens: 20 };
    expect(
      readClaudeTranscriptRecord({
        type: "assistant",
        message: { id: "msg_1", model: "m", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "echo hi" } }], usage },
      }),
    ).toEqual([
      { kind: "tool_call", id: "toolu_1", name: "Bash", input: { command: "echo hi" } },
      { kind: "usage", key: "msg_1", usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 2, cacheCreationTokens: 1, model: "m" } },
    ]);
    expect(
      readClaudeTranscriptRecord({ type: "user", message: { role: "user", content: [{ tool_use_id: "toolu_1", type: "tool_result", content: "hi", is_error: false }] } }),
    ).toEqual([{ kind: "tool_result", id: "toolu_1", output: "hi", isError: false }]);
    expect(
      readClaudeTranscriptRecord({
        type: "assistant",
        message: { id: "msg_2", content: [{ type: "thinking", thinking: "hmm", signature: "s" }, { type: "text", text: "done" }] },
      }),
    ).toEqual([
      { kind: "thinking", text: "hmm" },
      { kind: "text", text: "done" },
    ]);
    expect(readClaudeTranscriptRecord({ type: "system", subtype: "turn_duration", durationMs: 755 })).toEqual([{ kind: "turn_end" }]);
  });

  it("each item carries its record's timestamp (the file order is not the record order on 2.1.215's first flush); none without one", () => {
    const timestamp = "2026-12-05T01:22:12.598Z";
    expect(readClaudeTranscriptRecord({ type: "user", timestamp, message: { role: "user", content: "hi" } })).toEqual([
      { kind: "prompt", text: "hi", at: Date.parse(timestamp) },
    ]);
    expect(readClaudeTranscriptRecord({ type: "system", subtype: "turn_duration", timestamp: "not a time" })).toEqual([{ kind: "turn_end" }]);
  });

  it("meta, sidechain and unrelated records yield nothing; the interrupt marker and API errors are recognised", () => {
    expect(readClaudeTranscriptRecord({ type: "user", isMeta: true, message: { content: "caveat" } })).toEqual([]);
    expect(readClaudeTranscriptRecord({ type: "assistant", isSidechain: true, message: { content: [{ type: "text", text: "sub" }] } })).toEqual([]);
    expect(readClaudeTranscriptRecord({ type: "ai-title", aiTitle: "x" })).toEqual([]);
    expect(readClaudeTranscriptRecord("garbage")).toEqual([]);
    expect(readClaudeTranscriptRecord({ type: "user", message: { content: [{ type: "text", text: "[Request interrupted by user]" }] } })).toEqual([{ kind: "interrupted" }]);
    expect(
      readClaudeTranscriptRecord({ type: "assistant", isApiErrorMessage: true, message: { content: [{ type: "text", text: "API Error: 500" }] } }),
    ).toEqual([{ kind: "failure", reason: "API Error: 500" }]);
  });
});

describe("Codex rollout records", () => {
  const turn = { internal_chat_message_metadata_passthrough: { turn_id: "t1" } };
  it("prompt (0.144 user_message, 0.171 UserMessage item), code-mode tool call and output, reasoning, assistant text, usage, task_complete", () => {
    expect(readCodexTranscriptRecord({ type: "event_msg", payload: { type: "user_message", message: "hello" } })).toEqual([{ kind: "prompt", text: "hello" }]);
    expect(
      readCodexTranscriptRecord({
        type: "event_msg",
        payload: { type: "item_completed", turn_id: "t1", item: { type: "UserMessage", content: [{ type: "text", text: "hello" }] } },
      }),
    ).toEqual([{ kind: "prompt", text: "hello", agentTurnId: "t1" }]);
    expect(
      readCodexTranscriptRecord({ type: "response_item", payload: { type: "custom_tool_call", call_id: "c1", name: "exec", input: "code", ...turn } }),
    ).toEqual([{ kind: "tool_call", id: "c1", name: "exec", input: "code", agentTurnId: "t1" }]);
    expect(
      readCodexTranscriptRecord({ type: "response_item", payload: { type: "function_call", call_id: "c2", name: "exec_command", arguments: '{"cmd":"ls"}' } }),
    ).toEqual([{ kind: "tool_call", id: "c2", name: "exec_command", input: { command: "ls" }, raw: { cmd: "ls" } }]);
    expect(
      readCodexTranscriptRecord({
        type: "response_item",
        payload: { type: "custom_tool_call_output", call_id: "c1", output: [{ type: "input_text", text: "a" }, { type: "input_text", text: "b" }], ...turn },
      }),
    ).toEqual([{ kind: "tool_result", id: "c1", output: "a\nb", isError: false, agentTurnId: "t1" }]);
    expect(
      readCodexTranscriptRecord({ type: "response_item", payload: { type: "reasoning", summary: [{ type: "summary_text", text: "think" }], ...turn } }),
    ).toEqual([{ kind: "thinking", text: "think", agentTurnId: "t1" }]);
    expect(
      readCodexTranscriptRecord({ type: "response_item", payload: { type: "message", role: "assistant", content: [{ type: "output_text", text: "hi" }], ...turn } }),
    ).toEqual([{ kind: "text", text: "hi", agentTurnId: "t1" }]);
    expect(
      readCodexTranscriptRecord({
        type: "event_msg",
        payload: { type: "token_count", info: { total_token_usage: { total_tokens: 240 }, last_token_usage: { input_tokens: 100, cached_input_tokens: 5, output_tokens: 20 } } },
      }),
    ).toEqual([{ kind: "usage", key: "240", usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 5, cacheCreationTokens: 0 } }]);
    expect(readCodexTranscriptRecord({ type: "event_msg", payload: { type: "task_complete", turn_id: "t1" } })).toEqual([{ kind: "turn_end", agentTurnId: "t1" }]);
  });

  it("user context items, the duplicate agent_message event and session meta yield nothing; task_complete with an error is a failure (B §5.5)", () => {
    expect(readCodexTranscriptRecord({ type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>" }] } })).toEqual([]);
    expect(readCodexTranscriptRecord({ type: "event_msg", payload: { type: "agent_message", message: "hi" } })).toEqual([]);
    expect(readCodexTranscriptRecord({ type: "session_meta", payload: {} })).toEqual([]);
    expect(readCodexTranscriptRecord({ type: "event_msg", payload: { type: "task_complete", turn_id: "t1", error: { message: "quota" } } })).toEqual([
      { kind: "failure", reason: "quota", agentTurnId: "t1" },
    ]);
  });
});
