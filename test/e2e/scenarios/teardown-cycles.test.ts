// E2E scenario 8b: 20 start/teardown cycles in a row leave no process, socket or temp file behind and the user's files untouched.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AgentSession } from "../../../src/index.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { E2E_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { formatRequests } from "../support/diagnostics.js";
import { fileTree } from "../support/file-tree.js";
import { usePrivateTmp } from "../support/private-tmp.js";
import { sessionProcesses, unixSocketsMatching } from "../support/processes.js";

const CYCLES = 20;
const tmp = usePrivateTmp();
afterAll(() => tmp.restore());

// Every pinned version reaches ready from its own evidence (Codex 0.144.6: its session header), so each cycle waits for it.
const untilFor = (_agent: (typeof E2E_AGENTS)[number]) => "ready" as const;

describe.each([...E2E_AGENTS, ...CODEX_AGENTS])("$label: start/teardown cycles", (agent) => {
  it(`${agent.label}: ${CYCLES} start → ${untilFor(agent)} → teardown cycles leave no process, socket or temp file, and user files byte-identical (C-LIFE-10, C-STATE-08, C-STATE-09, C-STATE-12)`, async (ctx) => {
    assertLoopbackOnly();
    const server = await startModelServer();
    const home = await agent.createHome(server, {});
    const ids: string[] = [];
    let current: AgentSession | undefined;
    ctx.onTestFailed(() => {
      let screen = "(no live session)";
      try {
        screen = current?.terminal.snapshot().text ?? screen;
      } catch {
        // disposed
      }
      const decisions = current?.statusDecisions().map((d) => `  ${d.evidence.kind} ${d.from} -> ${d.to ?? "(ignored)"}: ${d.reason}`) ?? [];
      console.error([`===== e2e diagnostics: ${agent.label} cycle ${ids.length} =====`, screen, "----- decisions -----", ...decisions, "----- requests -----", ...formatRequests(server.requests)].join("\n"));
    });
    ctx.onTestFinished(async () => {
      await current?.teardown().catch(() => {});
      await server.close();
      await home.cleanup();
    });

    const userBefore = await home.userFiles();
    const projectBefore = await fileTree(home.project);
    for (let i = 0; i < CYCLES; i++) {
      current = await agent.start(home, {});
      ids.push(current.elwoodSessionId);
      await current.waitForStatus((s) => s === untilFor(agent), 30_000);
      await current.teardown();
      expect(current.status).toBe("torn_down");
    }
    current = undefined;

    expect(new Set(ids).size).toBe(CYCLES);
    expect(ids.flatMap(sessionProcesses)).toEqual([]);
    expect(unixSocketsMatching(path.join(tmp.dir, "elwood-hook-"))).toEqual([]);
    expect(readdirSync(tmp.dir).filter((n) => n !== path.basename(home.root))).toEqual([]);
    expect(await fileTree(home.project)).toEqual(projectBefore);
    expect(await home.userFiles()).toEqual(userBefore);
    // A budget for the whole loop, not one step: ≈4.5 s a cycle alone on 2 cores, more beside another scenario file.
  }, CYCLES * 15_000);
});
