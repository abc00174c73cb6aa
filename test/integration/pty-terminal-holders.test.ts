// Real-PTY tests: when the PTY's child dies first, nothing else that used its terminal outlives the reported exit — a
// launcher's child in its group, a process that left its session but kept the terminal — and a hung-up one may go itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { spawnAgentPty, type AgentPty, type PtyExit } from "../../effects/pty/agent-pty.js";
import { processState } from "../../effects/pty/process-group.js";

const privateHome = mkdtempSync(join(tmpdir(), "elwood-pty-home-"));
afterAll(() => rmSync(privateHome, { recursive: true, force: true }));

const spawned: AgentPty[] = [];
const strays: number[] = [];
afterEach(async () => {
  for (const p of spawned.splice(0)) await p.kill();
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone, as it should be
    }
  }
});

/**
 * A launcher like a CLI's bin script: it runs a child with the terminal as its stdio (in its group), and a second one
 * that leaves the session (setsid) with an empty environment but keeps the terminal; both ignore SIGHUP unless told to
 * leave on it, and both keep painting. It prints their pids, then waits.
 */
const LAUNCHER = `
const { spawn } = require("node:child_process");
const body = (leave) => "process.on('SIGHUP', () => { " + (leave ? "process.stdout.write('BYE ' + process.pid + '\\\\n', () => process.exit(0));" : "") + " });" +
  "setInterval(() => process.stdout.write('.'), 50);";
const leave = process.argv[1] === "leave";
const inGroup = spawn(process.execPath, ["-e", body(leave)], { stdio: "inherit" });
const ownSession = spawn(process.execPath, ["-e", body(leave)], { stdio: "inherit", detached: true, env: {} });
setTimeout(() => console.log("PIDS " + inGroup.pid + " " + ownSession.pid), 200);
setInterval(() => {}, 1000);
`;

function launch(mode: "stay" | "leave"): { p: AgentPty; text: () => string } {
  const p = spawnAgentPty({ executable: process.execPath, args: ["-e", LAUNCHER, mode], cwd: process.cwd(), env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: privateHome }, cols: 100, rows: 30, viaLoginShell: false });
  spawned.push(p);
  let text = "";
  p.onData((d) => {
    text += d;
  });
  return { p, text: () => text };
}

async function pidsOf(text: () => string): Promise<[number, number]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /PIDS (\d+) (\d+)/.exec(text());
    if (match) {
      const pids: [number, number] = [Number(match[1]), Number(match[2])];
      strays.push(...pids);
      return pids;
    }
    if (Date.now() > deadline) throw new Error(`no pids in ${JSON.stringify(text())}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The exit, with the state of `pids` read in the very listener that reports it. */
function exitWithStates(p: AgentPty, pids: readonly number[]): Promise<{ exit: PtyExit; states: string[]; at: number }> {
  return new Promise((resolve) => p.onExit((exit) => resolve({ exit, states: pids.map(processState), at: Date.now() })));
}

describe("the PTY's child dies first: its terminal is cleared before the exit is reported", () => {
  it("a child that ignores the hangup (in the group, and in a session of its own) is killed; the exit comes within the drain's bound", async () => {
    const { p, text } = launch("stay");
    const pids = await pidsOf(text);
    const exited = exitWithStates(p, pids);
    const killedAt = Date.now();
    process.kill(p.pid, "SIGKILL");
    const { exit, states, at } = await exited;
    expect(exit).toEqual({ exitCode: null, signal: 9 });
    for (const state of states) expect(state).not.toBe("alive");
    // Hung up at once, killed once the 3 s the drain allows ran out (plus node-pty's close).
    expect(at - killedAt).toBeLessThan(6_000);
  });

  it("children that leave on the hangup go by themselves, and what they wrote on the way out is read before the exit", async () => {
    const { p, text } = launch("leave");
    const pids = await pidsOf(text);
    const exited = exitWithStates(p, pids);
    const killedAt = Date.now();
    process.kill(p.pid, "SIGKILL");
    const { states, at } = await exited;
    for (const state of states) expect(state).not.toBe("alive");
    for (const pid of pids) expect(text()).toContain(`BYE ${pid}`);
    expect(at - killedAt).toBeLessThan(2_000);
  });

  it("kill() gives the terminal's other processes no grace", async () => {
    const { p, text } = launch("stay");
    const pids = await pidsOf(text);
    const started = Date.now();
    expect(await p.kill()).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const pid of pids) expect(processState(pid)).not.toBe("alive");
  });
});
