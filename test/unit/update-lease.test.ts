// The cross-process update lease: atomic claim, live owners waited for (never evicted), dead owners recovered, own-generation cleanup, bounded leftover sweep.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireUpdateLease } from "../../effects/update-lease.js";
import { sweepLeaseLeftovers, LEFTOVER_BUDGET } from "../../effects/update-lease-leftovers.js";
import { updateLeaseRoot, updateLeaseWaitMs } from "../../effects/update-lease-root.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "elwood-lease-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A pid that no longer runs: a child that has exited and been reaped. */
function deadPid(): number {
  return spawnSync("true").pid;
}

/** A live process other than this one. */
const livePid = process.ppid;

function writeLease(owner: unknown): string {
  const lease = join(root, "claude.lease");
  mkdirSync(lease);
  if (owner !== undefined) writeFileSync(join(lease, "owner.json"), typeof owner === "string" ? owner : JSON.stringify(owner));
  return lease;
}

describe("update lease (C-PERF-04)", () => {
  it("C-PERF-04: a free lease is claimed by renaming a staged owner record into place; release removes it", async () => {
    const lease = await acquireUpdateLease("claude", { root, waitMs: 0 });
    expect(lease.kind).toBe("owner");
    const owner = JSON.parse(readFileSync(join(root, "claude.lease", "owner.json"), "utf8")) as { pid: number; generation: string };
    expect(owner.pid).toBe(process.pid);
    expect(owner.generation).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing staged is left beside it.
    expect(readdirSync(root)).toEqual(["claude.lease"]);
    if (lease.kind === "owner") await lease.release();
    expect(readdirSync(root)).toEqual([]);
  });

  it("C-PERF-04: a second claim in the same process while the first holds it waits and times out; the holder's lease stays", async () => {
    const first = await acquireUpdateLease("claude", { root, waitMs: 0 });
    const second = await acquireUpdateLease("claude", { root, waitMs: 30, pollMs: 10 });
    expect(second.kind).toBe("timed_out");
    expect(existsSync(join(root, "claude.lease", "owner.json"))).toBe(true);
    if (first.kind === "owner") await first.release();
  });

  it("C-PERF-04: a live other owner is waited for up to the bound, then update_active territory (timed_out); its lease is never deleted", async () => {
    const lease = writeLease({ pid: livePid, generation: "theirs" });
    // Old enough to pass the stale bound: age alone never evicts a live owner.
    const old = new Date(Date.now() - 120_000);
    utimesSync(lease, old, old);
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 50, pollMs: 10, staleMs: 1 });
    expect(outcome.kind).toBe("timed_out");
    expect(JSON.parse(readFileSync(join(lease, "owner.json"), "utf8"))).toEqual({ pid: livePid, generation: "theirs" });
  });

  it("C-PERF-04: when the live owner releases during the wait, the contender does not claim (its update ran): waited", async () => {
    const lease = writeLease({ pid: livePid, generation: "theirs" });
    // The owner releases once the contender is known to be waiting.
    const onWait = () => rmSync(lease, { recursive: true, force: true });
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 5_000, pollMs: 10, onWait });
    expect(outcome.kind).toBe("waited");
    expect(existsSync(lease)).toBe(false);
  });

  it("C-PERF-04: a dead owner's lease is recovered (renamed aside, then removed) and claimed", async () => {
    writeLease({ pid: deadPid(), generation: "dead" });
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 0 });
    expect(outcome.kind).toBe("owner");
    const owner = JSON.parse(readFileSync(join(root, "claude.lease", "owner.json"), "utf8")) as { pid: number };
    expect(owner.pid).toBe(process.pid);
    expect(readdirSync(root).sort()).toEqual(["claude.lease"]);
    if (outcome.kind === "owner") await outcome.release();
  });

  it("C-PERF-04: an unreadable owner record counts as possibly live (waited for) until the stale bound passes", async () => {
    const lease = writeLease("{torn");
    expect((await acquireUpdateLease("claude", { root, waitMs: 30, pollMs: 10, staleMs: 60_000 })).kind).toBe("timed_out");
    expect(existsSync(lease)).toBe(true);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lease, old, old);
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 30, pollMs: 10, staleMs: 60_000 });
    expect(outcome.kind).toBe("owner");
    if (outcome.kind === "owner") await outcome.release();
  });

  it("C-PERF-04: an empty (ownerless) lease directory is never claimed over while young", async () => {
    const lease = writeLease(undefined);
    expect((await acquireUpdateLease("claude", { root, waitMs: 30, pollMs: 10 })).kind).toBe("timed_out");
    expect(readdirSync(lease)).toEqual([]);
  });

  it("C-PERF-04: release removes only its own generation, never a successor's lease", async () => {
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 0 });
    // A successor took over (e.g. after a recovery): its record replaces ours.
    writeFileSync(join(root, "claude.lease", "owner.json"), JSON.stringify({ pid: livePid, generation: "successor" }));
    if (outcome.kind === "owner") await outcome.release();
    expect(JSON.parse(readFileSync(join(root, "claude.lease", "owner.json"), "utf8"))).toEqual({ pid: livePid, generation: "successor" });
  });

  it("C-PERF-04: an abandoned recovery guard does not block recovery forever (removed past the stale bound)", async () => {
    writeLease({ pid: deadPid(), generation: "dead" });
    const guard = join(root, "claude.lease.recovering");
    mkdirSync(guard);
    const old = new Date(Date.now() - 120_000);
    utimesSync(guard, old, old);
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 2_000, pollMs: 10, staleMs: 60_000 });
    expect(outcome.kind).toBe("owner");
    if (outcome.kind === "owner") await outcome.release();
    expect(existsSync(guard)).toBe(false);
  });

  it("C-PERF-04: a dead owner's lease that another process is recovering (fresh guard) is waited for, not removed twice", async () => {
    const lease = writeLease({ pid: deadPid(), generation: "dead" });
    mkdirSync(join(root, "claude.lease.recovering"));
    let waits = 0;
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 30, pollMs: 10, staleMs: 60_000, onWait: () => (waits += 1) });
    expect(outcome.kind).toBe("timed_out");
    expect(waits).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(lease, "owner.json"), "utf8"))).toMatchObject({ generation: "dead" });
  });

  it("C-PERF-04: each holder removes a bounded number of leftovers (staging of dead processes, retired leases); a live process's staging stays", async () => {
    const dead = deadPid();
    for (let i = 0; i < 6; i += 1) mkdirSync(join(root, `claude.staging-${dead}-x${i}`));
    for (let i = 0; i < 6; i += 1) mkdirSync(join(root, `claude.retired-r${i}`));
    mkdirSync(join(root, `claude.staging-${livePid}-live`));
    mkdirSync(join(root, `codex.retired-other`));
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 0 });
    if (outcome.kind === "owner") await outcome.release();
    const left = readdirSync(root).sort();
    expect(left).toContain(`claude.staging-${livePid}-live`);
    expect(left).toContain("codex.retired-other");
    expect(left.filter((n) => n.startsWith("claude.")).length).toBe(12 - LEFTOVER_BUDGET + 1);
    expect(await sweepLeaseLeftovers(root, "claude")).toBe(12 - LEFTOVER_BUDGET);
    expect(readdirSync(root).sort()).toEqual([`claude.staging-${livePid}-live`, "codex.retired-other"]);
  });

  it("C-PERF-04: the lease root is a per-user cache directory independent of TMPDIR; the test override and wait bound come from the environment", () => {
    expect(updateLeaseRoot({ HOME: "/home/u", TMPDIR: "/tmp/x", XDG_CACHE_HOME: "/home/u/.xdg" })).toBe("/home/u/.xdg/elwood/update-leases");
    expect(updateLeaseRoot({ TMPDIR: "/tmp/x" })).toMatch(/\/\.cache\/elwood\/update-leases$/);
    expect(updateLeaseRoot({ ELWOOD_UPDATE_LEASE_DIR: "/somewhere/leases" })).toBe("/somewhere/leases");
    expect(updateLeaseRoot({ ELWOOD_UPDATE_LEASE_DIR: "relative" })).toMatch(/\/\.cache\/elwood\/update-leases$/);
    expect(updateLeaseWaitMs({})).toBe(60_000);
    expect(updateLeaseWaitMs({ ELWOOD_UPDATE_LEASE_WAIT_MS: "250" })).toBe(250);
    expect(updateLeaseWaitMs({ ELWOOD_UPDATE_LEASE_WAIT_MS: "soon" })).toBe(60_000);
  });
});
