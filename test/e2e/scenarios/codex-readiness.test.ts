// E2E (real Codex 0.144.6 / 0.171.0), issue 13 items 2–3: initial readiness comes from the CLI's own positive evidence
// (0.171 OSC 7501 state=idle; 0.144.6 its session header + idle composer), never from the 10 s deadline, and a message
// sent right after startCodex is the first turn.
import { describe, expect, it } from "vitest";
import { CODEX_AGENTS } from "../support/codex-agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(CODEX_AGENTS)("$label: readiness evidence", (agent) => {
  const item = agent.version === "0.171.0" ? "item 2" : "item 3";
  const evidence = agent.version === "0.171.0" ? /OSC 7501 state=idle/ : /ready screen \(session header \+ idle composer\)/;

  it(`${agent.label}: ready from the CLI's own readiness evidence, not the deadline (issue 13 ${item}, C-API-28)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    await fx.session.waitForStatus((s) => s === "ready", 30_000);
    const readiness = fx.session.statusDecisions().find((d) => d.to === "ready");
    expect(readiness?.evidence.kind).toBe("frame");
    expect(readiness?.reason).toMatch(evidence);
  });

  it(`${agent.label}: a message sent right after startCodex is accepted as the first turn (issue 13 ${item}, C-API-19)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const sent = fx.session.sendMessage("sent right after start");
    await fx.waitForHook("UserPromptSubmit", (h) => h.payload["prompt"] === "sent right after start", 30_000);
    await sent;
    await fx.waitForHook("Stop", () => true, 30_000);
    expect(fx.mainRequests().map((r) => r.userText)).toEqual(["sent right after start"]);
    expect(fx.session.statusDecisions().find((d) => d.to === "ready")?.reason).toMatch(evidence);
  });
});
