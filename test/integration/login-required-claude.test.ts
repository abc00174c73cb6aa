// The simulated Claude showing a missing or lapsed login: one login_expired warning once the session is usable, however
// often the notice shows, and the session stays usable for login() (C-CLAUDE-18). A start-up banner does not fail the
// start (C-CLAUDE-17 is not followed: the real 2.1.215 paints `Not logged in` from start-up, and login() must stay possible).
import { afterEach, describe, expect, it } from "vitest";
import type { ActivityEvent, WarningEvent } from "../../src/contracts/public-types.js";
import { simRecords } from "../sim/sim-control.js";
import { eventually, startClaudeSim, type ClaudeSim } from "./claude-sim-start.js";

const sims: ClaudeSim[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.cleanup();
});

describe("Claude: a login banner at start-up warns once the session is usable", () => {
  it("C-CLAUDE-18: `Login expired · Please run /login` before the composer is one login_expired warning at readiness; the start resolves so login() can run", async () => {
    const sim = await startClaudeSim({ script: { loginBanner: "startup", loginGoodCode: "code-abc-123" } });
    sims.push(sim);
    const { session } = sim;
    const warnings: WarningEvent[] = [];
    session.on("warning", (w) => warnings.push(w));
    await session.waitForStatus((s) => s === "ready", 15_000);
    await eventually(() => warnings.some((w) => w.code === "login_expired"), 15_000, "login_expired");
    expect(warnings.filter((w) => w.code === "login_expired")).toEqual([
      expect.objectContaining({ agent: "claude", source: "terminal", raw: "login_expired", details: { recoveryCommand: "/login" } }),
    ]);
    await session.login({ provideCode: () => "code-abc-123" });
    expect(session.status).toBe("ready");
    expect(warnings.filter((w) => w.code === "login_expired")).toHaveLength(1);
  });
});

describe("Claude: a login that lapses after readiness warns once", () => {
  it("C-CLAUDE-18: the notice after a later prompt is one content-free login_expired warning and warning activity, however often it shows; the session stays usable and login() still runs", async (ctx) => {
    const sim = await startClaudeSim({ script: { loginBanner: "afterTurn", loginGoodCode: "code-abc-123" } });
    sims.push(sim);
    const { session } = sim;
    const warnings: WarningEvent[] = [];
    const activity: ActivityEvent[] = [];
    session.on("warning", (w) => warnings.push(w));
    session.on("activity", (a) => activity.push(a));
    const statuses: string[] = [];
    session.on("status", (e) => statuses.push(e.status));
    ctx.onTestFailed(() => console.log(`--- screen\n${session.terminal.snapshot().text}\n--- statuses ${statuses.join(" → ")}\n--- sim ${JSON.stringify(sim.log().filter((r) => r.kind !== "input"))}`));
    await session.waitForStatus((s) => s === "ready", 15_000);

    const turn = async (text: string, n: number): Promise<void> => {
      await session.sendMessage(text);
      await eventually(() => simRecords(sim.log(), "turn").length === n, 15_000, `sim turn ${n}`);
      await session.waitForStatus((s) => s === "ready", 15_000);
    };
    await turn("first", 1);
    expect(warnings.filter((w) => w.code === "login_expired")).toEqual([]);
    await turn("second", 2);
    // Live-only: the warning may already have gone out while the turn settled, so the collected events are read.
    await eventually(() => warnings.some((w) => w.code === "login_expired"), 15_000, "login_expired");
    await turn("third", 3);

    const expired = warnings.filter((w) => w.code === "login_expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ agent: "claude", source: "terminal", severity: "warning", raw: "login_expired", details: { recoveryCommand: "/login" } });
    expect(expired[0]?.message).not.toMatch(/second|third|first/);
    expect(activity.filter((a) => a.kind === "warning" && a.label === "login_expired")).toHaveLength(1);
    expect(session.status).toBe("ready");

    await session.login({ provideCode: () => "code-abc-123" });
    expect(session.status).toBe("ready");
  });
});
