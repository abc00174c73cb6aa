// E2E (Claude 2.1.332, Codex 0.171.0, Qwen Code 0.24.4): `elwood serve`'s native routes over a real HTTP server — an SSE client follows a
// turn with a tool call end to end (answering the permission dialog through POST …/keys), its stream is dropped
// mid-turn and resumed with Last-Event-ID, and the pieces equal the whole turn: nothing lost, nothing repeated.
import { describe, expect, it } from "vitest";
import type { SendResponse, SessionInfo } from "../../../cli/serve/schemas/native.js";
import type { ServedSession, SessionSpec } from "../../../cli/serve/session-registry.js";
import type { AgentKind } from "../../../src/index.js";
import { expectFramesMatchDocument } from "../../serve-support/openapi-check.js";
import { connectSse, type ReceivedFrame, type SseConnection } from "../../serve-support/sse-client.js";
import { startServeWith, TEST_TOKEN } from "../../serve-support/sim-server.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { CLAUDE_AGENTS, type E2EAgent, type E2EHome } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { constructConversation } from "../support/conversation-fixture.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";

const AGENTS = [...CLAUDE_AGENTS, ...CODEX_AGENTS, ...QWEN_AGENTS].filter((a) => a.version === "2.1.332" || a.version === "0.171.0" || a.kind === "qwen");
const STREAM = "/v1/sessions/:id/stream";
const auth = { authorization: `Bearer ${TEST_TOKEN}` };

type FrameData = { turnId?: string; type?: string; status?: string; text?: string; input?: unknown; output?: string };
const data = (f: ReceivedFrame): FrameData => JSON.parse(f.data) as FrameData;

/** The same launch recipe as the primary-API e2e fixture, as the server's session factory. */
function factory(agent: E2EAgent, home: E2EHome) {
  return async (_spec: SessionSpec): Promise<{ agent: AgentKind; cwd: string; session: ServedSession }> => ({
    agent: agent.kind,
    cwd: home.project,
    session: constructConversation(agent, home),
  });
}

describe.each(AGENTS)("$label: elwood serve native routes", (agent) => {
  it(`${agent.label}: an SSE client follows a tool turn end to end; dropped mid-turn and resumed with Last-Event-ID it loses and repeats nothing (issue 20)`, async (ctx) => {
    assertLoopbackOnly();
    const model = await startModelServer();
    const home = await agent.createHome(model, {});
    const server = await startServeWith(factory(agent, home));
    const connections: SseConnection[] = [];
    ctx.onTestFinished(async () => {
      for (const c of connections) c.drop();
      await server.close();
      await model.close();
      await home.cleanup();
    });
    const created = await server.call<SessionInfo>("POST", "/v1/sessions", "/v1/sessions", { agent: agent.kind });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const streamUrl = `${server.url}/v1/sessions/${id}/stream`;
    model.enqueue({ kind: "bash", command: "echo tool-ran-ok" });
    model.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
    const sent = await server.call<SendResponse>("POST", `/v1/sessions/${id}/send`, "/v1/sessions/:id/send", { text: "run the tool please" });
    expect(sent.status).toBe(202);
    const { turnId, afterEventId } = sent.body;
    const isResult = (f: ReceivedFrame) => f.event === "result" && data(f).turnId === turnId;

    // The first connection follows the turn until it is under way, then drops like a network failure.
    const first = await connectSse(`${streamUrl}?lastEventId=${String(afterEventId)}`, { headers: auth });
    connections.push(first);
    await first.waitFor((f) => f.event === "status_change" && data(f).status === "running", 90_000);
    first.drop();
    expect(first.frames.some(isResult)).toBe(false);

    // The resumed connection continues after the last id received; a permission dialog (replayed if it came while
    // no client was connected) is answered through the keys route, as a person would from a web UI.
    const resumed = await connectSse(streamUrl, { headers: { ...auth, "last-event-id": String(first.lastEventId) } });
    connections.push(resumed);
    const answered = new Set<string>();
    const isBlocked = (f: ReceivedFrame) => f.event === "status" && data(f).status === "blocked" && !answered.has(String(f.id));
    for (;;) {
      const next = await resumed.waitFor((f) => isBlocked(f) || isResult(f), 90_000);
      if (isResult(next)) break;
      answered.add(String(next.id));
      const keys = await server.call("POST", `/v1/sessions/${id}/keys`, "/v1/sessions/:id/keys", { keys: agent.permissionYesKeys });
      expect(keys.status).toBe(200);
    }

    // The whole turn replayed in one piece after it ended is exactly the two pieces joined.
    const whole = await connectSse(`${streamUrl}?lastEventId=${String(afterEventId)}`, { headers: auth });
    connections.push(whole);
    await whole.waitFor(isResult, 30_000);
    const upToResult = (frames: readonly ReceivedFrame[]) => frames.slice(0, frames.findIndex(isResult) + 1);
    const joined = [...first.frames, ...upToResult(resumed.frames)];
    expect(resumed.frames.some((f) => f.event === "reset")).toBe(false);
    expect(joined).toEqual(upToResult(whole.frames));
    const ids = joined.map((f) => Number(f.id));
    expect(ids).toEqual(ids.map((_, i) => afterEventId + 1 + i));
    expectFramesMatchDocument(server.doc, STREAM, joined);

    const turn = joined.filter((f) => ["tool_call", "tool_result", "text", "result"].includes(f.event));
    expect(turn.map((f) => f.event)).toEqual(["tool_call", "tool_result", "text", "result"]);
    expect(JSON.stringify(data(turn[0] as ReceivedFrame).input)).toContain("echo tool-ran-ok");
    expect(data(turn[1] as ReceivedFrame).output).toContain("tool-ran-ok");
    expect(data(turn[3] as ReceivedFrame)).toMatchObject({ type: "result", status: "completed", text: "All done: tool-ran-ok" });

    const info = await server.call<SessionInfo>("GET", `/v1/sessions/${id}`, "/v1/sessions/:id");
    expect(info.body).toMatchObject({ agent: agent.kind, busy: false, queuedTurns: 0 });
    const deleted = await server.call("DELETE", `/v1/sessions/${id}`, "/v1/sessions/:id");
    expect(deleted.status).toBe(200);
  });
});
