// E2E: the built elwood command runs one offline turn in each output format (text, json, jsonl) on every pinned CLI:
// Claude Code 2.1.215 / 2.1.332 and Codex 0.144.6 / 0.171.0; each output carries exactly the model server's reply.

import { describe, expect, it } from "vitest";
import { CLAUDE_VERSIONS, CODEX_VERSIONS } from "../harness/cli-paths.js";
import { expectNothingLeft, inCliSandbox, jsonDocument, jsonlRecords, runElwood } from "../support/cli-sandbox.js";

const PINNED = [
  ...CLAUDE_VERSIONS.map((v) => ({ agent: "claude" as const, version: v.version })),
  ...CODEX_VERSIONS.map((v) => ({ agent: "codex" as const, version: v.version })),
];

describe.each(PINNED)("elwood command: one turn per output format on $agent $version", ({ agent, version }) => {
  it(`C-CLI-10, C-CLI-11, C-E2E-02: ${agent} ${version}: text is the reply alone, json one schema-valid document, jsonl text records then one result`, async () => {
    await inCliSandbox(agent, version, async (box) => {
      const main = (): Array<string | undefined> => box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText);

      box.server.enqueue({ kind: "text", text: "Plain words for a person." });
      const text = await runElwood(box, ["--agent", agent, "--output", "text", "say", "it", "plainly"]);
      expect(text.stdout).toBe("Plain words for a person.\n");
      expect(main()).toEqual(["say it plainly"]);

      box.server.enqueue({ kind: "text", text: "One document." });
      const json = await runElwood(box, ["--agent", agent, "--output", "json", "answer as json"]);
      expect(jsonDocument(json.stdout)).toMatchObject({ type: "result", agent, response: "One document." });
      expect(main()).toEqual(["say it plainly", "answer as json"]);

      box.server.enqueue({ kind: "text", text: "A stream of records." });
      const records = jsonlRecords((await runElwood(box, ["--agent", agent, "--output", "jsonl", "answer as jsonl"])).stdout);
      expect(records.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual(["A stream of records."]);
      expect(records.at(-1)).toMatchObject({ type: "result", agent, response: "A stream of records.", cleanup: { action: "stop", status: "succeeded" } });
      expect(main()).toEqual(["say it plainly", "answer as json", "answer as jsonl"]);
      // Each run stopped its CLI and left nothing running.
      await expectNothingLeft(box);
    });
  }, 360_000);
});
