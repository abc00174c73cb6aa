// `elwood serve --agent claude` as a child process on the simulated Claude (no Codex installed): a client's bad input is
// answered at once with a typed 4xx naming the library's code, never accepted now and failed later as a 500 (issue 38).

import { describe, expect, it } from "vitest";
import { sandboxPerTest } from "../support/cli-child.js";
import { rawRequest, type ServeChild, startServe } from "../support/serve-child.js";
import { type CheckedDocument, expectMatchesDocument, requestBodyProblems } from "../serve-support/openapi-check.js";

const sandbox = sandboxPerTest();

/** A JSON request whose reply is validated against the served document for the route pattern and status. */
async function call(server: ServeChild, doc: CheckedDocument, method: "GET" | "POST", path: string, pattern: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await rawRequest(`${server.url}${path}`, {
    method,
    headers: { ...server.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = reply.json() as Record<string, unknown>;
  expectMatchesDocument(doc, method, pattern, reply.status, json);
  return { status: reply.status, body: json };
}

async function stop(server: ServeChild): Promise<void> {
  server.child.signal("SIGTERM");
  await server.child.done;
}

describe("elwood serve: input errors are typed 4xx at the request that caused them (issue 38)", () => {
  it("issue 38: creating a session for an agent not installed is 422 codex_not_found, a bogus reasoningEffort 400 claude_invalid_reasoning_effort; nothing is created", async () => {
    const server = await startServe(sandbox(), ["--agent", "claude"]);
    try {
      const doc = (await rawRequest(`${server.url}/openapi.json`, { headers: server.auth })).json() as CheckedDocument;
      const codex = await call(server, doc, "POST", "/v1/sessions", "/v1/sessions", { agent: "codex" });
      expect([codex.status, codex.body["title"]]).toEqual([422, "codex_not_found"]);
      const effort = await call(server, doc, "POST", "/v1/sessions", "/v1/sessions", { reasoningEffort: "bogus" });
      expect([effort.status, effort.body["title"]]).toEqual([400, "claude_invalid_reasoning_effort"]);
      expect(String(effort.body["detail"])).toContain("low, medium, high, xhigh, max");
      const list = await call(server, doc, "GET", "/v1/sessions", "/v1/sessions");
      // Only the default session agentapi's routes serve.
      expect((list.body["sessions"] as { id: string }[]).map((s) => s.id)).toEqual(["default"]);
      // A valid one is still created.
      const ok = await call(server, doc, "POST", "/v1/sessions", "/v1/sessions", { reasoningEffort: "high" });
      expect(ok.status).toBe(201);
    } finally {
      await stop(server);
    }
  }, 90_000);

  it("issue 38: a send timeoutMs above 2^31 − 1 ms is 422 (the document says so); an empty 'user' /message or raw keys over 16384 characters are 422 and the document refuses them too; /status has agentapi 0.12's transport", async () => {
    const server = await startServe(sandbox(), ["--agent", "claude"]);
    try {
      const doc = (await rawRequest(`${server.url}/openapi.json`, { headers: server.auth })).json() as CheckedDocument;
      const created = await call(server, doc, "POST", "/v1/sessions", "/v1/sessions", {});
      const send = `/v1/sessions/${String(created.body["id"])}/send`;
      for (const timeoutMs of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
        expect(requestBodyProblems(doc, "POST", "/v1/sessions/:id/send", { text: "hi", timeoutMs })).not.toEqual([]);
        const refused = await call(server, doc, "POST", send, "/v1/sessions/:id/send", { text: "hi", timeoutMs });
        expect([refused.status, refused.body["title"]]).toEqual([422, "invalid_body"]);
      }
      expect(requestBodyProblems(doc, "POST", "/v1/sessions/:id/send", { text: "hi", timeoutMs: 2 ** 31 - 1 })).toEqual([]);

      for (const content of ["", "  \n\t"]) {
        expect(requestBodyProblems(doc, "POST", "/message", { content, type: "user" })).not.toEqual([]);
        const refused = await call(server, doc, "POST", "/message", "/message", { content, type: "user" });
        expect([refused.status, refused.body["title"]]).toEqual([422, "invalid_body"]);
      }
      // Raw keys may be white space (Enter), in the document as on the server.
      expect(requestBodyProblems(doc, "POST", "/message", { content: "\r", type: "raw" })).toEqual([]);
      // Raw keys are bounded (16384 characters) through both APIs: a CLI redraws on every key, and the server parses it all.
      const tooManyKeys = "z".repeat(16_385);
      expect(requestBodyProblems(doc, "POST", "/message", { content: tooManyKeys, type: "raw" })).not.toEqual([]);
      const raw = await call(server, doc, "POST", "/message", "/message", { content: tooManyKeys, type: "raw" });
      expect([raw.status, raw.body["title"]]).toEqual([422, "invalid_body"]);
      const keys = await call(server, doc, "POST", `/v1/sessions/${String(created.body["id"])}/keys`, "/v1/sessions/:id/keys", { keys: tooManyKeys });
      expect([keys.status, keys.body["title"]]).toEqual([422, "invalid_body"]);

      const status = await call(server, doc, "GET", "/status", "/status");
      expect(status.body).toMatchObject({ agent_type: "claude", transport: "pty" });
    } finally {
      await stop(server);
    }
  }, 90_000);
});
