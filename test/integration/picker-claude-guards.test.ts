// Integration: Claude picker guards through the simulated CLI — a human's picker holds automated writes (write-only,
// surviving partial repaints) and late-painting dialogs keep setModel's slot (C-API-55, C-API-23, C-API-24, C-ATTN-04).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { simRecords, type SimLogRecord, type SimScript } from "../sim/sim-control.js";
import { startSimSession, type SimSession, type SimSessionOptions } from "../support/sim-session.js";
import { pause, recordSession, waitForLog } from "../support/sim-probe.js";

/** Test-only sim key: repaint the open picker through a half-drawn frame (rule only: no header, no rows, no composer). */
const F5_PARTIAL_REPAINT = "\x1b[15~";

const open: SimSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
});

async function ready(script: SimScript = {}, extra: Omit<SimSessionOptions, "script"> = {}): Promise<SimSession> {
  const sim = startSimSession({ script, ...extra });
  open.push(sim);
  await sim.session.waitForStatus((s) => s === "ready", 15_000);
  return sim;
}

const modelLog = (records: readonly SimLogRecord[]) => simRecords(records, "model");
const lastModel = (records: readonly SimLogRecord[], action: string) => modelLog(records).filter((r) => r.action === action).at(-1);

/** Resolves once Elwood itself has rendered a frame showing the picker (the sim painting it is not enough). */
function pickerRendered(sim: SimSession): Promise<void> {
  return new Promise((resolve) => {
    const sub = sim.session.frames$.subscribe((f) => {
      if (f.facts.modelPicker === undefined) return;
      sub.unsubscribe();
      resolve();
    });
  });
}

/** A human types `/model` and Enter through raw input; resolves once the picker is on Elwood's screen. */
async function humanOpensPicker(sim: SimSession): Promise<number> {
  const rendered = pickerRendered(sim);
  await sim.session.sendKeys("/model");
  await pause(200);
  await sim.session.sendKeys("\r");
  const records = await waitForLog(sim.log, (r) => modelLog(r).some((m) => m.action === "open"), "the human's picker", 10_000);
  await rendered;
  return lastModel(records, "open")?.t ?? 0;
}

/** Pastes and keys the sim decoded after `since` (its own clock, same machine). */
const pastesAfter = (sim: SimSession, since: number) => simRecords(sim.log(), "paste").filter((r) => r.t >= since);
const inputAfter = (sim: SimSession, since: number) => sim.log().filter((r) => (r.kind === "paste" || r.kind === "key") && r.t >= since);

describe("foreign picker hold (write-only)", () => {
  it("C-API-55: a human's picker holds sendMessage through a partial repaint; it goes in only after the picker closes", async () => {
    const sim = await ready({ pickerPartialMs: 1500 });
    const recorder = recordSession(sim.session);
    const openedAt = await humanOpensPicker(sim);

    let settled = false;
    const sent = sim.session.sendMessage("after the human's picker").finally(() => {
      settled = true;
    });
    await pause(1200);
    expect(pastesAfter(sim, openedAt)).toEqual([]);
    expect(settled).toBe(false);

    // Half-drawn repaint: the picker is not recognizable, yet no composer is back either — the hold stays.
    await sim.session.sendKeys(F5_PARTIAL_REPAINT);
    await waitForLog(sim.log, (r) => modelLog(r).some((m) => m.action === "partial"), "the partial repaint", 5_000);
    await pause(1000);
    expect(pastesAfter(sim, openedAt)).toEqual([]);
    await pause(1200); // the picker is fully painted again
    expect(pastesAfter(sim, openedAt)).toEqual([]);
    expect(settled).toBe(false);

    // Write-only: readiness was never suppressed (nor turned into blocked) while the picker held the message.
    expect(sim.session.status).toBe("ready");
    expect(recorder.statuses).toEqual([]);

    await sim.session.sendKeys("\x1b");
    const closed = await waitForLog(sim.log, (r) => modelLog(r).some((m) => m.action === "cancel"), "the human closing the picker", 5_000);
    const closedAt = lastModel(closed, "cancel")?.t ?? 0;
    await sent;
    const pastes = pastesAfter(sim, openedAt);
    expect(pastes.map((p) => p.text)).toEqual(["after the human's picker"]);
    expect(pastes[0]?.t ?? 0).toBeGreaterThanOrEqual(closedAt);
    await waitForLog(sim.log, (r) => simRecords(r, "submit").some((s) => s.text === "after the human's picker"), "the message submitted", 10_000);
    recorder.stop();
  });

  it("C-API-55: a picker a human opens over a running turn holds guidance until it is gone", async () => {
    const sim = await ready({ slowMs: 6000 });
    await sim.session.sendMessage("SLOW turn");
    await sim.session.waitForStatus((s) => s === "running", 5_000);
    const openedAt = await humanOpensPicker(sim);
    const guidance = sim.session.sendGuidance("steer while the picker is open");
    await pause(1000);
    expect(pastesAfter(sim, openedAt)).toEqual([]);
    await sim.session.sendKeys("\x1b");
    await guidance;
    expect(pastesAfter(sim, openedAt).map((p) => p.text)).toEqual(["steer while the picker is open"]);
    expect(simRecords(sim.log(), "turn")).toEqual([]); // still the same turn: the guidance was typed into it
  });

  it("C-API-55: interrupt() stands off a human's picker over a running turn; its Escape goes out once the picker is gone", async () => {
    const sim = await ready({ slowMs: 6000 });
    await sim.session.sendMessage("SLOW turn");
    await sim.session.waitForStatus((s) => s === "running", 5_000);
    const openedAt = await humanOpensPicker(sim);
    const interrupted = sim.session.interrupt({ timeoutMs: 20_000 });
    await pause(1000);
    // The Escape would only have closed the human's picker (and left the turn running): none was written.
    const escapesAfter = () => simRecords(sim.log(), "key").filter((k) => k.key === "escape" && k.t >= openedAt);
    expect(escapesAfter()).toEqual([]);
    expect(modelLog(sim.log()).some((m) => m.action === "cancel")).toBe(false);
    const closedAt = Date.now();
    await sim.session.sendKeys("\x1b"); // the human closes their picker
    await interrupted;
    // After the human's Escape, Elwood's own Escape reached the turn.
    const escapes = escapesAfter();
    expect(escapes.length).toBeGreaterThanOrEqual(2);
    expect((escapes.at(-1)?.t ?? 0) >= closedAt - 50).toBe(true);
  });

  it("C-API-55: /login recovery stands off a human's picker and starts once it is gone", async () => {
    const sim = await ready();
    if (!(sim.session instanceof ClaudeSessionFacade)) throw new Error("expected a ClaudeSessionFacade");
    const openedAt = await humanOpensPicker(sim);
    const login = sim.session.login({ provideCode: () => "bad-code" }).catch((e: unknown) => e);
    await pause(1200);
    // Nothing typed into the picker: no `/login`, no Enter (it would apply the highlighted row).
    expect(simRecords(sim.log(), "key").filter((k) => k.t > openedAt)).toEqual([]);
    expect(simRecords(sim.log(), "login")).toEqual([]);
    await sim.session.sendKeys("\x1b");
    const error = await login;
    expect(isElwoodError(error, "login_failed")).toBe(true);
    expect(simRecords(sim.log(), "login").map((r) => r.stage)).toEqual(["method", "url", "failure"]);
    expect(modelLog(sim.log()).some((m) => m.action === "set")).toBe(false);
  });

  it("C-API-23: setModel with a human's picker on screen fails without writing anything", async () => {
    const sim = await ready();
    await humanOpensPicker(sim);
    await pause(300);
    const since = Date.now();
    const error = await sim.session.setModel("haiku").catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    await pause(300);
    expect(inputAfter(sim, since)).toEqual([]);
    expect(modelLog(sim.log()).map((m) => m.action)).toEqual(["open"]);
  });
});

