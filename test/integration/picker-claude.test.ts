// Integration: listModels / setModel drive the simulated Claude /model picker through a real PTY (C-API-23, C-API-24, C-API-35, C-ATTN-04).

import { afterEach, describe, expect, it } from "vitest";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords, type SimScript } from "../sim/sim-control.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";

const open: SimSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
});

async function ready(script: SimScript = {}, version?: string): Promise<SimSession> {
  const sim = startSimSession({ script, ...(version ? { version } : {}) });
  open.push(sim);
  await sim.session.waitForStatus((s) => s === "ready", 15_000);
  return sim;
}

const modelLog = (sim: SimSession) => simRecords(sim.log(), "model");

describe("Claude /model picker through the simulated CLI", () => {
  it.each([
    ["2.1.332", ["default", "opus", "fable", "sonnet", "haiku"]],
    ["2.1.215", ["default", "opus", "sonnet", "sonnet 5 (1m context)", "haiku"]],
  ])("C-API-23: listModels on %s returns the rendered rows, cancels with Escape, changes nothing", async (version, ids) => {
    const sim = await ready({}, version);
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["default"]);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual(["default"]);
    expect(rows[1]?.description).toMatch(/^Opus/);
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
    expect(sim.session.status).toBe("ready");
    // The ready transition was not consumed: a message still goes straight through.
    await sim.session.sendMessage("after the picker");
    await sim.session.waitForStatus((s) => s === "ready", 10_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toContain("after the picker");
  });

  it("C-API-24: setModel applies session-only with `s` (never Enter, never a number key)", async () => {
    const sim = await ready();
    await sim.session.setModel("Sonnet");
    const sets = modelLog(sim).filter((r) => r.action === "set");
    expect(sets).toEqual([expect.objectContaining({ id: "sonnet", scope: "session" })]);
    const keys = simRecords(sim.log(), "key").map((r) => r.key);
    expect(keys.filter((k) => /^[0-9]$/.test(k))).toEqual([]);
    const rows = await sim.session.listModels();
    expect(rows.find((r) => r.isCurrent)?.id).toBe("sonnet");
  });

  it("C-ATTN-04: Claude's standard cache warning is confirmed inside setModel", async () => {
    const sim = await ready({ modelSwitchConfirm: "standard" });
    await sim.session.setModel("haiku");
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "confirm", "set"]);
    expect(modelLog(sim).at(-1)).toMatchObject({ id: "haiku", scope: "session" });
    await sim.session.waitForStatus((s) => s === "ready", 5_000);
  });

  it("C-ATTN-04: a hook-requested confirmation stays blocked for the human; setModel fails at its deadline", async () => {
    const sim = await ready({ modelSwitchConfirm: "hook" });
    const error = await sim.session.setModel("opus", { timeoutMs: 2500 }).catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect(sim.session.status).toBe("blocked");
    expect(modelLog(sim).some((r) => r.action === "set")).toBe(false);
    const confirmKeys = simRecords(sim.log(), "key").filter((r) => r.t > (modelLog(sim).find((m) => m.action === "confirm")?.t ?? 0));
    expect(confirmKeys.map((r) => r.key)).toEqual([]);
  });

  it("C-API-24: an unknown id fails with the available ids and leaves the picker closed", async () => {
    const sim = await ready();
    const error = await sim.session.setModel("gpt-9").catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect((error as { details: { available: string[] } }).details.available).toEqual(["default", "opus", "fable", "sonnet", "haiku"]);
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
    await sim.session.waitForStatus((s) => s === "ready", 5_000);
  });

  it("C-API-24: without a session-only key the picker is cancelled rather than saving a default with Enter", async () => {
    const sim = await ready({ pickerNoSessionKey: true });
    const error = await sim.session.setModel("haiku").catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
  });

  it("C-API-35: listModels dispatches while a turn is running and does not wait for ready", async () => {
    const sim = await ready({ slowMs: 6000 });
    await sim.session.sendMessage("SLOW please");
    await sim.session.waitForStatus((s) => s === "running", 5_000);
    const rows = await sim.session.listModels();
    expect(rows.length).toBe(5);
    const turns = simRecords(sim.log(), "turn");
    expect(turns).toEqual([]);
  });

  it("C-API-23: a picker already on screen (a human's) is never driven", async () => {
    const sim = await ready({ pickerDelayMs: 0 });
    await sim.session.sendKeys("/model");
    await new Promise((r) => setTimeout(r, 200));
    await sim.session.sendKeys("\r");
    await sim.session.waitForActivity(() => false, 400).catch(() => undefined);
    const before = simRecords(sim.log(), "key").length;
    const error = await sim.session.listModels().catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect(simRecords(sim.log(), "key").length).toBe(before);
  });

  it("C-API-23: a picker that paints late is still read", async () => {
    const sim = await ready({ pickerDelayMs: 600 });
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)[0]).toBe("default");
  });

  it("listModels on an ended session rejects with session_not_running", async () => {
    const sim = await ready();
    await sim.session.kill();
    const error = await sim.session.listModels().catch((e: unknown) => e);
    expect(isElwoodError(error, "session_not_running")).toBe(true);
  });
});
