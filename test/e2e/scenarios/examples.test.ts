// E2E: the example scripts (C-APP-11) through `npm run`, on the newest pinned Claude Code and Codex offline: each prints
// only its own lines (no byte of the CLI's screen), ends its session, and leaves no process behind.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../harness/cli-paths.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { FAKE_REPLY_PREFIX, type ModelServer, startModelServer } from "../model-server/index.js";
import { CLAUDE_AGENTS, type E2EAgent } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { processesWithEnv } from "../support/processes.js";

const MARK = "ELWOOD_EXAMPLES_E2E";
const NEWEST = [CLAUDE_AGENTS.at(-1), CODEX_AGENTS.at(-1)].filter((a): a is E2EAgent => a !== undefined);

interface ExampleRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The processes that carried this run's mark (the supervisor, the example, the CLI and its children) after it ended. */
  readonly left: number[];
}

/** `npm run example:<name> -- --agent … --cwd <sandbox project> --executable <pinned CLI> <prompt>` in the sandbox's env. */
async function runExample(
  agent: E2EAgent,
  name: string,
  prompt: string,
  options: { readonly script?: (server: ModelServer) => void; readonly flags?: readonly string[]; readonly after?: (project: string) => void } = {},
): Promise<ExampleRun & { readonly requests: readonly string[] }> {
  assertLoopbackOnly();
  const server = await startModelServer();
  options.script?.(server);
  const home = await agent.createHome(server, {});
  try {
    const mark = randomUUID();
    const args = ["run", "--silent", `example:${name}`, "--", "--agent", agent.kind, "--cwd", home.project, "--executable", agent.executable, ...(options.flags ?? []), prompt];
    const child = spawn("npm", args, { cwd: REPO_ROOT, env: { ...process.env, ...home.env, [MARK]: mark }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    await expect.poll(() => processesWithEnv(MARK, mark), { timeout: 15_000 }).toEqual([]);
    options.after?.(home.project);
    return { code, stdout, stderr, left: processesWithEnv(MARK, mark), requests: server.requests.filter((r) => r.kind === "main").map((r) => r.userText) };
  } finally {
    await server.close();
    await home.cleanup();
  }
}

describe.each(NEWEST)("$label: example scripts", (agent) => {
  it(`C-APP-11 ${agent.label}: npm run example:ask prints the answer and nothing of the CLI's screen`, async () => {
    const prompt = "hello from the ask example";
    const run = await runExample(agent, "ask", prompt);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toBe(`${FAKE_REPLY_PREFIX}${prompt}\n`);
    expect(run.stderr).not.toContain("\u001b");
    expect(run.requests).toEqual([prompt]);
    expect(run.left).toEqual([]);
  }, 240_000);

  it(`C-APP-11 ${agent.label}: npm run example:status-log prints statuses, the reply's activity and the explained decisions`, async () => {
    const prompt = "hello from the status-log example";
    const run = await runExample(agent, "status-log", prompt);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain("\u001b");
    const lines = run.stdout.trim().split("\n");
    for (const line of lines) expect(line).toMatch(/^(status|activity|decision): /);
    expect(lines).toContain("status: running → ready");
    expect(lines.some((l) => l.startsWith("activity: transcript assistant_message"))).toBe(true);
    expect(lines.filter((l) => l.startsWith("decision: ")).length).toBeGreaterThan(2);
    expect(run.requests).toEqual([prompt]);
  }, 240_000);

  it(`C-APP-11 ${agent.label}: npm run example:stream -- --allow-tools prints the tool call, its result, the text and one result; the tool really ran`, async () => {
    let made = false;
    const run = await runExample(agent, "stream", "make the marker file", {
      flags: ["--allow-tools"],
      script: (server) => {
        server.enqueue({ kind: "bash", command: "touch example-marker.txt" });
        server.enqueue({ kind: "text", text: "The marker is made." });
      },
      after: (project) => (made = existsSync(path.join(project, "example-marker.txt"))),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain("\u001b");
    const lines = run.stdout.trim().split("\n");
    // A dialog, when this CLI asks, is answered with the approving key; the turn's records come in the agent's order.
    const events = lines.filter((l) => !l.startsWith("blocked: ")).map((l) => l.replace(/^(tool call|tool result|text|result): .*/, "$1"));
    expect(events, run.stdout).toEqual(["tool call", "tool result", "text", "result"]);
    expect(lines.filter((l) => l.startsWith("blocked: ")).every((l) => l.endsWith("→ approve"))).toBe(true);
    expect(lines).toContain("tool result: ok");
    expect(lines).toContain("text: The marker is made.");
    expect(lines.at(-1)).toMatch(/^result: completed after \d+ ms$/);
    expect(made).toBe(true);
  }, 240_000);
});
