// E2E (real Claude Code 2.1.215 / 2.1.332, Codex 0.144.6 / 0.171.0), issue 13 item 6: after a SIGKILL the exit is
// reported as the OS reports it (no exit code, signal 9), and the decision names the signal and who sent it.
import { describe, expect, it } from "vitest";
import type { TerminalExitEvent } from "../../../src/index.js";
import { E2E_AGENTS } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each([...E2E_AGENTS, ...CODEX_AGENTS])("$label: exit code and signal", (agent) => {
  it(`${agent.label}: a SIGKILL from outside Elwood → exitCode null, signal 9, "not sent by Elwood" (issue 13 item 6)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const exit = new Promise<TerminalExitEvent>((resolve) => session.on("terminal:exit", resolve));
    process.kill(session.pid, "SIGKILL");
    expect(await exit).toEqual({ exitCode: null, signal: 9 });
    await session.waitForStatus((s) => s === "exited", 10_000);
    const last = session.statusDecisions().find((d) => d.to === "exited");
    expect(last?.reason).toBe("the agent process was killed by SIGKILL (signal 9), not sent by Elwood");
  });

  it(`${agent.label}: kill() → the decision says Elwood's kill() sent SIGKILL (issue 13 item 6)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const exits: TerminalExitEvent[] = [];
    session.on("terminal:exit", (e) => exits.push(e));
    await session.kill();
    expect(session.status).toBe("killed");
    expect(exits).toEqual([{ exitCode: null, signal: 9 }]);
    expect(session.statusDecisions().find((d) => d.to === "killed")?.reason).toBe("the agent process was killed by SIGKILL (signal 9), sent by Elwood's kill()");
  });
});
