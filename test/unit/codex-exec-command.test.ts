// Codex shell tool calls surface the command they run as `{ command }`, the harness removed (C-CODEX-19, issue 33 §3).

import { describe, expect, it } from "vitest";
import { codexToolInput } from "../../adapters/codex/exec-command.js";
import { readCodexTranscriptRecord } from "../../adapters/codex/transcript-records.js";

const unchanged = (input: unknown) => ({ input });

describe("Codex exec unwrapping (C-CODEX-19)", () => {
  it("C-CODEX-19: a code-mode exec snippet yields { command } of its inner cmd, the snippet kept as raw", () => {
    // The snippet as 0.171.0's code mode commits it (the shape the scripted model server sends).
    const snippet =
      'const r = await tools.exec_command({"cmd":"echo \\"hi }\\" && ls","workdir":"/w","yield_time_ms":1000,"max_output_tokens":4000,"sandbox_permissions":"require_escalated"});\ntext(r.output);';
    expect(codexToolInput("exec", snippet)).toEqual({ input: { command: 'echo "hi }" && ls' }, raw: snippet });
    const record = { type: "response_item", payload: { type: "custom_tool_call", call_id: "c9", name: "exec", input: snippet } };
    expect(readCodexTranscriptRecord(record)).toEqual([{ kind: "tool_call", id: "c9", name: "exec", input: { command: 'echo "hi }" && ls' }, raw: snippet }]);
  });

  it("C-CODEX-19: a classic shell function_call unwraps cmd or command; an argv array is joined with spaces", () => {
    const args = { cmd: "ls -la", workdir: "/w", yield_time_ms: 10 };
    expect(codexToolInput("exec_command", args)).toEqual({ input: { command: "ls -la" }, raw: args });
    expect(codexToolInput("shell", { command: ["bash", "-lc", "echo hi"], workdir: "/w" }).input).toEqual({ command: "bash -lc echo hi" });
    const record = { type: "response_item", payload: { type: "function_call", call_id: "c3", name: "shell", arguments: '{"command":["git","status"],"workdir":"/w"}' } };
    expect(readCodexTranscriptRecord(record)).toEqual([
      { kind: "tool_call", id: "c3", name: "shell", input: { command: "git status" }, raw: { command: ["git", "status"], workdir: "/w" } },
    ]);
  });

  it("C-CODEX-19: what cannot be unwrapped passes through unchanged, with no raw; other tools are untouched", () => {
    expect(codexToolInput("exec", "text(await tools.view_image({path:'a.png'}))")).toEqual(unchanged("text(await tools.view_image({path:'a.png'}))"));
    expect(codexToolInput("exec", "await tools.exec_command({cmd: unquoted})")).toEqual(unchanged("await tools.exec_command({cmd: unquoted})"));
    expect(codexToolInput("exec", 'await tools.exec_command({"cmd":"never closed"')).toEqual(unchanged('await tools.exec_command({"cmd":"never closed"'));
    expect(codexToolInput("exec_command", "not json")).toEqual(unchanged("not json"));
    expect(codexToolInput("exec_command", { cmd: 42 })).toEqual(unchanged({ cmd: 42 }));
    expect(codexToolInput("apply_patch", { input: "*** Begin Patch" })).toEqual(unchanged({ input: "*** Begin Patch" }));
    expect(codexToolInput("mcp__srv__tool", { cmd: "x" })).toEqual(unchanged({ cmd: "x" }));
  });
});
