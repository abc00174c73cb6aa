// Integration: listModels / setModel / listCodexModels drive the simulated Codex /model picker (0.144.6 and 0.171.0) through a real PTY (C-API-23, C-API-24, C-API-35, C-API-41, C-CODEX-14).

import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearCodexProbeCache } from "../../adapters/codex/version-probe.js";
import { isElwoodError } from "../../src/contracts/errors.js";
import { listCodexModels } from "../../src/list-models.js";
import type { WarningEvent } from "../../src/contracts/public-types.js";
import { simAgentPath, simRecords, type SimLogRecord, type SimScript } from "../sim/sim-control.js";
import { startCodexSim, until, type CodexSim } from "./codex-sim-support.js";
import { processesWithEnv } from "../e2e/support/processes.js";

const V171_IDS = ["gpt-6.2-sol", "gpt-6.2-astra", "gpt-6.1-terra", "gpt-6.1-sol", "gpt-6-astra", "gpt-6-sol", "gpt-6-luna", "gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5"];
const V144_IDS = ["gpt-5.6-sol", "gpt-5.6-terra", "gpt-5.6-luna", "gpt-5.5", "gpt-5.4", "gpt-5.4-mini", "gpt-5.2"];

const config = (model: string) =>
  `model = "${model}"\nmodel_reasoning_effort = "low"\napproval_policy = "on-request"\n\n[tui]\nshow_tooltips = false\n\n[profiles.fast]\nmodel = "gpt-5.4-mini"\n`;

/** Sim records the typed SimLogRecord union does not name: the Codex picker's config.toml writes. */
type CodexConfigRecord = { readonly t: number; readonly kind: "codex-config"; readonly action: "write" | "concurrent-edit"; readonly model?: string };
const configRecords = (log: readonly SimLogRecord[]): CodexConfigRecord[] =>
  (log as readonly unknown[]).filter((r): r is CodexConfigRecord => (r as { kind?: string }).kind === "codex-config");

interface PickerSim extends CodexSim {
  readonly configFile: string;
  readonly warnings: WarningEvent[];
}

