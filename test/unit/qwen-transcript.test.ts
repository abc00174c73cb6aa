// Qwen Code 0.24.4 transcript records read into neutral items (issue 34, issue 33 §3): text, thinking, tool shapes, usage.
import { describe, expect, it } from "vitest";
import { qwenShellOutput } from "../../adapters/qwen/tool-output.js";
import { readQwenTranscriptRecord } from "../../adapters/qwen/transcript-records.js";

const T = "2026-12-07T12:41:44.842Z";
const AT = Date.parse(T);
const record = (type: string, message: unknown, extra: Record<string, unknown> = {}) => ({ uuid: "u-1", parentUuid: null, sessionId: "s", timestamp: T, type, cwd: "/w", version: "0.24.4", message, ...extra });

describe("Qwen Code transcript records (issue 34)", () => {
  it("a user record is the prompt; an assistant record its text, thoughts, calls and usage, stamped with the record's time", () => {
    expect(readQwenTranscriptRecord(record("user", { role: "user", parts: [{ text: "say hello" }] }))).toEqual([{ kind: "prompt", text: "say hello", at: AT }]);
    const items = readQwenTranscriptRecord(
      record(
        "assistant",
        { role: "model", parts: [{ text: "weighing it", thought: true }, { text: "FAKE-REPLY: " }, { text: "hello" }] },
        { model: "fake-model", usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 4, thoughtsTokenCount: 2, cachedContentTokenCount: 3, totalTokenCount: 16 } },
      ),
    );
    expect(items).toEqual([
      { kind: "thinking", text: "weighing it", at: AT },
      { kind: "text", text: "FAKE-REPLY: hello", at: AT },
      { kind: "usage", key: "u-1", usage: { inputTokens: 10, outputTokens: 6, cacheReadTokens: 3, cacheCreationTokens: 0, model: "fake-model" }, at: AT },
    ]);
  });

  it("issue 33 §3: a shell call is { command } with the recorded arguments as raw; another tool's input is its own", () => {
    const args = { command: "echo tool-ran-ok", description: "Print a marker", is_background: false };
    const [call] = readQwenTranscriptRecord(record("assistant", { role: "model", parts: [{ functionCall: { id: "call_1", name: "run_shell_command", args } }] }));
    expect(call).toEqual({ kind: "tool_call", id: "call_1", name: "run_shell_command", input: { command: "echo tool-ran-ok" }, raw: args, at: AT });
    const [read] = readQwenTranscriptRecord(record("assistant", { role: "model", parts: [{ functionCall: { id: "c2", name: "read_file", args: { absolute_path: "/w/a" } } }] }));
    expect(read).toMatchObject({ kind: "tool_call", name: "read_file", input: { absolute_path: "/w/a" } });
    expect(read).not.toHaveProperty("raw");
  });

  it("issue 33 §3: a shell result is what the command printed, without Qwen's report around it", () => {
    const output = "Command: echo tool-ran-ok\nDirectory: (root)\nOutput: tool-ran-ok\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: 4242";
    const items = readQwenTranscriptRecord(
      record("tool_result", { role: "user", parts: [{ functionResponse: { id: "call_1", name: "run_shell_command", response: { output } } }] }, { toolCallResult: { callId: "call_1", status: "success" } }),
    );
    expect(items).toEqual([{ kind: "tool_result", id: "call_1", output: "tool-ran-ok", isError: false, at: AT }]);
  });

  it("reads the report's fields from its end: a multi-line output, an empty one, a failure", () => {
    // An output line that looks like a field stays output: the report's own fields are its last lines.
    expect(qwenShellOutput("Command: x\nDirectory: (root)\nOutput: a\nError: b\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: 1", false)).toEqual({ output: "a\nError: b", failed: false });
    expect(qwenShellOutput("Command: true\nDirectory: (root)\nOutput: (empty)\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: 9", false)).toEqual({ output: "", failed: false });
    expect(qwenShellOutput("Command: false\nDirectory: (root)\nOutput: (empty)\nError: (none)\nExit Code: 1\nSignal: (none)\nProcess Group PGID: 9", false)).toEqual({ output: "", failed: true });
    expect(qwenShellOutput("Directory: (root)\nOutput: hi\nError: (none)\nExit Code: (none)\nSignal: SIGTERM\nProcess Group PGID: (none)", false).failed).toBe(true);
    // Text without the report (a cancelled command's note) passes through.
    expect(qwenShellOutput("Command was cancelled by user before it could complete.", false)).toEqual({ output: "Command was cancelled by user before it could complete.", failed: false });
  });

  it("system records, unknown types, missing parts and non-objects are read as nothing, never a throw", () => {
    for (const value of [
      record("system", undefined, { subtype: "ui_telemetry" }),
      record("future_kind", { parts: [{ text: "x" }] }),
      record("assistant", { role: "model" }),
      record("assistant", { role: "model", parts: "not a list" }),
      record("tool_result", { parts: [{ functionResponse: "bad" }] }),
      null,
      42,
      "text",
      [],
    ]) {
      expect(readQwenTranscriptRecord(value)).toEqual([]);
    }
  });
});
