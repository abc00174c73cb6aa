// E2E scenario 8a: teardown() kills the session's whole process group and removes exactly Elwood's files, nothing of the user's.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { fileTree } from "../support/file-tree.js";
import { usePrivateTmp } from "../support/private-tmp.js";
import { groupMembers, sessionProcesses, unixSocketsMatching } from "../support/processes.js";
import { openSession } from "../support/session-fixture.js";
import { QWEN_AGENTS } from "../support/qwen-agents.js";

const tmp = usePrivateTmp();
afterAll(() => tmp.restore());
/** The hook bridge's socket directories live in os.tmpdir() (the sandbox home, also in there, has the CLI's own sockets). */
const hookSocketDirs = path.join(tmp.dir, "elwood-hook-");

describe.each([...E2E_AGENTS, ...QWEN_AGENTS])("$label: teardown", (agent) => {
  it(`${agent.label}: teardown() leaves no process of the session's group alive and removes only Elwood-owned files (C-LIFE-10, C-STATE-08, C-STATE-09, C-CLAUDE-01, C-E2E-02)`, async (ctx) => {
    const fx = await openSession(ctx, agent, {
      projectFiles: {
        "notes.txt": "the user's own file\n",
        ".claude/settings.local.json": JSON.stringify({ permissions: { allow: [] } }, null, 2) + "\n",
        "CLAUDE.md": "# Project instructions\n",
        // Qwen's project instructions, tracked by its sandbox like the user's ~/.qwen/settings.json.
        "QWEN.md": "# Project instructions\n",
      },
    });
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    await session.sendMessage("a turn before teardown");
    await fx.untilTransitions("ready", 2);

    const transcript = (await fx.waitForHook(agent.stopHook)).payload["transcript_path"];
    expect(typeof transcript).toBe("string");
    // Qwen runs in a private config home inside the session's directory (the user's ~/.qwen is only read), so its
    // transcript is Elwood's to remove with the session; Claude's files are the CLI's own.
    const cliOwned = agent.kind === "qwen" ? [] : [String(transcript), ...(agent.kind === "claude" ? [path.join(fx.home.env["CLAUDE_CONFIG_DIR"]!, ".claude.json")] : [])];
    if (agent.kind === "qwen") expect(String(transcript).startsWith(path.join(fx.home.project, ".elwood"))).toBe(true);
    // Claude 2.1.332 buffers its transcript writes: under load the Stop hook can come before the file is on disk.
    await vi.waitFor(() => {
      for (const file of cliOwned) expect(existsSync(file), file).toBe(true);
    }, { timeout: 15_000, interval: 100 });

    const procs = sessionProcesses(session.elwoodSessionId);
    expect(procs.length).toBeGreaterThan(0);
    const groups = [...new Set(procs.map((p) => p.pgrp))];
    expect(groups.flatMap(groupMembers).length).toBeGreaterThan(0);
    const stateDir = path.join(fx.home.project, ".elwood");
    expect(existsSync(stateDir)).toBe(true);
    expect(unixSocketsMatching(hookSocketDirs)).toHaveLength(1);
    // What the user and the CLI own, minus Elwood's store: it must all survive teardown byte for byte.
    const projectBefore = await fileTree(fx.home.project);
    for (const key of [...projectBefore.keys()]) if (key === ".elwood" || key.startsWith(".elwood/")) projectBefore.delete(key);
    const userBefore = await fx.home.userFiles();
    expect(userBefore.size).toBeGreaterThanOrEqual(2);

    await session.teardown();

    expect(session.status).toBe("torn_down");
    expect(sessionProcesses(session.elwoodSessionId)).toEqual([]);
    expect(groups.flatMap(groupMembers)).toEqual([]);
    expect(existsSync(stateDir)).toBe(false);
    expect(await fileTree(fx.home.project)).toEqual(projectBefore);
    expect(await fx.home.userFiles()).toEqual(userBefore);
    // The CLI's own persistent state stays (its pid registry, backups and temp dirs are the CLI's to prune).
    for (const file of cliOwned) expect(existsSync(file), file).toBe(true);
    expect(existsSync(String(transcript))).toBe(agent.kind !== "qwen");
    expect(unixSocketsMatching(hookSocketDirs)).toEqual([]);
    const sandboxName = path.basename(fx.home.root);
    expect(readdirSync(tmp.dir).filter((n) => n !== sandboxName)).toEqual([]);
  });
});
