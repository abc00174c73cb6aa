// E2E (real Claude, offline): the agent's own EnterWorktree still makes its git worktree under Elwood — a hook whose
// registration would take worktrees over is not installed unless the caller handles it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CLAUDE_AGENTS)("$label: worktrees", (agent) => {
  it(`${agent.label}: EnterWorktree creates .claude/worktrees/<name> as it does without Elwood, and no WorktreeCreate hook runs (issue 16 item 1: the agent cannot tell it is wrapped)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server } = fx;
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", ...args], { cwd: fx.home.project, stdio: "ignore" });
    git("init", "-q");
    git("commit", "-q", "--allow-empty", "-m", "start");
    await session.waitForStatus((s) => s === "ready", 30_000);

    server.enqueue({ kind: "tool", name: "EnterWorktree", input: { name: "elwood-wt" } });
    server.enqueue({ kind: "text", text: "in the worktree" });
    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage("work in a worktree");
    // EnterWorktree may ask first; allow it once, as a person would.
    const stopped = fx.waitForHook(agent.stopHook, undefined, 60_000).then(() => "stopped" as const);
    const blocked = fx.nextStatus("blocked", 60_000).then(() => "blocked" as const);
    stopped.catch(() => undefined);
    blocked.catch(() => undefined);
    if ((await Promise.race([stopped, blocked])) === "blocked") await session.sendKeys(agent.permissionYesKeys);
    await stopped;
    await fx.untilTransitions("ready", readyBefore + 1, 30_000);

    expect(existsSync(path.join(fx.home.project, ".claude", "worktrees", "elwood-wt"))).toBe(true);
    expect(fx.hooksNamed("WorktreeCreate")).toEqual([]);
  });
});
