// Issue 41 item 1: one supervisor holds every session of its embedder — a CLI's own exit reaps only that session's
// tagged leftovers, and the pipe's end of file (the embedder gone) ends every remaining group and tagged process.

import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { startSupervisor, supervisorScriptPath } from "../../effects/supervisor/start-supervisor.js";
import { processState } from "../../effects/pty/process-group.js";
import { taggedProcesses } from "../../effects/pty/tagged-processes.js";
import { until } from "./codex-sim-support.js";

const TAG = "ELWOOD_SUPERVISOR_TEST";
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }
  for (const value of ["one", "two"].map((v) => `${process.pid}-${v}`)) for (const pid of taggedProcesses(TAG, value)) process.kill(pid, "SIGKILL");
});

/** A stand-in CLI: a group leader carrying the tag, plus a tagged leftover in a session (and group) of its own. */
function startTaggedGroup(value: string): ChildProcess {
  const child = spawn("/bin/sh", ["-c", "setsid sh -c 'trap \"\" HUP; exec sleep 300' </dev/null >/dev/null 2>&1 & exec sleep 300"], {
    detached: true,
    stdio: "ignore",
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", [TAG]: value },
  });
  started.push(child);
  return child;
}

const alive = (pid: number): boolean => processState(pid) === "alive";

/** This process's supervisors: its children running the supervisor script. */
function supervisors(): number[] {
  const read = (path: string): string => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return "";
    }
  };
  return read(`/proc/${process.pid}/task/${process.pid}/children`)
    .split(/\s+/)
    .filter((p) => p !== "" && read(`/proc/${p}/cmdline`).includes(supervisorScriptPath()))
    .map(Number)
    .filter(alive);
}

describe.runIf(process.platform === "linux")("the embedder's supervisor (issue 41 item 1)", () => {
  it("issue 41 item 1: `exited` reaps that session's tagged leftovers only; end of file kills every remaining group and tag", async () => {
    const one = `${process.pid}-one`;
    const two = `${process.pid}-two`;
    const a = startTaggedGroup(one);
    const b = startTaggedGroup(two);
    await until("both leftovers", () => taggedProcesses(TAG, one).length === 2 && taggedProcesses(TAG, two).length === 2, 10_000);
    const supervisor = spawn("/bin/sh", [supervisorScriptPath()], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    started.push(supervisor);
    supervisor.stdin!.write(`add 1 ${a.pid} ${TAG}=${one}\nadd 2 ${b.pid} ${TAG}=${two}\n`);
    // Session one's CLI exits on its own: only its leftover goes.
    process.kill(a.pid!, "SIGKILL");
    supervisor.stdin!.write("exited 1\n");
    await until("session one's leftover reaped", () => taggedProcesses(TAG, one).length === 0, 10_000);
    expect(taggedProcesses(TAG, two).length).toBe(2);
    expect(alive(supervisor.pid!)).toBe(true);
    // The embedder is gone (its end of the pipe closes): session two's group and its leftover go, and so does the supervisor.
    const exited = new Promise((resolve) => supervisor.once("exit", resolve));
    supervisor.stdin!.end();
    await exited;
    expect(taggedProcesses(TAG, two)).toEqual([]);
  }, 30_000);

  it("issue 41 item 1: a session forgotten with `del` is left alone at end of file", async () => {
    const one = `${process.pid}-one`;
    const a = startTaggedGroup(one);
    await until("the leftover", () => taggedProcesses(TAG, one).length === 2, 10_000);
    const supervisor = spawn("/bin/sh", [supervisorScriptPath()], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    started.push(supervisor);
    supervisor.stdin!.write(`add 7 ${a.pid} ${TAG}=${one}\ndel 7\n`);
    const exited = new Promise((resolve) => supervisor.once("exit", resolve));
    supervisor.stdin!.end();
    await exited;
    expect(taggedProcesses(TAG, one).length).toBe(2);
  }, 30_000);

  it("issue 41 item 1: one supervisor holds every session of the process and exits with the last one; the next session starts another", async () => {
    const one = `${process.pid}-one`;
    const two = `${process.pid}-two`;
    const a = startTaggedGroup(one);
    const b = startTaggedGroup(two);
    await until("both leftovers", () => taggedProcesses(TAG, one).length === 2 && taggedProcesses(TAG, two).length === 2, 10_000);
    expect(supervisors()).toEqual([]);
    const first = startSupervisor({ cliPgid: a.pid!, tagName: TAG, tagValue: one });
    const second = startSupervisor({ cliPgid: b.pid!, tagName: TAG, tagValue: two });
    const [pid, ...more] = supervisors();
    expect(more).toEqual([]);
    // Session one's CLI ended on its own: what it left goes, session two is untouched.
    first.cliExited();
    await until("session one's leftovers reaped", () => taggedProcesses(TAG, one).length === 0, 10_000);
    expect(taggedProcesses(TAG, two).length).toBe(2);
    // Session two closed through Elwood (which reaps on its own): the supervisor, holding nothing, exits.
    second.stop();
    await until("the supervisor to exit", () => !alive(pid!), 10_000);
    expect(taggedProcesses(TAG, two).length).toBe(2);
    const third = startSupervisor({ cliPgid: b.pid!, tagName: TAG, tagValue: two });
    expect(supervisors()).toHaveLength(1);
    const [next] = supervisors();
    expect(next).not.toBe(pid);
    third.stop();
    await until("the new supervisor to exit", () => !alive(next!), 10_000);
  }, 30_000);

  it("issue 41 item 1: a tag that could split the supervisor's protocol is refused (nothing is registered)", () => {
    expect(supervisors()).toEqual([]);
    for (const tagValue of ["a b", "x\nadd 1 1 T=v", "a:b", ""]) {
      const s = startSupervisor({ cliPgid: 12345, tagName: TAG, tagValue });
      s.cliExited();
      s.stop();
    }
    expect(startSupervisor({ cliPgid: 1, tagName: TAG, tagValue: "v" })).toBeDefined();
    expect(supervisors()).toEqual([]);
  });
});
