// The exit path keeps the CLI's last words (simulated CLIs through a real PTY): transcript records committed right before
// the exit reach `activity` before `terminal:exit` and the terminal status, nothing transcript-derived after them, and
// the last burst of output renders before the renderer is disposed, within bounds a stall cannot stretch.

import { afterEach, describe, expect, it } from "vitest";
import type { ExitGate } from "../../effects/exit-gate.js";
import type { TerminalSlot } from "../../effects/terminal-slot.js";
import type { AgentSession, CodexAgentSession } from "../../src/session-api.js";
import type { SimScript } from "../sim/sim-control.js";
import { startClaudeSim } from "./claude-sim-start.js";
import { startCodexSim } from "./codex-sim-support.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const LAST = "THE LAST COMMITTED WORDS";
// Several scan passes' worth, committed at once right before the exit, the last words last.
const LAST_WORDS: SimScript["lastWords"] = { text: LAST, fillerRecords: 48, fillerBytes: 16 * 1024 };

async function claude(script: SimScript): Promise<AgentSession> {
  const sim = await startClaudeSim({ script: { turnMs: 60, ...script } });
  cleanups.push(() => sim.cleanup());
  return sim.session;
}

async function codex(script: SimScript): Promise<CodexAgentSession> {
  const sim = await startCodexSim({ script: { turnMs: 60, ...script } });
  cleanups.push(() => sim.cleanup());
  return sim.session;
}

/** Every transcript-derived delivery and every exit announcement, in the order the caller saw them. */
function recordOrder(session: AgentSession): string[] {
  const order: string[] = [];
  session.on("activity", (a) => {
    if (a.source !== "transcript") return;
    order.push(a.text === LAST ? "last words" : `transcript:${a.kind}`);
  });
  session.on("terminal:exit", () => order.push("terminal:exit"));
  session.on("status", (e) => {
    if (["exited", "stopped", "killed", "torn_down"].includes(e.status)) order.push(`status:${e.status}`);
  });
  return order;
}

/** What the order shows: the last words arrived, and nothing transcript-derived came after the first exit announcement. */
function expectFlushedBeforeExit(order: readonly string[], terminalStatus: string): void {
  const firstExit = order.findIndex((e) => e === "terminal:exit" || e.startsWith("status:"));
  expect(order).toContain("last words");
  expect(order).toContain("terminal:exit");
  expect(order).toContain(`status:${terminalStatus}`);
  expect(order.indexOf("last words")).toBeLessThan(firstExit);
  expect(order.slice(firstExit).filter((e) => e === "last words" || e.startsWith("transcript:") || e === "codex:transcript")).toEqual([]);
}

function runtimeOf(session: AgentSession): { terminal: TerminalSlot; exitGate: ExitGate } {
  return (session as unknown as { runtime: { terminal: TerminalSlot; exitGate: ExitGate } }).runtime;
}

