// The terminal-holder scan looks into the open files only of processes started since the leader (effects/pty/terminal-holders.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readProcStat } from "../../effects/pty/proc-stat.js";
import { terminalHolders } from "../../effects/pty/terminal-holders.js";
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
