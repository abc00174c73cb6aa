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

describe("elwood command on Claude Code 2.1.215", () => {
  it("C-CLI-11, C-E2E-02: a one-shot --output jsonl run auto-detects claude; its text records equal the model server's reply; one result; schema-valid", async () => {
    assertLoopbackOnly();
    if (!CLAUDE_215) throw new Error("Claude Code 2.1.215 is not among the pinned versions");
    const server = await startModelServer();
    const home = await createClaudeHome({ modelServerUrl: server.url });
    try {
      // The account's login shell (bash) finds `claude` through the sandbox home's profile, as a user's would.
      const bin = path.join(home.root, "bin");
      mkdirSync(bin);
      symlinkSync(CLAUDE_215.executable, path.join(bin, "claude"));
      writeFileSync(path.join(home.home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
      const prompt = "hello from the elwood command";
      const result = await run(["--output", "jsonl", prompt], home.project, { ...home.env });
      expect(result.code, result.stderr).toBe(0);
      const records = result.stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const r of records) expect(schemaProblems(SCHEMA, r), JSON.stringify(r)).toEqual([]);
      expect(records.map((r) => r["sequence"])).toEqual(records.map((_, i) => i));
      const texts = records.filter((r) => r["type"] === "text").map((r) => r["text"]);
      expect(texts).toEqual([`${FAKE_REPLY_PREFIX}${prompt}`]);
      expect(server.requests.filter((r) => r.kind === "main").map((r) => r.userText)).toEqual([prompt]);
      expect(records.filter((r) => r["type"] === "result" || r["type"] === "error")).toHaveLength(1);
      expect(records.at(-1)).toMatchObject({ type: "result", agent: "claude", response: `${FAKE_REPLY_PREFIX}${prompt}`, cleanup: { action: "stop", status: "succeeded" } });
    } finally {
      await server.close();
      await home.cleanup();
    }
  }, 180_000);
});
