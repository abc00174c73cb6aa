// Claude startup prompts on the simulated CLI: workspace trust answered under autotrust (both layouts, verified
// before Enter, startup_prompt activity, never blocked), and a human block with attention when autotrust is off.

import { afterEach, describe, expect, it } from "vitest";
import type { ActivityEvent, SessionStatus } from "../../src/contracts/public-types.js";
import { simRecords } from "../sim/sim-control.js";
import { startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const live: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of live.splice(0)) await s.cleanup();
});

interface Observed {
  readonly sim: ClaudeSim;
  readonly statuses: SessionStatus[];
  readonly activities: ActivityEvent[];
}

async function start(opts: Parameters<typeof startClaudeSim>[0]): Promise<Observed> {
  const sim = await startClaudeSim(opts);
  live.push(sim);
  const statuses: SessionStatus[] = [];
  const activities: ActivityEvent[] = [];
  sim.session.on("status", (e) => statuses.push(e.status));
  sim.session.on("activity", (a) => activities.push(a));
  return { sim, statuses, activities };
}

const keys = (sim: ClaudeSim): string[] => simRecords(sim.log(), "key").map((r) => r.key);

describe("workspace trust (C-CLAUDE-10)", () => {
  it("C-CLAUDE-10 C-CLAUDE-16 C-ATTN-03: 2.1.332 cursor layout (`No, exit` pre-selected): moves to the affirmative, verifies, then Enter", async () => {
    const o = await start({ trust: "cursor", autotrust: true });
    await o.sim.session.waitForStatus((s) => s === "ready", 15_000);
    // Down first: Enter while `No, exit` was selected would have exited the CLI.
    expect(keys(o.sim)).toEqual(["down", "enter"]);
    expect(simRecords(o.sim.log(), "exit")).toEqual([]);
    const prompts = o.activities.filter((a) => a.kind === "startup_prompt");
    expect(prompts).toEqual([expect.objectContaining({ source: "terminal", label: "workspace_trust" })]);
    expect(o.statuses).not.toContain("blocked");
    expect(o.activities.filter((a) => a.kind === "attention")).toEqual([]);
    // The session is usable afterwards.
    await o.sim.session.sendMessage("after trust");
    await o.sim.session.waitForActivity((a) => a.kind === "assistant_message", 10_000);
  });

  it("C-CLAUDE-10: 2.1.215 numbered layout is answered with the affirmative's digit", async () => {
    const o = await start({ trust: "numbered", version: "2.1.215", autotrust: true });
    await o.sim.session.waitForStatus((s) => s === "ready", 15_000);
    expect(keys(o.sim)).toEqual(["1"]);
    expect(o.activities.filter((a) => a.kind === "startup_prompt").map((a) => a.label)).toEqual(["workspace_trust"]);
    expect(o.statuses).not.toContain("blocked");
    expect(o.sim.session.terminal.snapshot().text).toContain("Claude Code v2.1.215");
  });

  it("C-CLAUDE-10 C-ATTN-03: with autotrust off (the default) the trust prompt blocks with attention and nothing is typed", async () => {
    const o = await start({ trust: "cursor" });
    await o.sim.session.waitForStatus((s) => s === "blocked", 10_000);
    const attention = o.activities.filter((a) => a.kind === "attention");
    expect(attention).toHaveLength(1);
    expect(attention[0]?.label).toContain("claude-workspace_trust-prompt");
    expect(keys(o.sim)).toEqual([]);
    expect(o.activities.filter((a) => a.kind === "startup_prompt")).toEqual([]);
    // A queued message waits behind the block and is never typed into the dialog.
    const sent = o.sim.session.sendMessage("held behind the trust prompt");
    // A human answers through raw keys: the block clears to ready and the held message goes out.
    await o.sim.session.sendKeys("\x1b[B");
    await o.sim.session.sendKeys("\r");
    await o.sim.session.waitForStatus((s) => s === "ready", 10_000);
    await sent;
    await o.sim.session.waitForActivity((a) => a.kind === "assistant_message", 10_000);
    expect(simRecords(o.sim.log(), "submit").map((r) => r.text)).toEqual(["held behind the trust prompt"]);
  });
});
