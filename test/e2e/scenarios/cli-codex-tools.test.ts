// E2E: the elwood command on Codex 0.171.0 offline: the scripted code-mode shell call and its output arrive as jsonl tool
// records sharing one toolCallId, then the scripted text.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assertLoopbackOnly } from "../harness/netns.js";
import { cliE2ESandbox, jsonlRecords, startElwood } from "../support/cli-sandbox.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;

describe("elwood command: tool records on Codex 0.171.0", () => {
  it("C-CLI-11: the scripted shell call and its output are tool records with one toolCallId, then the scripted text", async () => {
    assertLoopbackOnly();
    const box = await cliE2ESandbox("codex", "0.171.0");
    try {
      // Code mode's exec tool running a plain (not escalated) command: the default sandbox allows it with approval never.
      box.server.enqueue({ kind: "tool", name: "exec", input: 'const r = await tools.exec_command({"cmd":"echo tool-ran-ok"});\ntext(r);' });
      box.server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
      const run = await startElwood(box, ["--agent", "codex", "--output", "jsonl", "run the tool please"]).done;
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const all = jsonlRecords(SCHEMA, run.stdout);
      const content = all.filter((r) => r["type"] === "tool" || r["type"] === "text" || r["type"] === "result");
      expect(content.map((r) => (r["type"] === "tool" ? `tool:${r["phase"]}` : r["type"]))).toEqual(["tool:call", "tool:result", "text", "result"]);
      const [call, output, text] = content as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
      expect(call).toMatchObject({ name: "exec" });
      expect(String(call["content"])).toContain("echo tool-ran-ok");
      expect(typeof call["toolCallId"]).toBe("string");
      expect(output).toMatchObject({ name: "exec", toolCallId: call["toolCallId"], isError: false });
      expect(String(output["content"])).toContain("tool-ran-ok");
      expect(text["text"]).toBe("All done: tool-ran-ok");
    } finally {
      await box.dispose();
    }
  }, 180_000);
});
