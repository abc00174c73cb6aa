// E2E: the elwood command on Codex 0.171.0 offline: the scripted code-mode shell call and its output arrive as jsonl tool
// records sharing one toolCallId, then the scripted text.

import { describe, expect, it } from "vitest";
import { inCliSandbox, jsonlRecords, runElwood, toolCallThenText } from "../support/cli-sandbox.js";

describe("elwood command: tool records on Codex 0.171.0", () => {
  it("C-CLI-11: the scripted shell call and its output are tool records with one toolCallId, then the scripted text", async () => {
    await inCliSandbox("codex", "0.171.0", async (box) => {
      // Code mode's exec tool running a plain (not escalated) command: the default sandbox allows it with approval never.
      box.server.enqueue({ kind: "tool", name: "exec", input: 'const r = await tools.exec_command({"cmd":"echo tool-ran-ok"});\ntext(r);' });
      box.server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
      const run = await runElwood(box, ["--agent", "codex", "--output", "jsonl", "run the tool please"]);
      const [call, output, text] = toolCallThenText(jsonlRecords(run.stdout));
      expect(call).toMatchObject({ name: "exec" });
      expect(String(call["content"])).toContain("echo tool-ran-ok");
      expect(output).toMatchObject({ name: "exec", });
      expect(String(output["content"])).toContain("tool-ran-ok");
      expect(text["text"]).toBe("All done: tool-ran-ok");
    });
  }, 180_000);
});
