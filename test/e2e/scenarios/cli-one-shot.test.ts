// E2E: the built elwood command as a child process drives the real Claude Code 2.1.215 offline for one jsonl turn; its text
// records equal what the scripted model server answered, and every record validates against cli/output.schema.json.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assertLoopbackOnly } from "../harness/netns.js";
import { FAKE_REPLY_PREFIX } from "../model-server/index.js";
import { cliE2ESandbox, jsonlRecords, startElwood } from "../support/cli-sandbox.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const records = (stdout: string) => jsonlRecords(SCHEMA, stdout);

describe("elwood command on Claude Code 2.1.215", () => {
  it("C-CLI-11: the scripted Bash call and its output arrive as tool records with one toolCallId, then the scripted text", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("claude", "2.1.215");
    try {
      box.server.enqueue({ kind: "bash", command: "echo tool-ran-ok" });
      box.server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
      const result = await startElwood(box, ["--output", "jsonl", "run the tool please"]).done;
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const all = records(result.stdout);
      const content = all.filter((r) => r["type"] === "tool" || r["type"] === "text" || r["type"] === "result");
      expect(content.map((r) => (r["type"] === "tool" ? `tool:${r["phase"]}` : r["type"]))).toEqual(["tool:call", "tool:result", "text", "result"]);
      const [call, output, text] = content as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
      expect(call).toMatchObject({ name: "Bash", content: "echo tool-ran-ok" });
      expect(typeof call["toolCallId"]).toBe("string");
      // A read-only `echo` runs under the built-in dontAsk posture (no dialog to answer).
      expect(output).toMatchObject({ name: "Bash", toolCallId: call["toolCallId"], isError: false });
      expect(String(output["content"])).toContain("tool-ran-ok");
      expect(text["text"]).toBe("All done: tool-ran-ok");
    } finally {
      await box.dispose();
    }
  }, 180_000);

  it("C-CLI-11, C-E2E-02: a one-shot --output jsonl run auto-detects claude; its text records equal the model server's reply; one result; schema-valid", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("claude", "2.1.215");
    try {
      const prompt = "hello from the elwood command";
      const result = await startElwood(box, ["--output", "jsonl", prompt]).done;
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const all = records(result.stdout);
      expect(all.filter((r) => r["type"] === "text").map((r) => r["text"])).toEqual([`${FAKE_REPLY_PREFIX}${prompt}`]);
      expect(box.server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
      expect(all.at(-1)).toMatchObject({ type: "result", agent: "claude", response: `${FAKE_REPLY_PREFIX}${prompt}`, cleanup: { action: "stop", status: "succeeded" } });
    } finally {
      await box.dispose();
    }
  }, 180_000);
});
