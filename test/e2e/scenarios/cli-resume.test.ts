// E2E: the elwood command offline: on Claude Code 2.1.215 piped stdin after the prompt words in text output, then
// `sessions` lists the kept session and `resume` (json output) continues that conversation; the same on Codex 0.171.0.

import { describe, expect, it } from "vitest";
import { type CliE2ESandbox, inCliSandbox, jsonDocument, runElwood } from "../support/cli-sandbox.js";

/** `elwood sessions --output json` in the sandbox: exactly one stored session, which must match `expected`; its id. */
async function theOneSession(box: CliE2ESandbox, expected: Record<string, unknown>): Promise<string> {
  const listed = await runElwood(box, ["sessions", "--output", "json"]);
  const doc = JSON.parse(listed.stdout) as { sessions: Array<{ id: string }> };
  expect(doc.sessions).toHaveLength(1);
  expect(doc.sessions[0]).toMatchObject(expected);
  return doc.sessions[0]?.id ?? "";
}

/** Resumes session `id` with `question` (json output) and checks the reply and that the earlier turn travelled with it. */
async function expectResumeContinues(box: CliE2ESandbox, agent: "claude" | "codex", id: string, question: readonly string[], reply: string, earlier: string): Promise<void> {
  box.server.enqueue({ kind: "text", text: reply });
  const resumed = await runElwood(box, ["resume", id, "--output", "json", ...question]);
  expect(jsonDocument(resumed.stdout)).toMatchObject({ type: "result", agent, sessionId: id, response: reply });
  const main = box.server.requests.filter((r) => r.kind === "main");
  expect(main.at(-1)?.userText).toBe(question.join(" "));
  // The earlier turn travels with the new one: the resumed conversation, not a fresh one.
  expect(JSON.stringify(main.at(-1)?.body)).toContain(earlier);
}

describe("elwood command: text run, sessions and resume on Claude Code 2.1.215", () => {
  it("C-CLI-04, C-CLI-10, C-CLI-23, C-CLI-24: piped stdin follows the words; sessions lists the kept session; resume continues its conversation", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      box.server.enqueue({ kind: "text", text: "Noted: the code word is pelican." });
      const first = await runElwood(box, ["remember", "the", "code", "word"], { stdin: "pelican\n" });
      expect(first.stdout).toBe("Noted: the code word is pelican.\n");
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["remember the code word\n\npelican\n"]);
      const id = await theOneSession(box, { agent: "claude", cwd: box.project, resumable: true, live: false });
      await expectResumeContinues(box, "claude", id, ["what", "was", "the", "code", "word?"], "The code word was pelican.", "Noted: the code word is pelican.");
    });
  }, 240_000);
});

describe("elwood command: sessions and resume on Codex 0.171.0", () => {
  it("C-CLI-23, C-CLI-24: a kept Codex session is listed and resume continues its conversation", async () => {
    await inCliSandbox("codex", "0.171.0", async (box) => {
      box.server.enqueue({ kind: "text", text: "Noted: the code word is heron." });
      const first = await runElwood(box, ["--agent", "codex", "remember the code word heron"]);
      expect(first.stdout).toBe("Noted: the code word is heron.\n");
      const id = await theOneSession(box, { agent: "codex", resumable: true, live: false });
      await expectResumeContinues(box, "codex", id, ["what was the code word?"], "The code word was heron.", "Noted: the code word is heron.");
    });
  }, 240_000);
});
