// E2E: the built `elwood serve --agent …` drives the real Claude Code 2.1.332 and Codex 0.171.0 offline; an SSE client follows one turn
// through agentapi's routes (every reply and frame validated against the server's /openapi.json), and SIGTERM mid-turn
// leaves no process behind.

import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { eventually } from "../../support/eventually.js";
import { type CheckedDocument, expectFramesMatchDocument, expectMatchesDocument } from "../../serve-support/openapi-check.js";
import { connectSse } from "../../serve-support/sse-client.js";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { type CliE2ESandbox, expectNothingLeft, inCliSandbox } from "../support/cli-sandbox.js";

interface Served {
  readonly url: string;
  readonly auth: Record<string, string>;
  readonly exited: Promise<number | null>;
  readonly output: () => string;
  signal(name: NodeJS.Signals): void;
}

/** Starts the built command's server on a free port and reads its listening line. */
async function serve(box: CliE2ESandbox, agent: "claude" | "codex"): Promise<Served> {
  const child = spawn(process.execPath, [box.command, "serve", "--agent", agent, "--port", "0"], { cwd: box.project, env: box.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  await eventually(() => stdout.includes("\n") || child.exitCode !== null, 60_000, "the listening line");
  const listening = JSON.parse(stdout.split("\n")[0] as string) as { url: string; token: string };
  return { url: listening.url, auth: { authorization: `Bearer ${listening.token}` }, exited, output: () => stdout + stderr, signal: (name) => child.kill(name) };
}

async function getJson(server: Served, doc: CheckedDocument | undefined, path: string): Promise<unknown> {
  const reply = await fetch(`${server.url}${path}`, { headers: server.auth });
  const body = (await reply.json()) as unknown;
  if (doc !== undefined) expectMatchesDocument(doc, "GET", path, reply.status, body);
  return body;
}

async function post(server: Served, doc: CheckedDocument, content: string): Promise<void> {
  const reply = await fetch(`${server.url}/message`, { method: "POST", headers: { ...server.auth, "content-type": "application/json" }, body: JSON.stringify({ content, type: "user" }) });
  const body = (await reply.json()) as unknown;
  expectMatchesDocument(doc, "POST", "/message", reply.status, body);
  expect(body).toEqual({ ok: true });
}

async function stable(server: Served, doc: CheckedDocument): Promise<void> {
  await expect.poll(async () => ((await getJson(server, doc, "/status")) as { status: string }).status, { timeout: 120_000, interval: 250 }).toBe("stable");
}

const PINNED = [
  ["claude", "2.1.332"],
  ["codex", "0.171.0"],
] as const;

describe("elwood serve on Claude Code 2.1.332 and Codex 0.171.0 (issue 20)", () => {
  it.each(PINNED)("%s %s: an SSE client follows one turn through agentapi's routes: running → stable, message_update with the model's text; every reply validates", async (agent, version) => {
    await inCliSandbox(agent, version, async (box) => {
      const server = await serve(box, agent);
      try {
        const doc = (await getJson(server, undefined, "/openapi.json")) as CheckedDocument;
        await stable(server, doc);
        const events = await connectSse(`${server.url}/events`, { headers: server.auth });
        const prompt = "hello through elwood serve";
        await post(server, doc, prompt);
        const user = await events.waitFor((f) => f.event === "message_update" && JSON.parse(f.data).role === "user", 60_000);
        const running = await events.waitFor((f) => f.event === "status_change" && f.id !== undefined && Number(f.id) > Number(user.id) && JSON.parse(f.data).status === "running", 60_000);
        const reply = await events.waitFor((f) => f.event === "message_update" && JSON.parse(f.data).role === "agent", 120_000);
        const done = await events.waitFor((f) => f.event === "status_change" && Number(f.id) > Number(running.id) && JSON.parse(f.data).status === "stable", 120_000);
        expect(JSON.parse(reply.data).message).toBe(`${FAKE_REPLY_PREFIX}${prompt}`);
        expect(Number(reply.id)).toBeLessThan(Number(done.id));
        expectFramesMatchDocument(doc, "/events", events.frames);
        expect(await getJson(server, doc, "/status")).toEqual({ agent_type: agent, status: "stable", transport: "pty" });
        const { messages } = (await getJson(server, doc, "/messages")) as { messages: Array<{ role: string; content: string }> };
        expect(messages.map((m) => [m.role, m.content])).toEqual([
          ["user", prompt],
          ["agent", `${FAKE_REPLY_PREFIX}${prompt}`],
        ]);
        expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
        events.drop();
      } finally {
        server.signal("SIGTERM");
        expect(await server.exited, server.output()).toBe(0);
      }
      await expectNothingLeft(box);
    });
  }, 300_000);

  it("claude 2.1.332: POST /message while the agent runs is queued and becomes its own later turn (agentapi would fail it)", async () => {
    await inCliSandbox("claude", "2.1.332", async (box) => {
      const server = await serve(box, "claude");
      try {
        const doc = (await getJson(server, undefined, "/openapi.json")) as CheckedDocument;
        await stable(server, doc);
        box.server.enqueue({ kind: "slow", text: "the slow first answer", totalMs: 4_000 });
        await post(server, doc, "first question");
        await eventually(() => box.server.requests.some((r) => r.kind === "main"), 120_000, "the first model request");
        expect(((await getJson(server, doc, "/status")) as { status: string }).status).toBe("running");
        await post(server, doc, "second question");
        await expect.poll(async () => ((await getJson(server, doc, "/messages")) as { messages: unknown[] }).messages.length, { timeout: 120_000, interval: 250 }).toBe(4);
        await stable(server, doc);
        const { messages } = (await getJson(server, doc, "/messages")) as { messages: Array<{ role: string; content: string }> };
        expect(messages.map((m) => [m.role, m.content])).toEqual([
          ["user", "first question"],
          ["agent", "the slow first answer"],
          ["user", "second question"],
          ["agent", `${FAKE_REPLY_PREFIX}second question`],
        ]);
        // Two model requests, one per turn: the second message was not folded into the first turn.
        expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["first question", "second question"]);
      } finally {
        server.signal("SIGTERM");
        expect(await server.exited, server.output()).toBe(0);
      }
      await expectNothingLeft(box);
    });
  }, 300_000);

  it("claude 2.1.332: SIGTERM mid-turn: the server exits 0, its event stream ends, and no process is left behind", async () => {
    await inCliSandbox("claude", "2.1.332", async (box) => {
      const server = await serve(box, "claude");
      const doc = (await getJson(server, undefined, "/openapi.json")) as CheckedDocument;
      await stable(server, doc);
      const events = await connectSse(`${server.url}/events`, { headers: server.auth });
      await post(server, doc, "HANG until the server stops");
      await eventually(() => box.server.requests.some((r) => r.kind === "main"), 120_000, "the model request");
      server.signal("SIGTERM");
      expect(await server.exited, server.output()).toBe(0);
      await events.ended;
      await expectNothingLeft(box);
    });
  }, 300_000);
});
