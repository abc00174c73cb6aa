// Per-test e2e fixture for the primary API: model server + sandbox home + a lazily started ClaudeSession / CodexSession, with diagnostics and cleanup.
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestContext } from "vitest";
import { AgentConversation, ClaudeSession, CodexSession, type InputEvent } from "../../../src/index.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer, type ModelServer } from "../model-server/index.js";
import type { E2EAgent, E2EHome } from "./agents.js";
import { qwenLaunchOptions } from "./qwen-agents.js";

export interface ConversationFixture {
  readonly conversation: ClaudeSession | CodexSession | AgentConversation;
  readonly server: ModelServer;
  readonly home: E2EHome;
}

/** The same launch recipe as the agent's `start`, as constructor options of the primary API (`resume` to continue one). */
export function constructConversation(agent: E2EAgent, home: E2EHome, resume: { readonly resume?: string } = {}): ClaudeSession | CodexSession | AgentConversation {
  // An agent without a typed shortcut goes through the generic conversation class, as any caller's would.
  if (agent.kind === "qwen") return new AgentConversation("qwen", { ...qwenLaunchOptions(agent.executable, home), ...resume });
  if (agent.kind === "claude") {
    return new ClaudeSession({ cwd: home.project, executable: agent.executable, env: home.env, permissionMode: "default", ...resume });
  }
  return new CodexSession({ cwd: home.project, executable: agent.executable, env: home.env, ...resume });
}

/** Every transcript/rollout file under the sandbox home, its records in file order (clipped), for a failure's diagnostics. */
function transcriptDump(root: string): string {
  const files: string[] = [];
  const walk = (dir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.endsWith(".jsonl")) files.push(full);
    }
  };
  walk(root);
  return files
    .map((f) => {
      let lines: string[];
      try {
        lines = readFileSync(f, "utf8").split("\n").filter((l) => l !== "");
      } catch (error) {
        return `${f}: unreadable (${String(error)})`;
      }
      return `${path.relative(root, f)} (${lines.length} records)\n${lines.map((l) => `  ${l.slice(0, 300)}`).join("\n")}`;
    })
    .join("\n");
}

export async function openConversation(ctx: TestContext, agent: E2EAgent): Promise<ConversationFixture> {
  assertLoopbackOnly();
  const server = await startModelServer();
  const home = await agent.createHome(server, {});
  const conversation = constructConversation(agent, home);
  // What Elwood wrote, when (content-free: byte counts), so a failure shows whether a key or paste was sent and when.
  const writes: string[] = [];
  const hooks: string[] = [];
  const startedAt = Date.now();
  // Subscribing never starts the session (the lazy-start test relies on that).
  (conversation as unknown as { on(event: "input", listener: (e: InputEvent) => void): void }).on("input", (e) =>
    writes.push(`+${e.at - startedAt}ms ${e.bytes.length}B`),
  );
  (conversation as unknown as { on(event: "hook", listener: (e: { name: string }) => void): void }).on("hook", (h) =>
    hooks.push(`+${Date.now() - startedAt}ms ${h.name}`),
  );
  ctx.onTestFailed(() => {
    try {
      const screen = conversation.session?.terminal.snapshot().text ?? "(not started)";
      const decisions = conversation.statusDecisions().map((d) => `+${d.at - startedAt}ms ${d.from}->${d.to ?? "="} ${d.reason}`);
      console.error(`--- ${agent.label} screen ---\n${screen}\n--- requests ---\n${server.requests.map((r) => `${r.seq} ${r.kind} ${r.replySource} ${r.userText.slice(0, 80)}`).join("\n")}`);
      console.error(`--- status decisions (last 50) ---\n${decisions.join("\n")}\n--- writes ---\n${writes.slice(-40).join("\n")}`);

    } catch {
      // The terminal may be disposed already.
    }
  });
  ctx.onTestFinished(async (finished) => {
    // Before the teardown and the sandbox's removal (vitest runs this before onTestFailed): what the CLI recorded.
    if (finished.task.result?.state === "fail") {
      try {
        console.error(`--- hooks ---\n${hooks.slice(-40).join("\n")}\n--- transcripts (at +${Date.now() - startedAt}ms) ---\n${transcriptDump(home.root)}`);
      } catch (error) {
        console.error(`--- transcript dump failed: ${String(error)}`);
      }
    }
    await conversation.teardown().catch(() => {});
    await server.close();
    await home.cleanup();
  });
  return { conversation, server, home };
}
