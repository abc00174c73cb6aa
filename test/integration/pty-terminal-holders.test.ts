// Real-PTY tests: when the PTY's child dies first, nothing else that used its terminal outlives the reported exit — a
// launcher's child in its group, a process that left its session but kept the terminal — and a hung-up one may go itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { spawnAgentPty, type AgentPty, type PtyExit } from "../../effects/pty/agent-pty.js";
import { processState } from "../../effects/pty/process-group.js";
import { eventually } from "../support/eventually.js";

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
  const printed = (): RegExpExecArray | null => /PIDS (\d+) (\d+)/.exec(text());
  await eventually(() => printed() !== null, 10_000, "the launcher's children's pids");
  const match = printed() as RegExpExecArray;
  const pids: [number, number] = [Number(match[1]), Number(match[2])];
  strays.push(...pids);
  return pids;
}

/** SIGKILLs the launcher (the PTY's child) and resolves at its reported exit, with the children's states read right then. */
async function killLauncher(mode: "stay" | "leave"): Promise<{ exit: PtyExit; states: string[]; pids: [number, number]; text: () => string }> {
  const { p, text } = launch(mode);
  const pids = await pidsOf(text);
  const exited = new Promise<{ exit: PtyExit; states: string[] }>((resolve) => p.onExit((exit) => resolve({ exit, states: pids.map(processState) })));
  process.kill(p.pid, "SIGKILL");
  return { ...(await exited), pids, text };
}

describe("the PTY's child dies first: its terminal is cleared before the exit is reported", () => {
  it("a child that ignores the hangup (in the group, and in a session of its own) is killed before the exit is reported", async () => {
    const { exit, states } = await killLauncher("stay");
    expect(exit).toEqual({ exitCode: null, signal: 9 });
    for (const state of states) expect(state).not.toBe("alive");
  });

  it("children that leave on the hangup go by themselves, and what they wrote on the way out is read before the exit", async () => {
    const { states, pids, text } = await killLauncher("leave");
    for (const state of states) expect(state).not.toBe("alive");
    for (const pid of pids) expect(text()).toContain(`BYE ${pid}`);
  });

  it("kill() ends the terminal's other processes too (how soon is clearTerminal's unit test, not a wall-clock bound here)", async () => {
    const { p, text } = launch("stay");
    const pids = await pidsOf(text);
    expect(await p.kill()).toBe(true);
    for (const pid of pids) expect(processState(pid)).not.toBe("alive");
  });
});