describe("transcript records committed right before the exit (C-API-20)", () => {
  it("C-API-20: Codex exits on its own: its last rollout records reach activity and codex:transcript before terminal:exit and `exited`; nothing transcript-derived after", async () => {
    const session = await codex({ lastWords: LAST_WORDS });
    await session.waitForStatus((s) => s === "ready", 15_000);
    // A first turn names the rollout file (Codex's hooks carry it only from the first prompt on).
    await session.sendMessage("hello");
    await session.waitForActivity((a) => a.kind === "hook" && a.hookEventName === "Stop", 15_000);
    await session.waitForStatus((s) => s === "ready", 15_000);
    const order = recordOrder(session);
    session.on("codex:transcript", () => order.push("codex:transcript"));
    await session.sendMessage("/exit").catch(() => undefined);
    await session.waitForStatus((s) => s === "exited", 15_000);
    // The close ends every observation: whatever could still come late would have come by now.
    await session.teardown();
    expectFlushedBeforeExit(order, "exited");
  });

  it("C-API-20: Claude exits on its own: the records it committed right before exiting reach activity before terminal:exit and `exited`", async () => {
    const session = await claude({ lastWords: LAST_WORDS });
    await session.waitForStatus((s) => s === "ready", 15_000);
    const order = recordOrder(session);
    await session.sendMessage("/exit").catch(() => undefined);
    await session.waitForStatus((s) => s === "exited", 15_000);
    await session.teardown();
    expectFlushedBeforeExit(order, "exited");
  });

  it("C-API-20: stop(): a CLI that commits its last records as it hangs up: they arrive before terminal:exit and `stopped`", async () => {
    const session = await claude({ lastWords: LAST_WORDS });
    await session.waitForStatus((s) => s === "ready", 15_000);
    const order = recordOrder(session);
    await session.stop();
    expectFlushedBeforeExit(order, "stopped");
  });

  it.each(["an exit of its own", "stop()"] as const)("C-API-20: %s: terminal:exit and the terminal status wait for the exit gate's steps", async (how) => {
    const session = await claude({});
    await session.waitForStatus((s) => s === "ready", 15_000);
    const order = recordOrder(session);
    // A flush that takes a while: both announcements must still come after it.
    runtimeOf(session).exitGate.add(() => new Promise<void>((resolve) => setTimeout(() => (order.push("gate step done"), resolve()), 150)));
    if (how === "stop()") await session.stop();
    else {
      await session.sendMessage("/exit").catch(() => undefined);
      await session.waitForStatus((s) => s === "exited", 15_000);
    }
    expect(order).toEqual(["gate step done", ...order.slice(1)]);
    expect(order.slice(1).sort()).toEqual(["status:" + (how === "stop()" ? "stopped" : "exited"), "terminal:exit"]);
  });

  it("C-API-20: a final flush that never finishes cannot hold the exit: terminal:exit, `exited` and the close still come", async () => {
    const session = await claude({});
    await session.waitForStatus((s) => s === "ready", 15_000);
    runtimeOf(session).exitGate.add(() => new Promise<void>(() => {}));
    const order = recordOrder(session);
    await session.sendMessage("/exit").catch(() => undefined);
    await session.waitForStatus((s) => s === "exited", 15_000);
    await session.stop();
    expect(order).toEqual(expect.arrayContaining(["terminal:exit", "status:exited"]));
    expect(runtimeOf(session).terminal.headless.isDisposed).toBe(true);
  });
});

describe("the renderer drains before it is disposed (C-LIFE-12)", () => {
  const BURST = { lines: 4000, last: "FINAL-BURST-END" } as const;

  /** The last screen the session's terminal rendered, kept after the terminal is gone. */
  function lastScreen(session: AgentSession): () => string {
    let screen = "";
    runtimeOf(session).terminal.headless.onFrame((frame) => (screen = frame.snapshot.lines.join("\n")));
    return () => screen;
  }

  it("C-LIFE-12: stop() with a slow renderer: the burst the CLI prints as it hangs up is rendered into the screen before the renderer is disposed", async () => {
    const session = await claude({ exitBurst: BURST });
    await session.waitForStatus((s) => s === "ready", 15_000);
    const screen = lastScreen(session);
    // A loaded machine: each batch reaches xterm's parser a while after it was handed over, so the burst is still
    // being rendered when the processes are ended and the close would dispose the renderer.
    const xterm = runtimeOf(session).terminal.headless.xterm;
    const write = xterm.write.bind(xterm);
    xterm.write = (data: string | Uint8Array, callback?: () => void) => void setTimeout(() => write(data, callback), 150);
    await session.stop();
    expect(screen()).toContain(BURST.last);
    expect(runtimeOf(session).terminal.headless.isDisposed).toBe(true);
  });

  it("C-LIFE-12: an exit of its own: the last burst is on the screen when the exit is announced, and the close then disposes the renderer", async () => {
    const session = await codex({ exitBurst: BURST });
    await session.waitForStatus((s) => s === "ready", 15_000);
    const screen = lastScreen(session);
    let atExit = "";
    session.on("terminal:exit", () => (atExit = screen()));
    await session.sendMessage("/exit").catch(() => undefined);
    await session.waitForStatus((s) => s === "exited", 15_000);
    expect(atExit).toContain(BURST.last);
    await session.stop();
    expect(runtimeOf(session).terminal.headless.isDisposed).toBe(true);
  });

  it("C-LIFE-12: a stalled renderer holds neither the exit nor the close: terminal:exit, `stopped`, the close, and the renderer disposed", async () => {
    const session = await claude({ exitBurst: BURST });
    await session.waitForStatus((s) => s === "ready", 15_000);
    const headless = runtimeOf(session).terminal.headless;
    // From here nothing the terminal receives ever counts as rendered.
    headless.settled = () => new Promise<void>(() => {});
    const order = recordOrder(session);
    const exited = new Promise<void>((resolve) => session.on("terminal:exit", () => resolve()));
    await session.stop();
    expect(headless.isDisposed).toBe(true);
    await exited;
    expect(order).toEqual(expect.arrayContaining(["terminal:exit", "status:stopped"]));
  });
});
