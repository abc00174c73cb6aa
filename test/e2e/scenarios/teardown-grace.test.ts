// E2E (real Claude Code 2.1.215 / 2.1.332), issue 13 item 5: teardown() asks the CLI to exit before SIGKILL, so 50
// start → ready → teardown cycles leave nothing in the CLI's own temp dir (no cc-socks/<pid>.sock).
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentSession } from "../../../src/index.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { CLAUDE_AGENTS } from "../support/agents.js";

const CYCLES = 50;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(CLAUDE_AGENTS)("$label: teardown grace", (agent) => {
  it(`${agent.label}: ${CYCLES} start → ready → teardown cycles leave no socket or file in the CLI's temp dir (issue 13 item 5, C-LIFE-10)`, async (ctx) => {
    assertLoopbackOnly();
    const server = await startModelServer();
    const home = await agent.createHome(server, {});
    let current: AgentSession | undefined;
    ctx.onTestFinished(async () => {
      await current?.teardown().catch(() => {});
      await server.close();
      await home.cleanup();
    });
    const cliTmp = home.env["CLAUDE_CODE_TMPDIR"]!;
    const pids: number[] = [];
    for (let i = 0; i < CYCLES; i++) {
      current = await agent.start(home, {});
      pids.push(current.pid);
      await current.waitForStatus((s) => s === "ready", 30_000);
      await current.teardown();
      expect(current.status).toBe("torn_down");
    }
    current = undefined;
    expect(new Set(pids).size).toBe(CYCLES);
    expect(filesUnder(cliTmp).filter((f) => f.endsWith(".sock"))).toEqual([]);
    expect(filesUnder(cliTmp).filter((f) => pids.some((pid) => f.includes(String(pid))))).toEqual([]);
  }, 600_000);
});
