// Integration test of the session I/O edge's frame path on a real HeadlessTerminal: every rendered batch becomes a
// frame event, and a batch that left the screen unchanged reuses the last facts instead of re-reading (issue 16).
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { ScreenReader } from "../../src/contracts/screen-facts.js";
import { PtyHandle } from "../../effects/pty/pty-handle.js";
import { sessionIoLogic } from "../../effects/session-io.js";
import type { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { TerminalSlot } from "../../effects/terminal-slot.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

/** The PTY side is not exercised here: the io actor spawns a child that prints nothing and is killed afterwards. */
const quietChild = { executable: process.execPath, cwd: process.cwd(), env: { PATH: process.env["PATH"] ?? "" }, cols: 60, rows: 12, viaLoginShell: false };

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function edge(): { terminal: HeadlessTerminal; host: HostedChild; reads: () => number } {
  let reads = 0;
  const readScreen: ScreenReader = (snapshot) => {
    reads += 1;
    return claudeAdapter.readScreen(snapshot);
  };
  const pty = new PtyHandle();
  const slot = new TerminalSlot();
  const host = hostChild(sessionIoLogic, { terminal: slot, terminalOptions: { batchWindowMs: 0 }, spawn: quietChild, pty, readScreen });
  host.send({ type: "io.spawn", args: ["-e", "setTimeout(() => {}, 60000)"] });
  const terminal = slot.headless;
  cleanups.push(async () => {
    host.stop();
    await pty.kill();
    terminal.dispose();
  });
  return { terminal, host, reads: () => reads };
}

const frames = (host: HostedChild): FrameEvent[] => host.received.filter((e): e is FrameEvent => e.type === "frame");

describe("session I/O frame path (issue 16 part 2: the frame listener's hot path)", () => {
  it("issue 16: an unchanged screen still yields a frame per batch, with the previous facts and no new screen read", async () => {
    const { terminal, host, reads } = edge();
    terminal.writeOutput("\u001b[2;1Hhello");
    await terminal.settled();
    expect(frames(host)).toHaveLength(1);
    expect(reads()).toBe(1);

    // Showing the already visible cursor: a batch that changes nothing on screen.
    terminal.writeOutput("\u001b[?25h");
    await terminal.settled();
    const [first, second] = frames(host);
    expect(frames(host)).toHaveLength(2);
    expect(reads()).toBe(1);
    expect(second?.facts).toBe(first?.facts);
    expect(second?.seq).toBe((first?.seq ?? 0) + 1);

    terminal.writeOutput("\u001b[3;1Hworld");
    await terminal.settled();
    expect(frames(host)).toHaveLength(3);
    expect(reads()).toBe(2);
    expect(frames(host)[2]?.facts).not.toBe(first?.facts);
  });
});
