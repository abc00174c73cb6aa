// Integration test of the io actor owning the PTY and its terminal: it creates the headless terminal when it starts and
// spawns the CLI on the root's io.spawn (once, with that command's args), wires the two (output rendered, xterm input
// written), fills the TerminalSlot and the PtyHandle and announces pty.spawned; a spawn node-pty refuses is recorded in
// the handle and announced as pty.spawnFailed (what the start rejects with). After a bootstrap size it keeps the caller's size until the root's io.restoreSize, and reports a restore
// the PTY refuses as io.resizeRestoreFailed.
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { PtyHandle } from "../../effects/pty/pty-handle.js";
import { sessionIoLogic } from "../../effects/session-io.js";
import { TerminalSlot } from "../../effects/terminal-slot.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import { eventually } from "../support/eventually.js";
import { hostChild } from "../support/machine-host.js";

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function spec(env: Record<string, unknown>, script: string) {
  return { spawn: { executable: process.execPath, cwd: process.cwd(), env: env as Record<string, string>, cols: 60, rows: 12, viaLoginShell: false }, args: ["-e", script] };
}

/** The io actor hosted and, unless `spawn` is false, told to spawn (as the root does once the hook bridge listens). */
function hosted({ spawn, args }: ReturnType<typeof spec>, requestedSize?: TerminalSize, opts: { readonly spawn?: boolean } = {}) {
  const slot = new TerminalSlot();
  const pty = new PtyHandle();
  const input = { terminal: slot, terminalOptions: { batchWindowMs: 0 }, spawn, pty, readScreen: claudeAdapter.readScreen };
  const host = hostChild(sessionIoLogic, requestedSize === undefined ? input : { ...input, requestedSize });
  if (opts.spawn !== false) host.send({ type: "io.spawn", args });
  const terminal = slot.headless;
  cleanups.push(async () => {
    host.stop();
    await pty.kill();
    slot.dispose();
  });
  return { slot, terminal, pty, host };
}

const quiet = "setTimeout(() => {}, 60000)";

describe("io actor owns the PTY (issue 12: the PTY inside the io actor)", () => {
  it("creates the terminal when it starts but spawns only on io.spawn, once: a second io.spawn changes nothing", async () => {
    const { slot, pty, host } = hosted(spec({ PATH: process.env["PATH"] ?? "" }, quiet), undefined, { spawn: false });
    expect(slot.headless.size).toEqual({ cols: 60, rows: 12 });
    expect(pty.pid).toBeUndefined();
    expect(host.received).toEqual([]);
    host.send({ type: "io.spawn", args: ["-e", quiet] });
    expect(pty.pid).toBeGreaterThan(0);
    const first = pty.pid;
    host.send({ type: "io.spawn", args: ["-e", quiet] });
    expect(pty.pid).toBe(first);
    expect(host.received.filter((e) => e.type === "pty.spawned")).toEqual([{ type: "pty.spawned", pid: first, pgid: pty.pgid }]);
  });

  it("spawns on io.spawn, announces pty.spawned with pid and pgid, renders output and writes xterm input to the PTY", async () => {
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

  it("C-ERR-05: a spawn node-pty refuses is pty_start_failed in the handle and announced as pty.spawnFailed: no pty.spawned, nothing to stop, writes fail", async () => {
    const unprintable = { toString: () => { throw new Error("refused"); } };
    const { pty, host } = hosted(spec({ PATH: process.env["PATH"] ?? "", BAD: unprintable }, ""));
    expect(pty.spawnError?.name).toBe("pty_start_failed");
    expect(pty.spawnError?.details).toMatchObject({ cause: expect.any(String) });
    expect(pty.pid).toBeUndefined();
    expect(host.received.filter((e) => e.type === "pty.spawned")).toEqual([]);
    expect(host.received.filter((e) => e.type === "pty.spawnFailed")).toEqual([{ type: "pty.spawnFailed", error: pty.spawnError }]);
    expect(() => pty.write("x")).toThrow();
    await expect(pty.whenExited()).resolves.toBeUndefined();
    await expect(pty.stop()).resolves.toBe(true);
  });

  it("creates the terminal at the spawn size; with no bootstrap size a resize applies at once and a restore changes nothing", () => {
    const { slot, terminal, host } = hosted(spec({ PATH: process.env["PATH"] ?? "" }, quiet));
    expect(terminal.size).toEqual({ cols: 60, rows: 12 });
    slot.resize({ cols: 70, rows: 20 });
    expect(terminal.size).toEqual({ cols: 70, rows: 20 });
    host.send({ type: "io.restoreSize" });
    expect(terminal.size).toEqual({ cols: 70, rows: 20 });
    expect(host.received.filter((e) => e.type === "io.resizeRestoreFailed")).toEqual([]);
  });

  it("after a bootstrap size the caller's latest size waits for io.restoreSize, which applies it once", () => {
    const { slot, terminal, host } = hosted(spec({ PATH: process.env["PATH"] ?? "" }, quiet), { cols: 40, rows: 12 });
    expect(terminal.size).toEqual({ cols: 60, rows: 12 });
    slot.resize({ cols: 50, rows: 10 });
    expect(terminal.size).toEqual({ cols: 60, rows: 12 });
    host.send({ type: "io.restoreSize" });
    expect(terminal.size).toEqual({ cols: 50, rows: 10 });
    slot.resize({ cols: 45, rows: 11 });
    expect(terminal.size).toEqual({ cols: 45, rows: 11 });
    host.send({ type: "io.restoreSize" });
    expect(terminal.size).toEqual({ cols: 45, rows: 11 });
  });

  it("a restore the PTY refuses keeps the bootstrap size and reports the requested size with an allowlisted code", () => {
    const { pty, terminal, host } = hosted(spec({ PATH: process.env["PATH"] ?? "" }, quiet), { cols: 40, rows: 12 });
    pty.resize = () => {
      throw new ElwoodError("resize_failed", "Resizing the PTY failed", { cause: "ioctl(2) failed, EINVAL" });
    };
    host.send({ type: "io.restoreSize" });
    expect(terminal.size).toEqual({ cols: 60, rows: 12 });
    expect(host.received.filter((e) => e.type === "io.resizeRestoreFailed")).toEqual([
      { type: "io.resizeRestoreFailed", requestedCols: 40, requestedRows: 12, errorCode: "resize_failed" },
    ]);
  });
});
