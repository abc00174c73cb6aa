// E2E: the elwood command on Claude Code 2.1.215 offline: --image reaches the model as an image block, `models` prints
// the CLI's own /model rows, a usage error and a missing agent are status 2 before anything is launched.

import { unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { solidPng } from "../../support/png.js";
import { inCliSandbox, jsonDocument, runElwood } from "../support/cli-sandbox.js";

describe("elwood command: images, models and status 2 on Claude Code 2.1.215", () => {
  it("C-CLI-04, C-CLI-26: --image attaches the file to the user turn; models --agent claude lists the CLI's own /model rows", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      writeFileSync(path.join(box.project, "red.png"), solidPng(8, [255, 0, 0]));
      box.server.enqueue({ kind: "text", text: "A red square." });
      const run = await runElwood(box, ["--image", "red.png", "--output", "json", "what", "is", "this"]);
      expect(jsonDocument(run.stdout)).toMatchObject({ type: "result", agent: "claude", response: "A red square." });
      const turns = box.server.requests.filter((r) => r.kind === "main");
      expect(turns).toHaveLength(1);
      const messages = (turns[0]?.body as { messages?: Array<{ role: string; content: unknown }> }).messages ?? [];
      const user = messages.filter((m) => m.role === "user").at(-1);
      const blocks = Array.isArray(user?.content) ? (user.content as Array<{ type: string; text?: string }>) : [];
      expect(blocks.filter((b) => b.type === "image")).toHaveLength(1);
      expect(blocks.some((b) => b.type === "text" && String(b.text).includes("what is this"))).toBe(true);

      const models = await runElwood(box, ["models", "--agent", "claude", "--output", "json"]);
      // Issue 38: the models document is in the schema's $defs/document; jsonDocument validates it.
      const doc = jsonDocument(models.stdout) as unknown as { type: string; agent: string; models: Array<{ id: string; isCurrent: boolean }> };
      expect(doc).toMatchObject({ schemaVersion: 1, type: "models", agent: "claude" });
      expect(doc.models.map((m) => m.id)).toEqual(["default", "opus", "sonnet", "sonnet 5 (1m context)", "haiku"]);
      expect(doc.models.filter((m) => m.isCurrent)).toHaveLength(1);
    });
  }, 240_000);

  it("C-CLI-21: a usage error is status 2 with nothing launched; with no agent on the login shell's PATH the run is no_agent_found, status 2", async () => {
    await inCliSandbox("claude", "2.1.215", async (box) => {
      const usage = await runElwood(box, ["--output", "xml", "hi"], { code: 2 });
      expect(usage.stdout).toBe("");
      expect(usage.stderr).toContain("elwood: output from --output must be one of text, json, jsonl (got 'xml')");
      unlinkSync(path.join(box.bin, "claude"));
      const none = await runElwood(box, ["hello"], { code: 2 });
      expect(none.stdout).toBe("");
      expect(none.stderr).toMatch(/no agent found: none of claude, codex, qwen/);
      expect(box.server.requests.filter((r) => r.kind === "main")).toEqual([]);
    });
  }, 120_000);
});
