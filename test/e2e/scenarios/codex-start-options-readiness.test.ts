// E2E (real Codex 0.144.6 / 0.171.0), issue 13 item 4 for Codex: no start option that changes what the CLI paints
// (model, reasoning effort, sandbox / approval mode, full access, persona, width 40–300 columns) makes readiness fall
// back to the deadline; it comes from the version's own evidence (0.171 OSC 7501 idle, 0.144.6 its session header).
import { describe, expect, it } from "vitest";
import { isElwoodError, startCodex, type ElwoodError, type StartCodexOptions } from "../../../src/index.js";
import { startModelServer } from "../model-server/index.js";
import type { E2EAgent } from "../support/agents.js";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

type Extra = Partial<Omit<StartCodexOptions, "cwd" | "executable" | "env">>;

const CASES: ReadonlyArray<readonly [string, Extra]> = [
  // A slug outside the version's catalog: the header and footer name it instead of the configured model.
  ["model", { model: "my-own-model" }],
  ["reasoning effort high", { reasoningEffort: "high" }],
  ["sandbox read-only + approval on-request", { sandbox: "read-only", approvalPolicy: "on-request" }],
  ["sandbox workspace-write + approval never", { sandbox: "workspace-write", approvalPolicy: "never" }],
  ["full access (highTrust)", { highTrust: true }],
  ["persona", { persona: "You are a terse reviewer." }],
  ["40 columns", { initialSize: { cols: 40, rows: 30 } }],
  ["300 columns", { initialSize: { cols: 300, rows: 60 } }],
];

function withOptions(agent: E2EAgent, extra: Extra): E2EAgent {
  return {
    ...agent,
    start: (home) => startCodex({ cwd: home.project, executable: agent.executable, env: home.env, ...extra }),
  };
}

describe.each(CODEX_AGENTS)("$label: readiness with start options", (agent) => {
  const evidence = agent.version === "0.171.0" ? /OSC 7501 state=idle/ : /ready screen \(session header \+ idle composer\)/;
  /** Starts with the options and checks the ready decision came from a frame with the CLI's own evidence. */
  const expectReadyFromOwnEvidence = async (ctx: Parameters<typeof openSession>[0], extra: Extra): Promise<void> => {
    const fx = await openSession(ctx, withOptions(agent, extra));
    await fx.session.waitForStatus((s) => s === "ready", 30_000);
    const readiness = fx.session.statusDecisions().find((d) => d.to === "ready");
    expect(readiness?.evidence.kind).toBe("frame");
    expect(readiness?.reason).not.toMatch(/deadline/);
    expect(readiness?.reason).toMatch(evidence);
  };

  it.for(CASES)(`${agent.label}: %s — ready from the CLI's own evidence, never the deadline (issue 13 item 4, C-API-28)`, async ([, extra], ctx) => {
    await expectReadyFromOwnEvidence(ctx, extra);
  });

  // 0.144.6 accepts `--ask-for-approval untrusted`; 0.171.0's parser refuses it (exit 2), so Elwood rejects first.
  it(`${agent.label}: sandbox read-only + approval untrusted — ${agent.version === "0.171.0" ? "invalid_argument before spawn" : "ready from the CLI's own evidence"} (issue 13 item 4, C-API-28)`, async (ctx) => {
    const extra: Extra = { sandbox: "read-only", approvalPolicy: "untrusted" };
    if (agent.version === "0.171.0") {
      const server = await startModelServer();
      const home = await agent.createHome(server, {});
      try {
        const error = await withOptions(agent, extra).start(home, {}).catch((e: unknown) => e);
        expect(isElwoodError(error, "invalid_argument")).toBe(true);
        expect((error as ElwoodError).details).toEqual({ option: "approvalPolicy", validValues: ["on-request", "never"] });
        // Rejected before the CLI was spawned: it never reached the model.
        expect(server.requests).toEqual([]);
      } finally {
        await home.cleanup();
        await server.close();
      }
      return;
    }
    await expectReadyFromOwnEvidence(ctx, extra);
  });
});
