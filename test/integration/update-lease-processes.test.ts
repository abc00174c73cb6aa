// The update lease between real processes (C-PERF-04): a child holds it; this process waits, gives up, or recovers it from a killed holder.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireUpdateLease } from "../../effects/update-lease.js";

let root: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "elwood-lease-proc-"));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

/** Starts a child holding claude's lease under `root`; resolves once it says so. */
async function holder(): Promise<{ child: ChildProcess; said: (word: string) => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(process.cwd(), "test/support/lease-holder.ts"), root, "claude"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(child);
  let out = "";
  const waiters: Array<() => void> = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
    for (const w of waiters.splice(0)) w();
  });
  const said = (word: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (out.includes(word)) resolve();
        else if (child.exitCode !== null) reject(new Error(`holder exited: ${out}`));
        else waiters.push(check);
      };
      check();
    });
  await said("held");
  return { child, said };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

describe("update lease across processes (C-PERF-04)", () => {
  it("C-PERF-04: a contender waits for another process's update and, once it releases, skips its own (waited)", async () => {
    const { child, said } = await holder();
    let asked = false;
    const outcome = await acquireUpdateLease("claude", {
      root,
      waitMs: 30_000,
      pollMs: 20,
      onWait: () => {
        if (asked) return;
        asked = true;
        child.stdin?.write("release\n");
      },
    });
    expect(outcome.kind).toBe("waited");
    await said("released");
    expect(existsSync(join(root, "claude.lease"))).toBe(false);
  });

  it("C-PERF-04: past the wait bound the contender gives up (update_active's case) without touching the holder's lease, which its owner then removes", async () => {
    const { child, said } = await holder();
    const record = readFileSync(join(root, "claude.lease", "owner.json"), "utf8");
    expect(JSON.parse(record)).toMatchObject({ pid: child.pid });
    expect((await acquireUpdateLease("claude", { root, waitMs: 100, pollMs: 20 })).kind).toBe("timed_out");
    expect(readFileSync(join(root, "claude.lease", "owner.json"), "utf8")).toBe(record);
    child.stdin?.write("release\n");
    await said("released");
    expect(existsSync(join(root, "claude.lease"))).toBe(false);
  });

  it("C-PERF-04: a holder killed before releasing leaves a dead owner's lease, which the next process recovers and claims", async () => {
    const { child } = await holder();
    child.kill("SIGKILL");
    await exited(child);
    expect(existsSync(join(root, "claude.lease"))).toBe(true);
    const outcome = await acquireUpdateLease("claude", { root, waitMs: 0 });
    expect(outcome.kind).toBe("owner");
    expect(JSON.parse(readFileSync(join(root, "claude.lease", "owner.json"), "utf8"))).toMatchObject({ pid: process.pid });
    if (outcome.kind === "owner") await outcome.release();
  });
});
