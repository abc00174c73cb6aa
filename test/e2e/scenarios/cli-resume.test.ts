// E2E: the elwood command offline: on Claude Code 2.1.215 piped stdin after the prompt words in text output, then
// `sessions` lists the kept session and `resume` (json output) continues that conversation; the same on Codex 0.171.0.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaProblems } from "../../support/json-schema-check.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { cliE2ESandbox, startElwood } from "../support/cli-sandbox.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const DOCUMENT = (SCHEMA["$defs"] as Record<string, Record<string, unknown>>)["document"] as Record<string, unknown>;

describe("elwood command: text run, sessions and resume on Claude Code 2.1.215", () => {
  it("C-CLI-04, C-CLI-10, C-CLI-23, C-CLI-24: piped stdin follows the words; sessions lists the kept session; resume continues its conversation", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("claude", "2.1.215");
    try {
      box.server.enqueue({ kind: "text", text: "Noted: the code word is pelican." });
      const first = await startElwood(box, ["remember", "the", "code", "word"], "pelican\n").done;
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toBe("Noted: the code word is pelican.\n");
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual(["remember the code word\n\npelican\n"]);

      const listed = await startElwood(box, ["sessions", "--output", "json"]).done;
      expect(listed.code, listed.stderr).toBe(0);
      const doc = JSON.parse(listed.stdout) as { sessions: Array<{ id: string; agent: string; cwd: string; resumable: boolean; live: boolean }> };
      expect(doc.sessions).toHaveLength(1);
      expect(doc.sessions[0]).toMatchObject({ agent: "claude", cwd: box.project, resumable: true, live: false });
      const id = doc.sessions[0]?.id ?? "";

      box.server.enqueue({ kind: "text", text: "The code word was pelican." });
      const resumed = await startElwood(box, ["resume", id, "--output", "json", "what", "was", "the", "code", "word?"]).done;
      expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
      const result = JSON.parse(resumed.stdout) as Record<string, unknown>;
      expect(schemaProblems(SCHEMA, result, DOCUMENT)).toEqual([]);
      expect(result).toMatchObject({ type: "result", agent: "claude", sessionId: id, response: "The code word was pelican." });
      const main = box.server.requests.filter((r) => r.kind === "main");
      expect(main.at(-1)?.userText).toBe("what was the code word?");
      // The earlier turn travels with the new one: the resumed conversation, not a fresh one.
      expect(JSON.stringify(main.at(-1)?.body)).toContain("Noted: the code word is pelican.");
    } finally {
      await box.dispose();
    }
  }, 240_000);
});

describe("elwood command: sessions and resume on Codex 0.171.0", () => {
  it("C-CLI-23, C-CLI-24: a kept Codex session is listed and resume continues its conversation", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("codex", "0.171.0");
    try {
      box.server.enqueue({ kind: "text", text: "Noted: the code word is heron." });
      const first = await startElwood(box, ["--agent", "codex", "remember the code word heron"]).done;
      expect(first.code, first.stdout + first.stderr).toBe(0);
      expect(first.stdout).toBe("Noted: the code word is heron.\n");
      const listed = await startElwood(box, ["sessions", "--output", "json"]).done;
      const doc = JSON.parse(listed.stdout) as { sessions: Array<{ id: string; agent: string; resumable: boolean; live: boolean }> };
      expect(doc.sessions).toHaveLength(1);
      expect(doc.sessions[0]).toMatchObject({ agent: "codex", resumable: true, live: false });
      const id = doc.sessions[0]?.id ?? "";

      box.server.enqueue({ kind: "text", text: "The code word was heron." });
      const resumed = await startElwood(box, ["resume", id, "--output", "json", "what was the code word?"]).done;
      expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ type: "result", agent: "codex", sessionId: id, response: "The code word was heron." });
      const main = box.server.requests.filter((r) => r.kind === "main");
      expect(main.at(-1)?.userText).toBe("what was the code word?");
      expect(JSON.stringify(main.at(-1)?.body)).toContain("Noted: the code word is heron.");
    } finally {
      await box.dispose();
    }
  }, 240_000);
});
