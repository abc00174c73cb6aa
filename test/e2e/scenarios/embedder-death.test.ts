// Issue 14 item 4 on the real CLI: the embedding process is SIGKILLed mid-turn while Claude's Bash tool runs a
// command in a process group of its own that ignores hangups; 2 s later nothing of the session is alive.
import { rm } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { startCrashEmbedder } from "../../support/crash-embedder-process.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { pidsWithCommandLine, procInfo, sessionProcesses } from "../support/processes.js";

const sleepPids = (marker: string): number[] => pidsWithCommandLine(["sleep", marker]);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.runIf(process.platform === "linux").each(CLAUDE_AGENTS)("$label: the embedder dies mid-turn", (agent) => {
  it(`${agent.label}: SIGKILL of the embedder while a Bash tool runs in its own process group leaves nothing of the session alive 2 s later (issue 14 item 4)`, async () => {
    assertLoopbackOnly();
    const marker = `300.${process.pid}${Date.now() % 100_000}`;
    const crashed = await startCrashEmbedder([agent.version, marker], "test/e2e/support/crash-embedder-real.ts");
    cleanups.push(() => crashed.sigkill());
    const info = crashed.info as unknown as { sid: string; root: string; cliPid: number; status: string };
    cleanups.push(() => rm(info.root, { recursive: true, force: true }));
    // Belt and braces for a failing run: nothing of this test survives it.
    cleanups.push(() => {
      for (const pid of [...sessionProcesses(info.sid).map((p) => p.pid), ...sleepPids(marker)]) process.kill(pid, "SIGKILL");
    });

    // Mid-turn: the CLI runs and its tool's process group (its own session, ignoring SIGHUP) is alive.
    expect(info.status).toBe("running");
    const tool = sleepPids(marker);
    expect(tool).toHaveLength(1);
    expect(procInfo(tool[0]!)?.pgrp).not.toBe(procInfo(info.cliPid)?.pgrp);
    expect(sessionProcesses(info.sid).map((p) => p.pid)).toEqual(expect.arrayContaining([info.cliPid, tool[0]]));

    await crashed.sigkill();
    await new Promise((r) => setTimeout(r, 2000));
    const alive = [...new Set([...sessionProcesses(info.sid).map((p) => p.pid), ...sleepPids(marker), info.cliPid])].filter((pid) => (procInfo(pid)?.state ?? "Z") !== "Z");
    console.log(`${agent.label}: embedder SIGKILL mid-turn: ${alive.length} process(es) of the session alive 2 s later`);
    expect(alive).toEqual([]);
  }, 120_000);
});