const open: PickerSim[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const sim of open) expect(sim.keys(), "Elwood never sends Ctrl+C to Codex").not.toContain("ctrl+c");
  await Promise.all(open.splice(0).map((s) => s.cleanup()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function codexHome(model: string): string {
  const home = mkdtempSync(join(tmpdir(), "elwood-codex-home-"));
  dirs.push(home);
  writeFileSync(join(home, "config.toml"), config(model));
  return home;
}

async function ready(version: "0.144.6" | "0.171.0", opts: { script?: SimScript & Record<string, unknown>; home?: string } = {}): Promise<PickerSim> {
  const home = opts.home ?? codexHome(version === "0.144.6" ? "gpt-5.6-sol" : "gpt-6.2-sol");
  const sim = await startCodexSim({ version, env: { CODEX_HOME: home }, ...(opts.script ? { script: opts.script } : {}) });
  const warnings: WarningEvent[] = [];
  sim.session.on("warning", (w) => warnings.push(w));
  const picker: PickerSim = { ...sim, configFile: join(home, "config.toml"), warnings };
  open.push(picker);
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  return picker;
}

const modelLog = (sim: CodexSim) => simRecords(sim.log(), "model");
/** Keys the sim decoded after its picker opened (the n-th open, 1-based). */
function keysAfterOpen(sim: CodexSim, nth = 1): string[] {
  const log = sim.log();
  const opened = simRecords(log, "model").filter((r) => r.action === "open")[nth - 1];
  if (opened === undefined) throw new Error("the picker never opened");
  return simRecords(log, "key").filter((k) => k.t >= opened.t).map((k) => k.key);
}
const promptModels = (sim: CodexSim) => sim.hooks.filter((h) => h.name === "UserPromptSubmit").map((h) => h.payload["model"]);

async function nextTurnModel(sim: CodexSim, text: string): Promise<unknown> {
  const before = promptModels(sim).length;
  await sim.session.sendMessage(text);
  await until("UserPromptSubmit", () => promptModels(sim).length > before, 20_000);
  await sim.session.waitForStatus((s) => s === "ready", 20_000);
  return promptModels(sim).at(-1);
}

describe("Codex 0.171.0 /model picker through the simulated CLI", () => {
  it("C-API-23: listModels returns every row across the scrolled list (one current, slugs), cancels with Escape, keeps the ready transition", async () => {
    const sim = await ready("0.171.0");
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(V171_IDS);
    for (const r of rows) expect(r.id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["gpt-6.2-sol"]);
    // 0.171 renders no (default) marker: the current row is also the default.
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual(["gpt-6.2-sol"]);
    expect(rows.find((r) => r.id === "gpt-6.1-terra")).toMatchObject({ label: "GPT-6.1 Terra", description: "Efficient model that excels at visual understanding and computer use." });
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
    expect(keysAfterOpen(sim).filter((k) => k === "enter" || /^[0-9]$/.test(k))).toEqual([]);
    expect(sim.session.status).toBe("ready");
    expect(await nextTurnModel(sim, "after the picker")).toBe("gpt-6.2-sol");
  });

  it("C-API-24: setModel picks the row, confirms the default effort with the session-only `s` (no Enter on the apply, no digits); the next turn uses it", async () => {
    const sim = await ready("0.171.0");
    const before = readFileSync(sim.configFile);
    await sim.session.setModel("GPT-6.1-Terra");
    expect(modelLog(sim).filter((r) => r.action === "set")).toEqual([expect.objectContaining({ id: "gpt-6.1-terra", scope: "session", effort: "medium" })]);
    const keys = keysAfterOpen(sim);
    expect(keys.filter((k) => /^[0-9]$/.test(k))).toEqual([]);
    // The only Enter picks the model row (it opens the effort step); the apply itself is `s`.
    expect(keys.filter((k) => k === "enter")).toHaveLength(1);
    expect(keys.at(-1)).toBe("s");
    expect(keys.slice(keys.indexOf("enter") + 1).filter((k) => k === "enter")).toEqual([]);
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
    expect(configRecords(sim.log())).toEqual([]);
    expect(await nextTurnModel(sim, "which model now")).toBe("gpt-6.1-terra");
    expect(sim.warnings).toEqual([]);
  });

  it("C-API-23, C-API-24: a `/model` Enter the CLI takes for a newline (paste burst on a starved CLI) is repaired with Backspace + Enter; the picker works and the next message is not touched", async () => {
    // Enter within 250 ms of typed text is a newline: the picker's Enter (150 ms after `/model`) lands in the window.
    const sim = await ready("0.171.0", { script: { pasteBurstMs: 250 } });
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(V171_IDS);
    const keys = simRecords(sim.log(), "key").map((k) => k.key);
    const firstEnter = keys.indexOf("enter");
    expect(keys.slice(firstEnter, firstEnter + 2)).toEqual(["enter", "backspace"]);
    await sim.session.setModel("gpt-6.1-terra");
    expect(modelLog(sim).filter((r) => r.action === "set")).toEqual([expect.objectContaining({ id: "gpt-6.1-terra", scope: "session" })]);
    expect(await nextTurnModel(sim, "after the repaired pickers")).toBe("gpt-6.1-terra");
    // Each picker ran from a clean `/model` (no newline in it), and the message went alone.
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["/model", "/model", "after the repaired pickers"]);
  });

  it("C-API-23: when every `/model` Enter becomes a newline, listModels fails after the bounded repairs and clears the draft, so the next message is submitted alone", async () => {
    const sim = await ready("0.171.0", { script: { pasteBurstMs: 60_000 } });
    const error = await sim.session.listModels().catch((e: unknown) => e);
    expect(isElwoodError(error) && error.code).toBe("model_automation_failed");
    expect(simRecords(sim.log(), "key").filter((k) => k.key === "backspace").length).toBeGreaterThanOrEqual(3);
    expect(modelLog(sim)).toEqual([]);
    await until("composer cleared", () => sim.session.terminal.snapshot().text.includes("› Ask Codex to do anything"), 5_000);
    // A paste ends the burst in the sim as in the CLI, so the message's own Enter submits it.
    await sim.session.sendMessage("alone");
    await until("submit", () => simRecords(sim.log(), "submit").length > 0, 20_000);
    expect(simRecords(sim.log(), "submit").map((r) => r.text)).toEqual(["alone"]);
  });

  it("C-API-24: a row only reachable after scrolling is selected (cross-page cursor), and a row above a scrolled-open window too", async () => {
    const sim = await ready("0.171.0");
    await sim.session.setModel("gpt-5.5");
    expect(modelLog(sim).filter((r) => r.action === "set").map((r) => r.id)).toEqual(["gpt-5.5"]);
    // Now the picker opens scrolled to its current (last) row: the rows above the window are collected as well.
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(V171_IDS);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["gpt-5.5"]);
    await sim.session.setModel("gpt-6.2-astra");
    expect(modelLog(sim).filter((r) => r.action === "set").map((r) => r.id)).toEqual(["gpt-5.5", "gpt-6.2-astra"]);
    expect(await nextTurnModel(sim, "and now")).toBe("gpt-6.2-astra");
  });

  it("C-API-24: an unknown id fails model_automation_failed listing the available ids; the picker is cancelled and nothing is written", async () => {
    const sim = await ready("0.171.0");
    const before = readFileSync(sim.configFile);
    const error = await sim.session.setModel("gpt-9").catch((e: unknown) => e);
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    expect((error as { details: { available: string[] } }).details.available).toEqual(V171_IDS);
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
    expect(keysAfterOpen(sim).filter((k) => k === "enter" || k === "s" || /^[0-9]$/.test(k))).toEqual([]);
    expect(keysAfterOpen(sim).at(-1)).toBe("escape");
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
    await sim.session.waitForStatus((s) => s === "ready", 5_000);
    expect(await nextTurnModel(sim, "still the old model")).toBe("gpt-6.2-sol");
  });

  it("C-API-35: listModels dispatches while a turn is in flight and does not consume the ready transition", async () => {
    const sim = await ready("0.171.0", { script: { slowMs: 3000 } });
    await sim.session.sendMessage("SLOW please");
    await sim.session.waitForStatus((s) => s === "running", 10_000);
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(V171_IDS);
    // The picker came and went during the turn.
    expect(simRecords(sim.log(), "turn")).toEqual([]);
    expect(sim.session.status).toBe("running");
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    // Ready came from the slow turn's own end (its Stop), not from the picker closing.
    await until("the slow turn's end", () => simRecords(sim.log(), "turn").length === 1, 10_000);
    expect(simRecords(sim.log(), "turn").map((t) => t.outcome)).toEqual(["stop"]);
    expect(sim.session.statusDecisions().filter((d) => d.to === "ready").at(-1)?.evidence).toMatchObject({ kind: "turn.ended" });
    await sim.session.sendMessage("after the slow turn");
    await until("second turn", () => simRecords(sim.log(), "turn").length === 2, 20_000);
    expect(simRecords(sim.log(), "submit").map((s) => s.text)).toEqual(["SLOW please", "/model", "after the slow turn"]);
  });

  it("C-API-24: raw input (sendKeys) during the picker revokes setModel: no further key is written, takeover warning, no restore", async () => {
    // The effort step paints only once the raw key arrived (issue 14 item 9: it used to paint after a fixed 1.5 s,
    // which a loaded machine could outlast before the raw key was sent, so setModel then applied).
    const sim = await ready("0.171.0", { script: { effortHoldsForKey: true } });
    const before = readFileSync(sim.configFile);
    const pending = sim.session.setModel("gpt-6-sol").catch((e: unknown) => e);
    // The model row's Enter was sent; the effort step is held until the raw key.
    await until("the model-row Enter", () => keysAfterOpenSafe(sim).includes("enter"), 15_000);
    await sim.session.sendKeys("x");
    const error = await pending;
    expect(isElwoodError(error, "model_automation_failed")).toBe(true);
    // setModel rejects as soon as the raw key is written; the CLI reads (and logs) it a little later.
    await until("the raw key reached the CLI", () => inputsCarrying(sim, "x").length > 0, 10_000);
    const rawAt = lastInputAt(sim, "x");
    await new Promise((r) => setTimeout(r, 2500));
    expect(sim.log().filter((r) => r.kind === "input" && r.t > rawAt)).toEqual([]);
    expect(modelLog(sim).some((r) => r.action === "set")).toBe(false);
    expect(sim.warnings.map((w) => [w.code, w.details?.["reason"]])).toEqual([["codex_default_model_persisted", "takeover"]]);
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
  });
});

