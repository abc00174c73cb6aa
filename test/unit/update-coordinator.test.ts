// The update coordinator and the update's classification: one attempt per process per adapter, shared by concurrent callers, never a rejection.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifyUpdate, type UpdateAttempt } from "../../adapters/agent-update.js";
import { coordinatedUpdate, forgetUpdateAttempts } from "../../adapters/update-coordinator.js";
import type { ProbeResult } from "../../effects/probe.js";

let root: string;
const saved = { dir: process.env["ELWOOD_UPDATE_LEASE_DIR"], wait: process.env["ELWOOD_UPDATE_LEASE_WAIT_MS"] };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "elwood-coord-"));
  process.env["ELWOOD_UPDATE_LEASE_DIR"] = root;
  process.env["ELWOOD_UPDATE_LEASE_WAIT_MS"] = "50";
  forgetUpdateAttempts();
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  for (const [key, value] of [["ELWOOD_UPDATE_LEASE_DIR", saved.dir], ["ELWOOD_UPDATE_LEASE_WAIT_MS", saved.wait]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

function probeResult(over: Partial<ProbeResult>): ProbeResult {
  return { code: 0, signal: null, stdout: "", stderr: "", timedOut: false, truncated: false, ...over };
}

describe("coordinatedUpdate (C-LIFE-09, C-LIFE-11, C-PERF-02, C-PERF-04)", () => {
  it("C-LIFE-09: concurrent callers share one attempt; later callers get done_before without a second run; caches cleared once, before anyone re-reads", async () => {
    let runs = 0;
    let clears = 0;
    let release!: (a: UpdateAttempt) => void;
    const run = () => {
      runs += 1;
      return new Promise<UpdateAttempt>((resolve) => (release = resolve));
    };
    const a = coordinatedUpdate("claude", run, () => (clears += 1));
    const b = coordinatedUpdate("claude", run, () => (clears += 1));
    // The run starts once the lease is held.
    while (runs === 0) await new Promise((r) => setTimeout(r, 5));
    release({ ok: false, errorCode: "exit_nonzero", exitStatus: 1, stderr: "offline" });
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toEqual({ kind: "failed", errorCode: "exit_nonzero", exitStatus: 1, stderr: "offline" });
    expect(rb).toBe(ra);
    expect(runs).toBe(1);
    expect(clears).toBe(1);
    expect(await coordinatedUpdate("claude", run, () => (clears += 1))).toEqual({ kind: "done_before" });
    expect(runs).toBe(1);
    // Another adapter has its own attempt.
    expect(await coordinatedUpdate("codex", async () => ({ ok: true }), () => undefined)).toEqual({ kind: "updated" });
  });

  it("C-LIFE-11: a run that throws is a failed report, never a rejection; caches are still cleared", async () => {
    let cleared = false;
    const report = await coordinatedUpdate("claude", () => Promise.reject(new Error("boom")), () => (cleared = true));
    expect(report).toEqual({ kind: "failed", errorCode: "spawn_failed", stderr: "" });
    expect(cleared).toBe(true);
  });

  it("C-PERF-04: a live other process holding the lease for the whole wait → update_active, no run, caches cleared, its lease kept", async () => {
    const lease = join(root, "claude.lease");
    mkdirSync(lease);
    writeFileSync(join(lease, "owner.json"), JSON.stringify({ pid: process.ppid, generation: "peer" }));
    let runs = 0;
    let cleared = false;
    const report = await coordinatedUpdate("claude", async () => ((runs += 1), { ok: true }), () => (cleared = true));
    expect(report).toEqual({ kind: "failed", errorCode: "update_active" });
    expect(runs).toBe(0);
    expect(cleared).toBe(true);
    expect(JSON.parse(readFileSync(join(lease, "owner.json"), "utf8"))).toEqual({ pid: process.ppid, generation: "peer" });
  });

  it("C-PERF-04: the owner's lease is gone after its attempt", async () => {
    await coordinatedUpdate("claude", async () => ({ ok: true }), () => undefined);
    expect(readdirSync(root)).toEqual([]);
  });
});

describe("classifyUpdate (C-LIFE-11, C-PERF-03)", () => {
  it("maps every way an update probe ends to an allowlisted error code", () => {
    expect(classifyUpdate(probeResult({}))).toEqual({ ok: true });
    expect(classifyUpdate(probeResult({ code: 2, stderr: "  no network \n" }))).toEqual({ ok: false, errorCode: "exit_nonzero", exitStatus: 2, stderr: "no network" });
    expect(classifyUpdate(probeResult({ code: null, signal: "SIGKILL", timedOut: true }))).toMatchObject({ ok: false, errorCode: "ETIMEDOUT" });
    expect(classifyUpdate(probeResult({ code: null, signal: "SIGHUP", truncated: true }))).toMatchObject({ ok: false, errorCode: "E2BIG" });
    expect(classifyUpdate(probeResult({ code: null, signal: "SIGTERM" }))).toMatchObject({ ok: false, errorCode: "signaled" });
    const enoent = Object.assign(new Error("spawn /nope ENOENT"), { code: "ENOENT" });
    expect(classifyUpdate(probeResult({ code: null, spawnError: enoent }))).toMatchObject({ ok: false, errorCode: "ENOENT" });
    const odd = Object.assign(new Error("weird"), { code: "EWEIRD" });
    expect(classifyUpdate(probeResult({ code: null, spawnError: odd }))).toMatchObject({ ok: false, errorCode: "spawn_failed" });
  });

  it("drops the login shell's job-control noise from stderr, keeps the update's own lines", () => {
    const stderr = "bash: cannot set terminal process group (-1): Inappropriate ioctl for device\nbash: no job control in this shell\nError: Failed to install native update\n";
    expect(classifyUpdate(probeResult({ code: 1, stderr }))).toEqual({ ok: false, errorCode: "exit_nonzero", exitStatus: 1, stderr: "Error: Failed to install native update" });
  });

  it("keeps only the last 2000 characters of stderr", () => {
    const attempt = classifyUpdate(probeResult({ code: 1, stderr: `${"a".repeat(5000)}END` }));
    expect(attempt.ok).toBe(false);
    if (!attempt.ok) {
      expect(attempt.stderr).toHaveLength(2000);
      expect(attempt.stderr.endsWith("END")).toBe(true);
    }
  });
});
