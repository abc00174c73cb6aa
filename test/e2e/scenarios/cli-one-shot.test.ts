// E2E: the built elwood command as a child process drives the real Claude Code 2.1.215 offline for one jsonl turn; its text
// records equal what the scripted model server answered, and every record validates against cli/output.schema.json.

import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { inCliSandbox, jsonlRecords, runElwood, toolCallThenText } from "../support/cli-sandbox.js";

describe("elwood command on Claude Code 2.1.215", () => {
  it("C-CLI-11: the scripted Bash call and its output arrive as tool records with one toolCallId, then the scripted text", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      box.server.enqueue({ kind: "bash", command: "echo tool-ran-ok" });
      box.server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
      const run = await runElwood(box, ["--output", "jsonl", "run the tool please"]);
      const [call, output, text] = toolCallThenText(jsonlRecords(run.stdout));
      expect(call).toMatchObject({ name: "Bash", content: "echo tool-ran-ok" });
      // A read-only `echo` runs under the built-in dontAsk posture (no dialog to answer).
      expect(output).toMatchObject({ name: "Bash" });
      expect(String(output["content"])).toContain("tool-ran-ok");
      expect(text["text"]).toBe("All done: tool-ran-ok");
    });
  }, 180_000);

  it("C-CLI-11, C-E2E-02: a one-shot --output jsonl run auto-detects claude; its text records equal the model server's reply; one result; schema-valid", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      const prompt = "hello from the elwood command";
      const all = jsonlRecords((await runElwood(box, ["--output", "jsonl", prompt])).stdout);
      expect(all.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual([`${FAKE_REPLY_PREFIX}${prompt}`]);
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
      expect(all.at(-1)).toMatchObject({ type: "result", agent: "claude", response: `${FAKE_REPLY_PREFIX}${prompt}`, cleanup: { action: "stop", status: "succeeded" } });
    });
  }, 180_000);

  it("C-CLI-04 (issue 38): --image naming a directory, and empty piped stdin, fail with status 2 before Claude starts: no model request, nothing written in the sandbox", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      mkdirSync(path.join(box.project, "shots"));
      // The sandbox root holds the home (~/.claude.json, ~/.claude/, the state dir), the project and the temp dir.
      const root = path.dirname(box.project);
      const tree = (): string[] =>
        readdirSync(root, { recursive: true, encoding: "utf8" })
          .sort()
          .map((p) => `${p} ${statSync(path.join(root, p)).mtimeMs}`);
      const before = tree();
      const image = await runElwood(box, ["--image", "shots", "hello"], { code: 2 });
      expect(image).toMatchObject({ stdout: "", stderr: "elwood: --image shots is not a regular file\n" });
      const empty = await runElwood(box, [], { stdin: "\n", code: 2 });
      expect(empty).toMatchObject({ stdout: "", stderr: expect.stringContaining("elwood: no prompt") });
      expect(box.server.requests).toEqual([]);
      expect(tree()).toEqual(before);
    });
  }, 180_000);
});
