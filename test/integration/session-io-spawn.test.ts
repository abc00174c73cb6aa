// Integration test of the io actor owning the PTY: it spawns the CLI when it starts, wires it to the headless terminal
// (output rendered, xterm input written), fills the PtyHandle and announces pty.spawned; a spawn node-pty refuses is
// recorded in the handle (what the start rejects with) and announced as nothing.
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { PtyHandle } from "../../effects/pty/pty-handle.js";
import { sessionIoLogic } from "../../effects/session-io.js";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { eventually } from "../support/eventually.js";
import { hostChild } from "../support/machine-host.js";

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function spec(env: Record<string, unknown>, script: string) {
  return { executable: process.execPath, args: ["-e", script], cwd: process.cwd(), env: env as Record<string, string>, cols: 60, rows: 12, viaLoginShell: false };
}

function hosted(spawn: ReturnType<typeof spec>) {
  const terminal = new HeadlessTerminal({ cols: 60, rows: 12, batchWindowMs: 0 });
  const pty = new PtyHandle();
  const host = hostChild(sessionIoLogic, { terminal, spawn, pty, readScreen: claudeAdapter.readScreen });
  cleanups.push(async () => {
    host.stop();
    await pty.kill();
    terminal.dispose();
  });
  return { terminal, pty, host };
}

describe("io actor owns the PTY (issue 12: the PTY inside the io actor)", () => {
  it("spawns when it starts, announces pty.spawned with pid and pgid, renders output and writes xterm input to the PTY", async () => {
    const { terminal, pty, host } = hosted(spec({ PATH: process.env["PATH"] ?? "" }, "process.stdout.write('hello from the child'); setTimeout(() => {}, 60000)"));
    expect(pty.pid).toBeGreaterThan(0);
    expect(host.received).toContainEqual({ type: "pty.spawned", pid: pty.pid, pgid: pty.pgid });
    await eventually(() => terminal.snapshot().text.includes("hello from the child"), 10_000, "the child's output rendered");
    const written: string[] = [];
    pty.onInput((bytes) => written.push(Buffer.from(bytes).toString("utf8")));
    terminal.sendInput("typed");
    expect(written).toEqual(["typed"]);
    expect(await pty.kill()).toBe(true);
    await eventually(() => host.received.some((e) => e.type === "pty.exit"), 10_000, "pty.exit announced");
    expect(pty.exited).toBe(true);
  });

  it("a spawn node-pty refuses is start_failed in the handle: no pty.spawned, nothing to stop, writes fail", async () => {
    const unprintable = { toString: () => { throw new Error("refused"); } };
    const { pty, host } = hosted(spec({ PATH: process.env["PATH"] ?? "", BAD: unprintable }, ""));
    expect(pty.spawnError?.name).toBe("start_failed");
    expect(pty.pid).toBeUndefined();
    expect(host.received.filter((e) => e.type === "pty.spawned")).toEqual([]);
    expect(() => pty.write("x")).toThrow();
    await expect(pty.whenExited()).resolves.toBeUndefined();
    await expect(pty.stop()).resolves.toBe(true);
  });
});
