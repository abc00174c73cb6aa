// E2E (real Claude Code 2.1.215 / 2.1.332), issue 13 item 1: `blocked` starts only with the painted permission dialog
// (the first frame that takes keys), a key sent the moment status turns blocked always lands, the session is never
// `ready` while the permission is unanswered, a late PermissionRequest never re-blocks, and a key that leaves the
// dialog unchanged is reported.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../../adapters/claude/adapter.js";
import type { WarningEvent } from "../../../src/index.js";
import { CLAUDE_AGENTS } from "../support/agents.js";
import { openSession } from "../support/session-fixture.js";

const DIALOG_RULE = "claude-permission-dialog";
/** How long the painted dialog must stay before it takes keys (screen-fact table: no repaint marks the moment). */
const SETTLE_MS = claudeAdapter.readiness.dialogSettleMs ?? 0;

describe.each(CLAUDE_AGENTS)("$label: permission dialog keys", (agent) => {
  it(`${agent.label}: "1" sent the instant status turns blocked lands; blocked begins at the painted dialog; no ready or re-block until the tool ran (issue 13 item 1, C-ATTN-01)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const marker = path.join(fx.home.project, "made-by-tool.txt");
    let sent: Promise<void> | undefined;
    let sentAt: number | undefined;
    session.on("status", (e) => {
      if (e.status === "blocked" && sent === undefined) sentAt = Date.now();
      if (e.status === "blocked" && sent === undefined) sent = session.sendKeys(agent.permissionYesKeys);
    });
    const readyBefore = fx.transitionsTo("ready");
    await session.sendMessage(`RUNBASH:touch ${marker}`);
    await fx.waitForHook("PostToolUse", () => true, 30_000);
    await fx.untilTransitions("ready", readyBefore + 1, 30_000);
    await sent;

    expect(existsSync(marker)).toBe(true);
    const decisions = session.statusDecisions();
    const blocks = decisions.filter((d) => d.to === "blocked" && d.from !== "blocked");
    expect(blocks).toHaveLength(1);
    // Blocked begins at the dialog's first key-accepting frame: the painted dialog once it has stayed painted for
    // SETTLE_MS (no repaint marks that moment), never on the hook or at the first paint. Read from the status
    // machine's own log, in its order: the first dialog frame is recorded without an edge, every frame after it up
    // to the block still shows the dialog, and the block is the settle timer firing.
    const paintedIndex = decisions.findIndex((d) => d.evidence.kind === "frame" && d.evidence.ruleIds?.includes(DIALOG_RULE) === true);
    const blockIndex = decisions.indexOf(blocks[0]!);
    expect(paintedIndex).toBeGreaterThanOrEqual(0);
    expect(blockIndex).toBeGreaterThan(paintedIndex);
    const painted = decisions[paintedIndex]!;
    const block = decisions[blockIndex]!;
    expect(painted.to).toBeUndefined();
    expect(block.evidence.kind).toBe("timer");
    expect(block.reason).toMatch(/takes keys now/);
    const between = decisions.slice(paintedIndex, blockIndex).filter((d) => d.evidence.kind === "frame");
    expect(between.filter((d) => d.evidence.ruleIds?.includes(DIALOG_RULE) !== true)).toEqual([]);
    // A lower bound only (a slow machine makes it longer); 1 ms of slack for timers firing on a rounded clock.
    expect(block.at - painted.at).toBeGreaterThanOrEqual(SETTLE_MS - 1);
    expect(sentAt).toBeGreaterThanOrEqual(block.at);
    console.log(
      ["decision log (issue 13 item 1), from the first dialog frame:", ...decisions.slice(paintedIndex).filter((d) => d.at <= block.at + 2000).map((d) => `+${d.at - painted.at} ms ${d.evidence.kind}${d.evidence.ruleIds ? `[${d.evidence.ruleIds.join(",")}]` : ""} ${d.from} -> ${d.to ?? "(no edge)"}: ${d.reason}`), `key "1" sent at +${sentAt! - painted.at} ms`].join("\n"),
    );
    const afterBlock = fx.statuses.slice(fx.statuses.findIndex((s) => s.to === "blocked"));
    expect(afterBlock.map((s) => s.to)).toEqual(["blocked", "running", "ready"]);
    // The hook and the dialog may arrive in either order; neither is reported as a second block.
    expect(fx.hooksNamed("PermissionRequest")).toHaveLength(1);
  });

  it(`${agent.label}: a key that leaves the permission dialog unchanged raises dialog_keys_no_effect; the dialog still takes "1" (issue 13 item 1)`, async (ctx) => {
    const fx = await openSession(ctx, agent);
    const { session } = fx;
    await session.waitForStatus((s) => s === "ready", 30_000);
    const warnings: WarningEvent[] = [];
    session.on("warning", (w) => warnings.push(w));
    const marker = path.join(fx.home.project, "made-by-tool.txt");
    await session.sendMessage(`RUNBASH:touch ${marker}`);
    await fx.nextStatus("blocked", 30_000);
    // F12: no binding in either version's dialog.
    await session.sendKeys("\x1b[24~");
    await new Promise((resolve, reject) => {
      const off = session.on("warning", (w) => w.code === "dialog_keys_no_effect" && (off(), resolve(undefined)));
      setTimeout(() => (off(), reject(new Error("no dialog_keys_no_effect warning"))), 10_000);
    });
    expect(warnings.filter((w) => w.code === "dialog_keys_no_effect").map((w) => w.details?.["dialog"])).toEqual(["permission"]);
    expect(session.status).toBe("blocked");

    const readyBefore = fx.transitionsTo("ready");
    await session.sendKeys(agent.permissionYesKeys);
    await fx.untilTransitions("ready", readyBefore + 1, 30_000);
    expect(existsSync(marker)).toBe(true);
    expect(warnings.filter((w) => w.code === "dialog_keys_no_effect")).toHaveLength(1);
  });
});