// 0.144 has no OSC 7501: readiness falls back to the bounded startup deadline (~10 s), hence the longer test bounds.
describe("Codex 0.144.6 /model picker through the simulated CLI (Enter is the only apply; it writes config.toml late)", { timeout: 90_000 }, () => {
  it("C-API-23: listModels shows slugs, the (current) row and the separate (default) marker", async () => {
    const sim = await ready("0.144.6", { home: codexHome("gpt-5.4") });
    const rows = await sim.session.listModels();
    expect(rows.map((r) => r.id)).toEqual(V144_IDS);
    expect(rows.filter((r) => r.isCurrent).map((r) => r.id)).toEqual(["gpt-5.4"]);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual(["gpt-5.6-sol"]);
    expect(modelLog(sim).map((r) => r.action)).toEqual(["open", "cancel"]);
  });

  it("C-CODEX-14: setModel applies with Enter; the CLI's late config.toml write is undone byte-identically by CAS; the session keeps the new model", async () => {
    const sim = await ready("0.144.6");
    const before = readFileSync(sim.configFile);
    await sim.session.setModel("gpt-5.6-terra");
    const set = modelLog(sim).find((r) => r.action === "set");
    expect(set).toMatchObject({ id: "gpt-5.6-terra", scope: "default" });
    const writes = configRecords(sim.log()).filter((r) => r.action === "write");
    // The CLI wrote its choice after the picker closed, and setModel waited for that write before restoring.
    expect(writes).toEqual([expect.objectContaining({ model: "gpt-5.6-terra" })]);
    expect(writes[0]!.t).toBeGreaterThan(set!.t);
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
    expect(sim.warnings).toEqual([]);
    expect(keysAfterOpen(sim).filter((k) => /^[0-9]$/.test(k) || k === "s")).toEqual([]);
    expect(await nextTurnModel(sim, "which model")).toBe("gpt-5.6-terra");
  });

  it("C-CODEX-14: a CLI that writes its choice 3 s after the picker closed (a starved process on a loaded machine) is still undone before setModel resolves", async () => {
    const sim = await ready("0.144.6", { script: { configWriteDelayMs: 3000 } });
    const before = readFileSync(sim.configFile);
    await sim.session.setModel("gpt-5.6-terra");
    expect(configRecords(sim.log()).filter((r) => r.action === "write")).toEqual([expect.objectContaining({ model: "gpt-5.6-terra" })]);
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
    expect(sim.warnings).toEqual([]);
  });

  it("C-CODEX-14: the restore writes through a symlinked config.toml to its target and keeps the file's mode", async () => {
    const home = mkdtempSync(join(tmpdir(), "elwood-codex-home-"));
    dirs.push(home);
    mkdirSync(join(home, "dotfiles"));
    const target = join(home, "dotfiles", "codex-config.toml");
    writeFileSync(target, config("gpt-5.6-sol"));
    chmodSync(target, 0o640);
    symlinkSync(target, join(home, "config.toml"));
    const sim = await ready("0.144.6", { home });
    const before = readFileSync(target);
    await sim.session.setModel("gpt-5.5");
    expect(configRecords(sim.log()).filter((r) => r.action === "write")).toHaveLength(1);
    expect(lstatSync(join(home, "config.toml")).isSymbolicLink()).toBe(true);
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o640);
    // No temp file is left next to the link or the target.
    expect(readdirSync(home).sort()).toEqual(["config.toml", "dotfiles"]);
    expect(readdirSync(join(home, "dotfiles"))).toEqual(["codex-config.toml"]);
    expect(sim.warnings).toEqual([]);
  });

  it("C-CODEX-14: a model without an effort step is applied by its row's Enter and still restored", async () => {
    const sim = await ready("0.144.6", { script: { codexEffortless: ["gpt-5.2"] } });
    const before = readFileSync(sim.configFile);
    await sim.session.setModel("gpt-5.2");
    expect(configRecords(sim.log()).filter((r) => r.action === "write")).toHaveLength(1);
    expect(readFileSync(sim.configFile).equals(before)).toBe(true);
    expect(sim.warnings).toEqual([]);
  });

  it("C-CODEX-14: another key edited during the switch → codex_default_model_persisted and the file is left as the CLI wrote it", async () => {
    const sim = await ready("0.144.6", { script: { codexConcurrentEdit: { approval_policy: '"never"' } } });
    const before = readFileSync(sim.configFile, "utf8");
    await sim.session.setModel("gpt-5.4");
    await until("the CLI's own write", () => configRecords(sim.log()).some((r) => r.action === "write"), 10_000);
    expect(sim.warnings.map((w) => [w.code, w.details?.["reason"]])).toEqual([["codex_default_model_persisted", "conflict"]]);
    // Elwood wrote nothing: the concurrent edit and the CLI's choice are both still there, the rest untouched.
    const expected = before
      .replace('model = "gpt-5.6-sol"\n', 'model = "gpt-5.4"\n')
      .replace('model_reasoning_effort = "low"', 'model_reasoning_effort = "medium"')
      .replace('approval_policy = "on-request"', 'approval_policy = "never"');
    await new Promise((r) => setTimeout(r, 300));
    expect(readFileSync(sim.configFile, "utf8")).toBe(expected);
  });

  it("C-CODEX-14: concurrent setModel on two sessions sharing a CODEX_HOME serialize on the config lock; both succeed, file byte-identical", async () => {
    const home = codexHome("gpt-5.6-sol");
    const [a, b] = await Promise.all([ready("0.144.6", { home }), ready("0.144.6", { home })]);
    const before = readFileSync(join(home, "config.toml"));
    await Promise.all([a.session.setModel("gpt-5.4"), b.session.setModel("gpt-5.5")]);
    expect(readFileSync(join(home, "config.toml")).equals(before)).toBe(true);
    expect([...a.warnings, ...b.warnings]).toEqual([]);
    // One switch (open → its CLI's late write) ends before the other's picker opens.
    const span = (s: CodexSim) => ({
      open: modelLog(s).find((r) => r.action === "open")!.t,
      write: configRecords(s.log()).find((r) => r.action === "write")!.t,
    });
    const [x, y] = [span(a), span(b)].sort((p, q) => p.open - q.open);
    expect(y!.open).toBeGreaterThan(x!.write);
    expect(await nextTurnModel(a, "model a")).toBe("gpt-5.4");
    expect(await nextTurnModel(b, "model b")).toBe("gpt-5.5");
  });

  it("C-CODEX-14: a setModel waiting for the config lock when its session is killed rejects session_not_running and never takes the lock later", async () => {
    const home = codexHome("gpt-5.6-sol");
    // A holds the lock for a while: its effort step paints two seconds after the model row's Enter.
    const [a, b] = await Promise.all([ready("0.144.6", { home, script: { effortDelayMs: 2000 } }), ready("0.144.6", { home })]);
    const before = readFileSync(join(home, "config.toml"));
    const first = a.session.setModel("gpt-5.4");
    await until("A's picker", () => modelLog(a).some((r) => r.action === "open"), 20_000);
    const waiting = b.session.setModel("gpt-5.5").catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    await b.session.kill();
    expect(isElwoodError(await waiting, "session_not_running")).toBe(true);
    await first;
    expect(modelLog(b)).toEqual([]);
    // The lock was not left with the dead session: A switches again.
    await a.session.setModel("gpt-5.5", { timeoutMs: 20_000 });
    expect(readFileSync(join(home, "config.toml")).equals(before)).toBe(true);
    expect(a.warnings).toEqual([]);
  });
});

