// Which activity comes from where: the assistant's text, tool calls and results only from the transcript, the hooks that carry them as plain `hook` activity.

import { describe, expect, it } from "vitest";
import { activityForHook } from "../../src/hook-activity.js";
import { activityForTranscriptItem } from "../../src/transcript-activity.js";

describe("activity sources (C-CODEX-16, C-CLAUDE-15)", () => {
  it("Stop is plain hook activity: its last_assistant_message (maybe an unsubmitted draft) is never shown as a message", () => {
    const a = activityForHook("Stop", { hook_event_name: "Stop", last_assistant_message: "ghost draft", transcript_path: "/t.jsonl" });
    expect(a.kind).toBe("hook");
    expect(a.label).toBe("Stop");
    expect(a.text).toBeUndefined();
  });

  it("PreToolUse, PostToolUse and PostToolUseFailure are plain hook activity without tool input or output", () => {
    for (const name of ["PreToolUse", "PostToolUse", "PostToolUseFailure"]) {
      const a = activityForHook(name, { tool_name: "Bash", tool_use_id: "t1", tool_input: { command: "ls" }, tool_response: "out" });
      expect(a.kind).toBe("hook");
      expect(a.toolInput).toBeUndefined();
      expect(a.toolOutput).toBeUndefined();
    }
  });

  it("committed transcript items become assistant_message, tool_call and tool_result activity with source transcript", () => {
    expect(activityForTranscriptItem({ kind: "text", text: "hello" }, "/t.jsonl")).toEqual({
      source: "transcript",
      kind: "assistant_message",
      label: "assistant",
      text: "hello",
      transcriptPath: "/t.jsonl",
    });
    expect(activityForTranscriptItem({ kind: "tool_call", id: "t1", name: "Bash", input: { command: "ls" } }, undefined)).toEqual({
      source: "transcript",
      kind: "tool_call",
      label: "Bash",
      toolName: "Bash",
      toolUseId: "t1",
      toolInput: '{"command":"ls"}',
    });
    expect(activityForTranscriptItem({ kind: "tool_result", id: "t1", output: "x", isError: true }, undefined)).toMatchObject({
      source: "transcript",
      kind: "tool_result",
      label: "t1",
      toolUseId: "t1",
      toolOutput: "x",
      toolIsError: true,
    });
    // C-CODEX-19: the label pairs a result with its call; a result that did not fail has no toolIsError.
    const ok = activityForTranscriptItem({ kind: "tool_result", id: "call_9", output: "fine", isError: false }, undefined);
    expect(ok).toMatchObject({ kind: "tool_result", label: "call_9", toolUseId: "call_9" });
    expect(ok).not.toHaveProperty("toolIsError");
  });

  it("turn bookkeeping items (prompt, usage, turn end) are no activity of their own", () => {
    expect(activityForTranscriptItem({ kind: "prompt", text: "p" }, undefined)).toBeUndefined();
    expect(activityForTranscriptItem({ kind: "turn_end" }, undefined)).toBeUndefined();
  });
});
