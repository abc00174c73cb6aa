// Codex shell tool results read what the command printed, the harness report removed (C-CODEX-19, issue 33 §3).

import { describe, expect, it } from "vitest";
import { codexToolOutput } from "../../adapters/codex/exec-output.js";
import { readCodexTranscriptRecord } from "../../adapters/codex/transcript-records.js";

/** The code-mode report exactly as 0.144.6 and 0.171.0 committed it in an offline e2e run. */
const codeMode = (json: string) => `Script completed\nWall time 1.2 seconds\nOutput:\n\n${json}`;

describe("Codex exec output unwrapping (C-CODEX-19)", () => {
  it("C-CODEX-19: a code-mode report yields the exec result's output without its final newline; a non-zero exit fails", () => {
    expect(codexToolOutput(codeMode('{"chunk_id":"98d153","wall_time_seconds":0.000023856,"exit_code":0,"original_token_count":3,"output":"tool-ran-ok\\n"}'), false)).toEqual({
      output: "tool-ran-ok",
      failed: false,
    });
    expect(codexToolOutput(codeMode('{"chunk_id":"1","exit_code":2,"output":"ls: cannot access\\n"}'), false)).toEqual({ output: "ls: cannot access", failed: true });
    const record = {
      type: "response_item",
      payload: { type: "custom_tool_call_output", call_id: "c9", output: [{ type: "input_text", text: codeMode('{"exit_code":0,"output":"a\\nb\\n"}') }] },
    };
    expect(readCodexTranscriptRecord(record)).toEqual([{ kind: "tool_result", id: "c9", output: "a\nb", isError: false }]);
  });

  it("C-CODEX-19: a classic exec_command header is removed, its exit code read", () => {
    const text = "Chunk ID: 70307c\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nfake-tool-ran\n";
    expect(codexToolOutput(text, false)).toEqual({ output: "fake-tool-ran", failed: false });
    expect(codexToolOutput(text.replace("code 0", "code 1"), false)).toEqual({ output: "fake-tool-ran", failed: true });
    const record = { type: "response_item", payload: { type: "function_call_output", call_id: "c3", output: text } };
    expect(readCodexTranscriptRecord(record)).toEqual([{ kind: "tool_result", id: "c3", output: "fake-tool-ran", isError: false }]);
  });

  it("C-CODEX-19: a script printing its own text keeps that text; text with no known harness passes through; a recorded failure stays one", () => {
    expect(codexToolOutput(codeMode("plain words the script printed\n"), false)).toEqual({ output: "plain words the script printed", failed: false });
    expect(codexToolOutput("Output:\nnot the harness", true)).toEqual({ output: "Output:\nnot the harness", failed: true });
    expect(codexToolOutput(codeMode('{"no_output_field":1}'), false)).toEqual({ output: '{"no_output_field":1}', failed: false });
  });
});
