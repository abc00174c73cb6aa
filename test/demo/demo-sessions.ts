// The sessions the demo can start besides a live CLI: offline real Claude (scripted local model) or the simulated agent.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startClaude } from "../../src/start-claude.js";
import type { InspectedSession } from "../../inspector/run-inspector.js";
import { CLAUDE_VERSIONS } from "../e2e/harness/cli-paths.js";
import { createClaudeHome } from "../e2e/harness/claude-home.js";
import { startModelServer } from "../e2e/model-server/index.js";
import { simAgentPath } from "../sim/sim-control.js";

const SIZE = { cols: 120, rows: 32 };

/**
 * The README's demo: the pinned Claude Code CLI from devDependencies against the scripted local model server,
 * in a seeded throwaway home, so it runs on a fresh machine with no account and no network.
 */
export async function startOfflineClaude(): Promise<InspectedSession> {
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
export async function startSimClaude(): Promise<InspectedSession> {
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
