// E2E (real Claude Code 2.1.215 / 2.1.332), issue 13 item 4: no start option that changes what the CLI paints (name,
// persona, model, permission mode, width 40–300 columns) makes readiness fall back to the deadline.
import { describe, expect, it } from "vitest";
import { startClaude, type StartClaudeOptions } from "../../../src/index.js";
import { CLAUDE_AGENTS, type E2EAgent } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

type Extra = Partial<Omit<StartClaudeOptions, "cwd" | "executable" | "env">>;

const CASES: ReadonlyArray<readonly [string, Extra]> = [
  ["name", { name: "foo" }],
  ["long name", { name: "a-rather-long-session-name-for-the-rule" }],
  ["persona", { persona: "You are a terse reviewer." }],
  ["model", { model: "sonnet" }],
  ["permission mode plan", { permissionMode: "plan" }],
  ["permission mode acceptEdits", { permissionMode: "acceptEdits" }],
  ["40 columns", { initialSize: { cols: 40, rows: 30 } }],
  ["300 columns", { initialSize: { cols: 300, rows: 60 } }],
];

function withOptions(agent: E2EAgent, extra: Extra): E2EAgent {
  return {
    ...agent,
    start: (home) =>
      startClaude({ cwd: home.project, executable: agent.executable, env: home.env, permissionMode: "default", ...extra }),
  };
}

describe.each(CLAUDE_AGENTS)("$label: readiness with start options", (agent) => {
  it.for(CASES)(`${agent.label}: %s — ready from the CLI's own evidence, never the deadline (issue 13 item 4, C-API-28)`, async ([, extra], ctx) => {
    const fx = await openSession(ctx, withOptions(agent, extra));
    await fx.session.waitForStatus((s) => s === "ready", 30_000);
    const readiness = fx.session.statusDecisions().find((d) => d.to === "ready");
    expect(readiness?.reason).not.toMatch(/deadline/);
    expect(readiness?.reason).toMatch(/composer settled|readiness hook/);
  });
});
