// E2E: the elwood command as a child process drives the real Claude Code 2.1.215 offline for one jsonl turn; its text
// records equal what the scripted model server answered, and every record validates against cli/output.schema.json.

import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { schemaProblems } from "../../support/json-schema-check.js";
import { ELWOOD_SOURCE } from "../../support/cli-child.js";
import { CLAUDE_VERSIONS } from "../harness/cli-paths.js";
import { createClaudeHome } from "../harness/claude-home.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { FAKE_REPLY_PREFIX, startModelServer } from "../model-server/index.js";

const SCHEMA = JSON.parse(readFileSync(new URL("../../../cli/output.schema.json", import.meta.url), "utf8")) as Record<string, unknown>;
const CLAUDE_215 = CLAUDE_VERSIONS.find((v) => v.version === "2.1.215");

function run(args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ELWOOD_SOURCE, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A sandbox home whose login shell finds Claude Code 2.1.215 as `claude`, and its model server. */
async function claudeSandbox() {
  if (!CLAUDE_215) throw new Error("Claude Code 2.1.215 is not among the pinned versions");
  const server = await startModelServer();
  const home = await createClaudeHome({ modelServerUrl: server.url });
  const bin = path.join(home.root, "bin");
  mkdirSync(bin);
  symlinkSync(CLAUDE_215.executable, path.join(bin, "claude"));
  writeFileSync(path.join(home.home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
  return {
    server,
    home,
    dispose: async () => {
      await server.close();
      await home.cleanup();
    },
  };
}

function records(stdout: string): Array<Record<string, unknown>> {
  const parsed = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const r of parsed) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
  expect(parsed.map((r) => r["sequence"])).toEqual(parsed.map((_, i) => i));
  expect(parsed.filter((r) => r["type"] === "result" || r["type"] === "error")).toHaveLength(1);
  return parsed;
}

describe("elwood command on Claude Code 2.1.215", () => {
  it("C-CLI-11: the scripted Bash call and its output arrive as tool records with one toolCallId, then the scripted text", async () => {
    assertLoopbackOnly();
    const box = await claudeSandbox();
    try {
      box.server.enqueue({ kind: "bash", command: "echo tool-ran-ok" });
      box.server.enqueue({ kind: "text", text: "All done: tool-ran-ok" });
      const result = await run(["--output", "jsonl", "run the tool please"], box.home.project, { ...box.home.env });
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
    const box = await claudeSandbox();
    try {
      const prompt = "hello from the elwood command";
      const result = await run(["--output", "jsonl", prompt], box.home.project, { ...box.home.env });
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
