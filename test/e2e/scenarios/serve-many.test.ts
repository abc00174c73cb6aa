// E2E (Claude 2.1.332 and Codex 0.171.0 side by side): one `elwood serve` server runs 8 real agent sessions at once
// through its native routes; each completes its own turn with its own answer, and a ninth session is refused at the cap.
import { describe, expect, it } from "vitest";
import type { SendResponse, SessionInfo, SessionList } from "../../../cli/serve/schemas/native.js";
import type { ServedSession, SessionSpec } from "../../../cli/serve/session-registry.js";
import { ClaudeSession, CodexSession } from "../../../src/index.js";
import { expectFramesMatchDocument } from "../../serve-support/openapi-check.js";
import { connectSse, type ReceivedFrame, type SseConnection } from "../../serve-support/sse-client.js";
import { startServeWith, TEST_TOKEN } from "../../serve-support/sim-server.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { CLAUDE_AGENTS, type E2EAgent, type E2EHome } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";

const CLAUDE = CLAUDE_AGENTS.find((a) => a.version === "2.1.332");
const CODEX = CODEX_AGENTS.find((a) => a.version === "0.171.0");
const SESSIONS = 8;
const auth = { authorization: `Bearer ${TEST_TOKEN}` };

type FrameData = { turnId?: string; status?: string; text?: string };
const data = (f: ReceivedFrame): FrameData => JSON.parse(f.data) as FrameData;

describe("elwood serve: many real sessions on one server", () => {
  it("8 sessions (4 Claude 2.1.332, 4 Codex 0.171.0) on one server each complete a turn with their own answer; a ninth is refused 429 session_limit (issue 20)", async (ctx) => {
    assertLoopbackOnly();
    if (CLAUDE === undefined || CODEX === undefined) throw new Error("the pinned Claude 2.1.332 and Codex 0.171.0 are needed");
    const agents: Record<"claude" | "codex", E2EAgent> = { claude: CLAUDE, codex: CODEX };
    // One scripted model server for all: with nothing queued it echoes each prompt, so every answer names its session.
    const model = await startModelServer();
    const homes: E2EHome[] = [];
    const connections: SseConnection[] = [];
    // Each session gets its own home (its own CLI config), as separate users of one server would.
    const factory = async (spec: SessionSpec): Promise<{ agent: "claude" | "codex"; cwd: string; session: ServedSession }> => {
      const kind = spec.agent ?? "claude";
      if (kind !== "claude" && kind !== "codex") throw new Error(`this scenario serves no ${kind} sessions`);
      const agent = agents[kind];
      const home = await agent.createHome(model, {});
      homes.push(home);
      const session =
        kind === "claude"
          ? new ClaudeSession({ cwd: home.project, executable: agent.executable, env: home.env })
          : new CodexSession({ cwd: home.project, executable: agent.executable, env: home.env });
      return { agent: kind, cwd: home.project, session };
    };
    const server = await startServeWith(factory, { maxSessions: SESSIONS });
    ctx.onTestFinished(async () => {
      for (const c of connections) c.drop();
      await server.close();
      await model.close();
      await Promise.all(homes.map((h) => h.cleanup()));
    });

    const kinds = Array.from({ length: SESSIONS }, (_, i): "claude" | "codex" => (i % 2 === 0 ? "claude" : "codex"));
    const ids: string[] = [];
    for (const kind of kinds) {
      const created = await server.call<SessionInfo>("POST", "/v1/sessions", "/v1/sessions", { agent: kind });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const refused = await server.call("POST", "/v1/sessions", "/v1/sessions", { agent: "claude" });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain("session_limit");

    // Every session starts and runs its turn at the same time.
    const results = await Promise.all(
      ids.map(async (id, i) => {
        const sent = await server.call<SendResponse>("POST", `/v1/sessions/${id}/send`, "/v1/sessions/:id/send", { text: `session number ${String(i)} says hello` });
        expect(sent.status).toBe(202);
        const { turnId, afterEventId } = sent.body;
        const stream = await connectSse(`${server.url}/v1/sessions/${id}/stream?lastEventId=${String(afterEventId)}`, { headers: auth });
        connections.push(stream);
        const result = await stream.waitFor((f) => f.event === "result" && data(f).turnId === turnId, 240_000);
        expectFramesMatchDocument(server.doc, "/v1/sessions/:id/stream", stream.frames);
        return data(result);
      }),
    );
    results.forEach((result, i) => {
      expect(result.status).toBe("completed");
      expect(result.text).toContain(`session number ${String(i)} says hello`);
    });

    const listed = await server.call<SessionList>("GET", "/v1/sessions", "/v1/sessions");
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s) => s.agent).sort()).toEqual([...kinds].sort());
  }, 420_000);
});