/** Session directories left in a state dir (none, or an empty `sessions/`, after a clean teardown). */
function sessionDirs(stateDir: string): string[] {
  const sessions = join(stateDir, "sessions");
  return existsSync(sessions) ? readdirSync(sessions) : [];
}
/** PTY masters this test process holds open. */
function ptyMasters(): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === "/dev/ptmx") n += 1;
    } catch {
      // Closed while listing.
    }
  }
  return n;
}

describe("listCodexModels with the simulated CLI (C-API-41)", { timeout: 90_000 }, () => {
  function probeEnv(version: string) {
    const base = mkdtempSync(join(tmpdir(), "elwood-list-codex-"));
    dirs.push(base);
    const home = join(base, "codex-home");
    const cwd = join(base, "project");
    const stateDir = join(base, "state");
    mkdirSync(home);
    mkdirSync(cwd);
    writeFileSync(join(home, "config.toml"), config(version === "0.144.6" ? "gpt-5.6-sol" : "gpt-6.2-sol"));
    // The probe is memoised per executable; the sim's flavour and version come from the env.
    clearCodexProbeCache();
    const env = { HOME: base, CODEX_HOME: home, ELWOOD_SIM_FLAVOUR: "codex", ELWOOD_SIM_VERSION: version, ELWOOD_SIM_LOG: join(base, "sim.jsonl") };
    return { base, home, cwd, stateDir, env };
  }

  it.each(["0.171.0", "0.144.6"])("C-API-41 %s: lists through a throwaway session and leaves no process, PTY or state dir", async (version) => {
    const p = probeEnv(version);
    const masters = ptyMasters();
    const before = readFileSync(join(p.home, "config.toml"));
    const rows = await listCodexModels({ cwd: p.cwd, stateDir: p.stateDir, executable: simAgentPath, env: p.env });
    expect(rows.map((r) => r.id)).toEqual(version === "0.144.6" ? V144_IDS : V171_IDS);
    expect(rows.filter((r) => r.isCurrent)).toHaveLength(1);
    await until("probe processes gone", () => processesWithEnv("CODEX_HOME", p.home).length === 0, 10_000);
    expect(ptyMasters()).toBe(masters);
    expect(sessionDirs(p.stateDir)).toEqual([]);
    expect(readFileSync(join(p.home, "config.toml")).equals(before)).toBe(true);
  });

  it("C-API-41: when the executable fails after its version probe: a typed error, and no process, PTY or state dir is left", async () => {
    const p = probeEnv("0.171.0");
    // Answers --version / --help like the sim, then dies at launch (a state dir was allocated by then).
    const broken = join(p.base, "broken-codex");
    writeFileSync(broken, `#!/bin/sh\ncase "$1" in --version|--help) exec "${process.execPath}" "${simAgentPath}" "$@";; esac\necho "boom" >&2\nexit 7\n`);
    chmodSync(broken, 0o755);
    const masters = ptyMasters();
    const error = await listCodexModels({ cwd: p.cwd, stateDir: p.stateDir, executable: broken, env: p.env }).catch((e: unknown) => e);
    expect(isElwoodError(error, "codex_start_failed") || isElwoodError(error, "model_automation_failed")).toBe(true);
    await until("probe processes gone", () => processesWithEnv("CODEX_HOME", p.home).length === 0, 10_000);
    expect(ptyMasters()).toBe(masters);
    expect(sessionDirs(p.stateDir)).toEqual([]);
  });

  it("C-API-41: rejects non-object options without throwing", async () => {
    const error = await listCodexModels(null as never).catch((e: unknown) => e);
    expect(isElwoodError(error, "invalid_argument")).toBe(true);
  });
});

function keysAfterOpenSafe(sim: CodexSim): string[] {
  return modelLog(sim).some((r) => r.action === "open") ? keysAfterOpen(sim) : [];
}
/** The raw stdin chunks the sim logged that carried `text`. */
function inputsCarrying(sim: CodexSim, text: string) {
  return simRecords(sim.log(), "input").filter((r) => Buffer.from(r.bytes, "base64").toString("utf8").includes(text));
}
/** Arrival time of the last raw stdin chunk that carried `text`. */
function lastInputAt(sim: CodexSim, text: string): number {
  const last = inputsCarrying(sim, text).at(-1);
  if (last === undefined) throw new Error(`no input carried ${JSON.stringify(text)}`);
  return last.t;
}