describe("late-painting dialogs keep setModel's slot", () => {
  it("C-ATTN-04 C-API-24: a cache warning painted after a composer frame is still confirmed; session-only, settings untouched", async () => {
    // The settings file the CLI was started with (a saved default would land in the user's settings).
    const dir = mkdtempSync(join(tmpdir(), "elwood-picker-settings-"));
    const file = join(dir, "settings.json");
    writeFileSync(file, `${JSON.stringify({ model: "opus", hooks: {} }, null, 2)}\n`);
    const before = readFileSync(file);
    const sim = await ready({ modelSwitchConfirm: "standard", modelSwitchConfirmDelayMs: 300 }, { settings: file });
    await sim.session.setModel("haiku");
    const records = sim.log();
    expect(modelLog(records).map((m) => m.action)).toEqual(["open", "confirm", "set"]);
    expect(lastModel(records, "set")).toMatchObject({ id: "haiku", scope: "session" });
    const keys = simRecords(records, "key");
    expect(keys.filter((k) => /^[0-9]$/.test(k.key))).toEqual([]);
    // The only Enters: the one running `/model`, then the one confirming the warning once it painted.
    const confirmAt = lastModel(records, "confirm")?.t ?? 0;
    const enters = keys.filter((k) => k.key === "enter");
    expect(enters.length).toBe(2);
    expect(enters[1]?.t ?? 0).toBeGreaterThanOrEqual(confirmAt);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(sim.session.status).toBe("ready");
    const rows = await sim.session.listModels();
    expect(rows.find((r) => r.isCurrent)?.id).toBe("haiku");
    rmSync(dir, { recursive: true, force: true });
  });

  it("C-ATTN-04: a late PreModelSwitch hook confirmation is left for the human", async () => {
    const sim = await ready({ modelSwitchConfirm: "hook", modelSwitchConfirmDelayMs: 300 });
    const error = await sim.session.setModel("opus", { timeoutMs: 3000 }).catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect(sim.session.status).toBe("blocked");
    const records = sim.log();
    expect(modelLog(records).some((m) => m.action === "set")).toBe(false);
    const confirmAt = lastModel(records, "confirm")?.t ?? Number.POSITIVE_INFINITY;
    expect(simRecords(records, "key").filter((k) => k.t >= confirmAt)).toEqual([]);
  });

  it("C-API-55: a /model picker that paints after the deadline is cancelled within the bounded second", async () => {
    const sim = await ready({ pickerDelayMs: 1500 });
    const error = await sim.session.listModels({ timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    const records = await waitForLog(sim.log, (r) => modelLog(r).some((m) => m.action === "cancel"), "the late picker cancelled", 5_000);
    expect(modelLog(records).map((m) => m.action)).toEqual(["open", "cancel"]);
    expect(simRecords(records, "key").filter((k) => k.key === "escape").length).toBe(1);
    // The slot is free again: a message goes through.
    await sim.session.sendMessage("after the late picker");
    await waitForLog(sim.log, (r) => simRecords(r, "submit").some((s) => s.text === "after the late picker"), "the message", 10_000);
  });
});
