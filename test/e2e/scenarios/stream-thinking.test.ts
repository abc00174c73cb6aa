// E2E (every pinned Claude and Codex): a second turn with scripted thinking streams exactly what the model server scripted, in order.
import { readFile } from "node:fs/promises";
import { answerPermission } from "../support/answer-permission.js";
import { describe, expect, it } from "vitest";
import { ClaudeSession, CodexSession, type HookEventRecord, type TurnEvent } from "../../../src/index.js";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openConversation } from "../support/conversation-fixture.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS];

/** The events that carry what the agent said and did (status and warnings are context, not content). */
function content(events: readonly TurnEvent[]): TurnEvent[] {
  return events.filter((e) => e.type !== "status" && e.type !== "warning");
}

const THINKING = "The user wants the scripted answer; I will give it plainly.";
const ANSWER = "Scripted answer after thinking.";

describe.each(AGENTS)("$label: thinking", (agent) => {
  it(`${agent.label}: after a text + tool turn, a second turn with scripted thinking streams thinking then text, in order (issue 17: thinking)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    let file: string | undefined;
    const noteTranscript = (h: HookEventRecord): void => {
      const t = h.payload["transcript_path"];
      if (typeof t === "string") file = t;
    };
    if (conversation instanceof ClaudeSession) conversation.on("hook", noteTranscript);
    else if (conversation instanceof CodexSession) conversation.on("hook", noteTranscript);
    else conversation.on("hook", noteTranscript);
    ctx.onTestFailed(async () => {
      if (file) console.error(`--- transcript ---\n${await readFile(file, "utf8").catch(() => "(unreadable)")}`);
    });
    server.enqueue({ kind: "bash", command: "echo first-turn", text: "Running it now." });
    server.enqueue({ kind: "text", text: "First turn done." });
    const first: TurnEvent[] = [];
    for await (const event of conversation.stream("first turn: run the tool")) {
      first.push(event);
      // As a person would (answer-permission.ts): a full run's log showed Codex 0.171.0 ignore a "y" written 1 ms after
      // its approval dialog painted, and the turn waited on the dialog until the test's bound.
      if (event.type === "status" && event.status === "blocked") void answerPermission(conversation, agent.permissionYesKeys, agent.label);
    }
    const [said, call, output, done, firstResult] = content(first);
    expect(content(first).map((e) => e.type)).toEqual(["text", "tool_call", "tool_result", "text", "result"]);
    expect(said).toEqual({ type: "text", text: "Running it now." });
    if (call?.type !== "tool_call" || output?.type !== "tool_result") throw new Error("shape");
    expect(JSON.stringify(call.input)).toContain("echo first-turn");
    expect(output).toMatchObject({ id: call.id, name: call.name, isError: false });
    expect(output.output).toContain("first-turn");
    expect(done).toEqual({ type: "text", text: "First turn done." });
    expect(firstResult).toMatchObject({ type: "result", status: "completed", text: "Running it now.\n\nFirst turn done." });

    server.enqueue({ kind: "text", text: ANSWER, thinking: THINKING });
    const second: TurnEvent[] = [];
    for await (const event of conversation.stream("second turn: think first")) second.push(event);
    const events = content(second).map((e) => (e.type === "result" ? { type: e.type, status: e.status, text: e.text } : e));
    expect(events).toEqual([
      { type: "thinking", text: THINKING },
      { type: "text", text: ANSWER },
      { type: "result", status: "completed", text: ANSWER },
    ]);
  });
});
