// The `sessions` live column: an owner record counts only while its very process runs (a reused pid does not).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sessionIsLive } from "../../cli/session-live.js";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sessionDir(owner: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "elwood-live-"));
  dirs.push(dir);
  writeFileSync(join(dir, "owner.json"), JSON.stringify(owner));
  return dir;
}

function startTimeOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

function sleeper(): number {
  const child = spawn("sleep", ["600"], { stdio: "ignore" });
  children.push(child);
  if (child.pid === undefined) throw new Error("sleep did not start");
  return child.pid;
}

describe("sessions live column (issue 19)", () => {
  it("C-CLI-24: no owner record, or an owner pid that no longer runs, is not live", async () => {
    const none = mkdtempSync(join(tmpdir(), "elwood-live-"));
    dirs.push(none);
    expect(await sessionIsLive(none)).toBe(false);
    const child = spawn("true", { stdio: "ignore" });
    const pid = child.pid as number;
    await new Promise((resolve) => child.on("close", resolve));
    expect(await sessionIsLive(sessionDir({ pid }))).toBe(false);
  });

  it("C-CLI-24: an owner record without a start time is live while its pid runs", async () => {
    expect(await sessionIsLive(sessionDir({ pid: sleeper() }))).toBe(true);
  });

  it.runIf(process.platform === "linux")("C-CLI-24: a pid reused by a process started after the record was written is not live; the recorded process itself is", async () => {
    // The record names the owner's pid and start time; the owner is gone and a later process now has that pid.
    const recordedStart = startTimeOf(process.pid);
    const reused = sleeper();
    expect(startTimeOf(reused)).not.toBe(recordedStart);
    expect(await sessionIsLive(sessionDir({ pid: reused, startTime: recordedStart }))).toBe(false);
    expect(await sessionIsLive(sessionDir({ pid: reused, startTime: startTimeOf(reused) }))).toBe(true);
  });
});
