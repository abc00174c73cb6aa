// E2E (every pinned Claude, Codex and Qwen Code): the conversation classes send and stream a turn, events taken from the CLI's own transcript.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isElwoodError, type AgentSession, type TurnEvent } from "../../../src/index.js";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";
import { answerPermission } from "../support/answer-permission.js";
import { openConversation } from "../support/conversation-fixture.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS, ...QWEN_AGENTS];

async function collect(events: AsyncIterable<TurnEvent>): Promise<TurnEvent[]> {
  const out: TurnEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** The events that carry what the agent said and did (status and warnings are context, not content). */
function content(events: readonly TurnEvent[]): TurnEvent[] {
  return events.filter((e) => e.type !== "status" && e.type !== "warning");
}

describe.each(AGENTS)("$label: send / stream", (agent) => {
  it(`${agent.label}: send returns exactly the scripted final text, lazily starting the session (issue 17: send)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    expect(conversation.session).toBeUndefined();
    expect(conversation.status).toBe("starting");
    server.enqueue({ kind: "text", text: "The scripted answer is 42." });
    const text = await conversation.send("what is the answer?");
    expect(text).toBe("The scripted answer is 42.");
    expect(conversation.session).toBeDefined();
  });

  it(`${agent.label}: stream yields the scripted tool call, its result and the final text in order, then one result; tool_call / tool_result of one shape on every CLI (issue 17: stream, issue 33 §3, C-CODEX-19)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    server.enqueue({ kind: "bash", command: "echo tool-ran-ok" });
    server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
    const turn = conversation.stream("run the tool please");
    const seen: TurnEvent[] = [];
    for await (const event of turn) {
      seen.push(event);
      // Codex asks before it runs the command; answer like a person would.
      if (event.type === "status" && event.status === "blocked") void answerPermission(conversation, agent.permissionYesKeys, agent.label);
    }
    const events = content(seen);
    expect(events.map((e) => e.type)).toEqual(["tool_call", "tool_result", "text", "result"]);
    const [call, result, text, final] = events;
    if (call?.type !== "tool_call" || result?.type !== "tool_result" || text?.type !== "text" || final?.type !== "result") throw new Error("shape");
    // Issue 33 §3, C-CODEX-19: one shape on every CLI. A shell call's input is an object with the command itself (the
    // exec harness, snippet or JSON arguments, removed; what Codex recorded kept as raw); the result is what it printed.
    expect(call.input).toMatchObject({ command: "echo tool-ran-ok" });
    if (agent.kind === "codex") expect(call.raw).toBeDefined();
    expect(result.id).toBe(call.id);
    expect(result.name).toBe(call.name);
    expect(result.output).toBe("tool-ran-ok");
    expect(result.isError).toBe(false);
    expect(text.text).toBe("All done: tool-ran-ok");
    expect(final.status).toBe("completed");
    expect(final.text).toBe("All done: tool-ran-ok");
    expect(final.turnId).not.toBe("");
    expect(final.usage?.outputTokens).toBeGreaterThan(0);
    expect(await turn.result).toEqual(final);
  });

  it(`${agent.label}: a permission dialog mid-stream is a status blocked event; the stream continues after sendKeys (issue 17: permission, C-ATTN-01)`, async (ctx) => {
    const { conversation, server, home } = await openConversation(ctx, agent);
    const marker = path.join(home.project, "made-by-tool.txt");
    server.enqueue({ kind: "bash", command: `touch ${marker}` });
    server.enqueue({ kind: "text", text: "The file exists now." });
    const seen: TurnEvent[] = [];
    for await (const event of conversation.stream("make the file")) {
      seen.push(event);
      if (event.type === "status" && event.status === "blocked") void answerPermission(conversation, agent.permissionYesKeys, agent.label);
    }
    const blocked = seen.findIndex((e) => e.type === "status" && e.status === "blocked");
    expect(blocked).toBeGreaterThanOrEqual(0);
    const label = seen[blocked];
    expect(label?.type === "status" ? label.label : undefined).toBeTruthy();
    // After the answer the tool's result and the final text still arrive on the same stream.
    expect(content(seen.slice(blocked)).map((e) => e.type)).toEqual(["tool_result", "text", "result"]);
    expect(seen.at(-1)).toMatchObject({ type: "result", status: "completed", text: "The file exists now." });
  });

  it(`${agent.label}: interrupt mid-stream ends the stream with result status interrupted (issue 17: interrupt, C-API-38)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    server.enqueue({ kind: "slow", totalMs: 30_000 });
    const turn = conversation.stream("please stream slowly");
    await server.waitForRequest((r) => r.kind === "main", 60_000);
    await conversation.session?.waitForStatus((s) => s === "running", 30_000);
    await conversation.interrupt({ timeoutMs: 30_000 });
    const events = await collect(turn);
    expect(events.at(-1)).toMatchObject({ type: "result", status: "interrupted" });
    // The session takes the next turn normally.
    server.enqueue({ kind: "text", text: "after the interrupt" });
    expect(await conversation.send("and now?")).toBe("after the interrupt");
  });

  it(`${agent.label}: the CLI dying mid-stream rejects the iterator with session_not_running (issue 17: kill)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    server.enqueue({ kind: "slow", totalMs: 30_000 });
    const turn = conversation.stream("please stream slowly");
    await server.waitForRequest((r) => r.kind === "main", 60_000);
    const pid = conversation.session?.pid;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid as number, "SIGKILL");
    const failure = await collect(turn).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isElwoodError(failure, "session_not_running")).toBe(true);
    await expect(turn.result).rejects.toMatchObject({ name: "session_not_running" });
  });

  it(`${agent.label}: two streams started at once run one after the other, each with only its own turn (issue 17: serialization)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    server.enqueue({ kind: "text", text: "reply one", chunkDelayMs: 30 });
    server.enqueue({ kind: "text", text: "reply two" });
    const first = conversation.stream("question one");
    const second = conversation.stream("question two");
    const [a, b] = await Promise.all([collect(second), collect(first)]);
    expect(content(b).filter((e) => e.type === "text")).toEqual([{ type: "text", text: "reply one" }]);
    expect(content(a).filter((e) => e.type === "text")).toEqual([{ type: "text", text: "reply two" }]);
    expect(server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["question one", "question two"]);
    const r1 = await first.result;
    const r2 = await second.result;
    expect(r1.turnId).not.toBe(r2.turnId);
  });

  it(`${agent.label}: a consumer that breaks after the first event leaves the turn running to its end; the next send works (issue 17: early break)`, async (ctx) => {
    const { conversation, server } = await openConversation(ctx, agent);
    server.enqueue({ kind: "bash", command: "echo first-event" });
    server.enqueue({ kind: "text", text: "tool turn done" });
    const turn = conversation.stream("run it and stop listening");
    let first: TurnEvent | undefined;
    for await (const event of turn) {
      if (event.type === "status" && event.status === "blocked") {
        void answerPermission(conversation, agent.permissionYesKeys, agent.label);
        continue;
      }
      first = event;
      break;
    }
    expect(first?.type).toBe("tool_call");
    // Codex asks before it runs the command; the turn still needs its answer after the consumer left.
    const answer = (conversation.session as AgentSession | undefined)?.on("status", (e) => {
      if (e.status === "blocked") void answerPermission(conversation, agent.permissionYesKeys, agent.label);
    });
    const result = await turn.result;
    answer?.();
    expect(result).toMatchObject({ status: "completed", text: "tool turn done" });
    server.enqueue({ kind: "text", text: "next turn" });
    expect(await conversation.send("again")).toBe("next turn");
  });

  it(`${agent.label}: 50 consecutive sends on one session return 50 correct replies (issue 17: 50 sends)`, async (ctx) => {
    const { conversation } = await openConversation(ctx, agent);
    const replies: string[] = [];
    for (let i = 1; i <= 50; i++) replies.push(await conversation.send(`message number ${i}`));
    expect(replies).toEqual(Array.from({ length: 50 }, (_, i) => `FAKE-REPLY: message number ${i + 1}`));
  }, 600_000);
});
