// Terminal holders (effects/pty/terminal-holders.ts): the fd scan looks only at processes started since the leader; clearing gives grace only until its deadline.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readProcStat } from "../../effects/pty/proc-stat.js";
import { clearTerminal, terminalHolders } from "../../effects/pty/terminal-holders.js";
import { eventually } from "../support/eventually.js";

const dir = mkdtempSync(join(tmpdir(), "elwood-holders-"));
const held = join(dir, "held-file");
writeFileSync(held, "x");
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === "linux")("terminal holders: the fd scan (Linux)", () => {
  it("finds a process holding the path when it started since the leader, and skips it when it started before", async () => {
    child = spawn(process.execPath, ["-e", `require("fs").openSync(${JSON.stringify(held)}, "r"); setInterval(() => {}, 1000); process.stdout.write("open\\n")`], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    await eventually(() => out.includes("open"), 10_000, "the child holds the file");
    const pid = child.pid as number;
    const stat = readProcStat(String(pid));
    expect(stat?.startTicks).toBeGreaterThan(0);
    const start = stat?.startTicks ?? 0;
    // A leader pid no process has: only the open file can make the child a holder.
    expect(terminalHolders(2 ** 22 + 7, held)).toContain(pid);
    expect(terminalHolders(2 ** 22 + 7, held, start)).toContain(pid);
    expect(terminalHolders(2 ** 22 + 7, held, start + 1)).not.toContain(pid);
  });
});

describe("terminal holders: clearing (clearTerminal)", () => {
  /** A process that ignores the hangup, and a find() that reports it while it lives, counting the rounds. */
  function stubborn(): { readonly pid: number; readonly find: () => number[]; readonly rounds: () => number } {
    const proc = spawn(process.execPath, ["-e", "process.on('SIGHUP', () => {}); setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const pid = proc.pid as number;
    let rounds = 0;
    const find = (): number[] => {
      rounds += 1;
      const state = readProcStat(String(pid))?.state;
      return state === undefined || state.startsWith("Z") ? [] : [pid];
    };
    return { pid, find, rounds: () => rounds };
  }

  it("a deadline already past (kill(): no grace) SIGKILLs in the first round; one in the future waits for it, round after round", async () => {
    const now = stubborn();
    expect(await clearTerminal(now.find, () => 0)).toBe(true);
    expect(now.find()).toEqual([]);
    // The first round kills; the process is gone within the next few looks (no 20 ms round is spent waiting for grace).
    expect(now.rounds()).toBeLessThanOrEqual(6);

    const later = stubborn();
    let graceRounds = 0;
    // Grace until 10 rounds were seen, then the deadline passes: the process must still be there at round 10.
    const cleared = await clearTerminal(
      () => {
        const found = later.find();
        if (found.length > 0) graceRounds += 1;
        return found;
      },
      () => (later.rounds() < 10 ? Number.POSITIVE_INFINITY : 0),
    );
    expect(cleared).toBe(true);
    expect(graceRounds).toBeGreaterThanOrEqual(10);
    expect(later.find()).toEqual([]);
  });
});
