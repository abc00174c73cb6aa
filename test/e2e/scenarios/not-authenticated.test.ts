// E2E: the real Claude Code offline with no usable login (C-CLAUDE-18): each pinned version shows it its own way, and the
// session turns it into one login_expired warning while it stays usable for login().
import { describe, expect, it, type TestContext } from "vitest";
import { startClaude, type ActivityEvent, type AgentSession, type WarningEvent } from "../../../src/index.js";
import { createClaudeHome } from "../harness/claude-home.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer } from "../model-server/index.js";
import { agentsOf } from "../support/agents.js";

interface Observed {
  readonly warnings: WarningEvent[];
  readonly activity: ActivityEvent[];
}

function observe(session: AgentSession): Observed {
  const seen: Observed = { warnings: [], activity: [] };
  session.on("warning", (w) => seen.warnings.push(w));
  session.on("activity", (a) => seen.activity.push(a));
  return seen;
}

const loginWarnings = (seen: Observed): WarningEvent[] => seen.warnings.filter((w) => w.code === "login_expired");

describe.each(agentsOf("claude"))("$label: no login", (agent) => {
  it(`${agent.label}: a missing login is one login_expired warning however often the CLI shows it; the session stays ready and nothing reaches the model (C-CLAUDE-18)`, async (ctx: TestContext) => {
    assertLoopbackOnly();
    const server = await startModelServer();
    const home = await createClaudeHome({ modelServerUrl: server.url });
    // Neither an API key nor a stored login (onboarding done, project trusted): the state `/login` recovers from.
    const { ANTHROPIC_API_KEY: _unused, ...env } = home.env;
    const session = await startClaude({ cwd: home.project, executable: agent.executable, env, permissionMode: "default" });
    const seen = observe(session);
    let lastScreen = "";
    ctx.onTestFailed(() => console.log(`--- ${agent.label} screen\n${lastScreen}\n--- warnings ${JSON.stringify(seen.warnings)}`));
    ctx.onTestFinished(async () => {
      lastScreen = session.terminal.snapshot().text;
      await session.teardown().catch(() => undefined);
      await server.close();
      await home.cleanup();
    });
    await session.waitForStatus((s) => s === "ready", 60_000);
    if (agent.version === "2.1.215") {
      // 2.1.215 paints `Not logged in · Run /login` in its footer from start-up on: the warning comes with readiness.
      // (It may go out in the same tick as readiness, so the collected warnings are read.)
      await expect.poll(() => loginWarnings(seen).length, { timeout: 30_000 }).toBe(1);
    } else {
      // 2.1.332 shows nothing about the login until a prompt.
      expect(loginWarnings(seen)).toEqual([]);
    }

    await session.sendMessage("hi");
    // On 2.1.332 the notice after this first prompt is the first sign: it warns now.
    await expect.poll(() => loginWarnings(seen).length, { timeout: 30_000 }).toBe(1);
    await session.waitForStatus((s) => s === "ready", 30_000);
    // The notice stays on screen and comes back with the next prompt: still one warning.
    await session.sendMessage("hi again");
    await session.waitForStatus((s) => s === "ready", 30_000);
    const warnings = loginWarnings(seen);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ agent: "claude", source: "terminal", raw: "login_expired", details: { recoveryCommand: "/login" } });
    expect(seen.activity.filter((a) => a.kind === "warning" && a.label === "login_expired")).toHaveLength(1);
    expect(session.status).toBe("ready");
    // Nothing reached the model: the CLI refused the prompts itself.
    expect(server.requests.filter((r) => r.kind === "main")).toEqual([]);
  }, 180_000);
});
