// E2E scenario 5: a tool permission dialog blocks the session; answering via sendKeys resumes it, and queued text never hits the dialog.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { E2E_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

describe.each(E2E_AGENTS)("$label: tool permission", (agent) => {
  it(`${agent.label}: a tool call needing permission → blocked + attention; "Yes" via sendKeys → running → ready; a message queued while blocked is its own later turn (C-ATTN-01, C-ATTN-02, C-API-37, C-API-56, C-API-04)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session, server } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);

    const marker = path.join(fx.home.project, "made-by-tool.txt");
    await session.sendMessage(`RUNBASH:touch ${marker}`);
    await fx.nextStatus("blocked", 30_000);
    // A PermissionRequest hook can block before the dialog paints (label "blocked"); the painted dialog then names its rules.
    const attention = await fx.waitForActivity("attention", (a) => a.kind === "attention" && a.label.includes("permission"), 5_000);
    expect(attention.label).toContain("permission");
    expect(existsSync(marker)).toBe(false);

    // Queued while blocked: it must wait for ready, never be typed into the dialog.
    const queued = session.sendMessage("message queued while blocked");
    await new Promise((r) => setTimeout(r, 500));
    expect(session.status).toBe("blocked");

    const readyBefore = fx.transitionsTo("ready");
    await session.sendKeys(agent.permissionYesKeys);
    await fx.untilTransitions("ready", readyBefore + 1, 30_000);
    await queued;
    await fx.untilTransitions("ready", readyBefore + 2, 30_000);

    expect(existsSync(marker)).toBe(true);
    const after = fx.statuses.slice(fx.statuses.findIndex((s) => s.to === "blocked"));
    expect(after.map((s) => s.to).slice(0, 3)).toEqual(["blocked", "running", "ready"]);
    const kinds = server.requests.filter((r) => r.kind === "main" || r.kind === "tool_result");
    expect(kinds.map((r) => r.kind)).toEqual(["main", "tool_result", "main"]);
    expect(kinds[1]!.userText).not.toContain("message queued while blocked");
    expect(kinds[2]!.userText).toBe("message queued while blocked");
  });
});
