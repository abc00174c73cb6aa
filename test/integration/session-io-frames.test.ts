// Integration test of the session I/O edge's frame path on a real HeadlessTerminal: every rendered batch becomes a
// frame event, and a batch that left the screen unchanged reuses the last facts instead of re-reading (issue 16).
import { afterEach, describe, expect, it } from "vitest";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import type { ScreenReader } from "../../src/contracts/screen-facts.js";
import type { AgentPty } from "../../effects/pty/agent-pty.js";
import { sessionIoLogic } from "../../effects/session-io.js";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { FrameEvent } from "../../src/contracts/events.js";
import { hostChild, type HostedChild } from "../support/machine-host.js";

/** The PTY side is not exercised here (no writes, no exit): a stand-in at the unit's edge. */
const idlePty = { pid: 4242, exited: false, onExit: () => () => {} } as unknown as AgentPty;

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function edge(): { terminal: HeadlessTerminal; host: HostedChild; reads: () => number } {
  const terminal = new HeadlessTerminal({ cols: 60, rows: 12, batchWindowMs: 0 });
  let reads = 0;
  const readScreen: ScreenReader = (snapshot) => {
    reads += 1;
    return claudeAdapter.readScreen(snapshot);
  };
  const host = hostChild(sessionIoLogic, { terminal, pty: idlePty, readScreen });
  cleanups.push(() => {
    host.stop();
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
