// The sessions the demo can start: offline real Claude (scripted local model), the simulated agent, or a live CLI.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentSession } from "../src/agent-session.js";
import { startClaude } from "../src/start-claude.js";
import * as elwood from "../src/index.js";
import { CLAUDE_VERSIONS } from "../test/e2e/harness/cli-paths.js";
import { createClaudeHome } from "../test/e2e/harness/claude-home.js";
import { startModelServer } from "../test/e2e/model-server/index.js";
import { simAgentPath } from "../test/sim/sim-control.js";

export interface DemoSession {
  readonly session: AgentSession;
  /** What to tell the person at the keyboard. */
  readonly hints: readonly string[];
  /** Removes everything the demo created (sandbox home, model server); the session is torn down first. */
  cleanup(): Promise<void>;
}

const SIZE = { cols: 120, rows: 32 };

/**
 * The README's demo: the pinned Claude Code CLI from devDependencies against the scripted local model server,
 * in a seeded throwaway home, so it runs on a fresh machine with no account and no network.
 */
export async function startOfflineClaude(): Promise<DemoSession> {
  const pinned = CLAUDE_VERSIONS[CLAUDE_VERSIONS.length - 1];
  if (!pinned) throw new Error("no pinned Claude Code version is configured");
  const server = await startModelServer();
  const home = await createClaudeHome({ modelServerUrl: server.url }).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  const cleanup = async (): Promise<void> => {
    await server.close().catch(() => {});
    await home.cleanup().catch(() => {});
  };
  try {
    const session = await startClaude({
      cwd: home.project,
      executable: pinned.executable,
      env: home.env,
      // "default" asks before running tools (2.1.332 would otherwise pick auto mode); works as root too.
      permissionMode: "default",
      initialSize: SIZE,
    });
    return {
      session,
      hints: [
        `Claude Code ${pinned.version} (offline: scripted local model at ${server.url})`,
        "Any message is echoed back as FAKE-REPLY: <your text>.",
        "SLOW → a 20 s streamed reply (try Interrupt).",
        "RUNBASH: touch demo.txt → a Bash tool call that asks permission (answer with the keys 1 or Esc).",
      ],
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The simulated agent (test/sim): no real CLI needed; same hooks and screens as the tests use. */
export async function startSimClaude(): Promise<DemoSession> {
  const dir = await mkdtemp(join(tmpdir(), "elwood-inspect-sim-"));
  try {
    const session = await startClaude({ cwd: dir, executable: simAgentPath, env: { ELWOOD_SIM_LOG: join(dir, "sim.jsonl") }, initialSize: SIZE });
    return {
      session,
      hints: ["Simulated Claude (test/sim/sim-agent.mjs).", "SLOW → slow reply, RUNBASH: <command> → permission dialog, HANG → never answers."],
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The person's own installed CLI, in their current directory, with their own account. */
export async function startLive(agent: "claude" | "codex", cwd: string): Promise<DemoSession> {
  if (agent === "codex") {
    const startCodex = (elwood as Record<string, unknown>)["startCodex"];
    if (typeof startCodex !== "function") {
      throw new Error("Codex sessions are not available in this build yet (no startCodex export); use --agent claude.");
    }
    const session = (await (startCodex as (o: unknown) => Promise<AgentSession>)({ cwd, initialSize: SIZE })) as AgentSession;
    return { session, hints: [`Your installed Codex CLI in ${cwd}.`], cleanup: async () => {} };
  }
  const session = await startClaude({ cwd, permissionMode: "default", initialSize: SIZE });
  return { session, hints: [`Your installed Claude Code in ${cwd} (uses your account; messages go to the real model).`], cleanup: async () => {} };
}
