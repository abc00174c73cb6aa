// One render-pipeline measurement in a fresh process: N PTY children each write the same TUI burst into one
// pipeline variant; prints one JSON line. A fresh process per run keeps RSS growth and GC state comparable.
// Run: npx tsx test/bench/render-pipeline-run.ts <bare|terminal|elwood> <sessions> <bytesPerSession>

import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import xterm from "@xterm/headless";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { readClaudeScreen } from "../../adapters/claude/read-screen.js";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { attachTerminal } from "../../effects/pty/attach-terminal.js";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { launchSession } from "../../src/launch-session.js";
import { round1 } from "./bench-stats.js";
import { childScript, DONE_MARKER } from "./tui-output.js";

const { Terminal } = xterm;
const MiB = 1024 * 1024;
const COLS = 189;
const ROWS = 48;

/**
 * - `bare`: PTY → a plain @xterm/headless Terminal (`onData` → `write`), nothing else: the floor.
 * - `terminal`: PTY → Elwood's HeadlessTerminal (batching, backpressure, replay, a snapshot per frame) with the
 *   Claude screen reader on every frame, but no session machine.
 * - `elwood`: the whole observer a caller gets — launchSession (PTY, HeadlessTerminal, session-io, the session
 *   machine and its children, inspection hook) plus the ClaudeSessionFacade facade, reading Claude screen facts.
 */
export type PipelineVariant = "bare" | "terminal" | "elwood";

export interface PipelineRun {
  readonly variant: PipelineVariant;
  readonly sessions: number;
  readonly elapsedMs: number;
  /** This process's CPU (user+system) over the run; the children's writing is not in it. */
  readonly cpuMs: number;
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  /** (peak RSS during the run − RSS before it) / sessions. */
  readonly rssGrowthPerSessionMiB: number;
  readonly markersRendered: number;
  /** Frames (render batches) Elwood's terminal reported; 0 for the bare terminal, which has none. */
  readonly frames: number;
}

let frames = 0;

interface Lane {
  /** Resolves once the child exited and everything it wrote was rendered; true if the final marker is on screen. */
  readonly done: Promise<boolean>;
  close(): Promise<void>;
}

const childEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

function spawnChild(script: string): AgentPty {
  return spawnAgentPty({ executable: process.execPath, args: ["-e", script], cwd: process.cwd(), env: childEnv(), cols: COLS, rows: ROWS, viaLoginShell: false });
}

const lastRow = (lines: readonly string[]): string | undefined => lines[ROWS - 1];

function bareLane(script: string): Lane {
  const pty = spawnChild(script);
  const term = new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 1000 });
  pty.onData((data) => term.write(data));
  const done = new Promise<boolean>((resolve) => {
    pty.onExit(() => {
      term.write("", () => {
        const buffer = term.buffer.active;
        resolve(buffer.getLine(buffer.baseY + ROWS - 1)?.translateToString(true).trimEnd() === DONE_MARKER);
      });
    });
  });
  return { done, close: async () => (await pty.kill(), term.dispose()) };
}

function terminalLane(script: string): Lane {
  const pty = spawnChild(script);
  const terminal = new HeadlessTerminal({ cols: COLS, rows: ROWS });
  terminal.onFrame((frame) => {
    frames += 1;
    readClaudeScreen(frame.snapshot);
  });
  attachTerminal(pty, terminal);
  const done = new Promise<boolean>((resolve) => {
    pty.onExit(() => void terminal.settled().then(() => resolve(lastRow(terminal.snapshot().lines) === DONE_MARKER)));
  });
  return { done, close: async () => (await pty.kill(), terminal.dispose()) };
}

function elwoodLane(script: string): Lane {
  const runtime = launchSession({
    elwoodSessionId: randomUUID(),
    cwd: tmpdir(),
    adapter: claudeAdapter,
    executable: process.execPath,
    args: ["-e", script],
    env: childEnv(),
    viaLoginShell: false,
    spawnSize: { cols: COLS, rows: ROWS },
    requestedSize: { cols: COLS, rows: ROWS },
    autotrust: false,
    resumed: false,
    stopGraceMs: 2000,
    release: async () => {},
  });
  const session = new ClaudeSessionFacade(runtime);
  // The io actor created the terminal when the facade started the tree.
  const { pty } = runtime;
  const terminal = runtime.terminal.headless;
  terminal.onFrame(() => (frames += 1));
  const done = new Promise<boolean>((resolve) => {
    pty.onExit(() => void terminal.settled().then(() => resolve(lastRow(terminal.snapshot().lines) === DONE_MARKER)));
  });
  return { done, close: () => session.kill().catch(() => {}) };
}

const LANES: Record<PipelineVariant, (script: string) => Lane> = { bare: bareLane, terminal: terminalLane, elwood: elwoodLane };

export async function runPipeline(variant: PipelineVariant, sessions: number, bytesPerSession: number): Promise<PipelineRun> {
  (globalThis as { gc?: () => void }).gc?.();
  const script = childScript(bytesPerSession);
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const rssTimer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const lanes = Array.from({ length: sessions }, () => LANES[variant](script));
  const rendered = await Promise.all(lanes.map((l) => l.done));
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  histogram.disable();
  clearInterval(rssTimer);
  peak = Math.max(peak, process.memoryUsage.rss());
  await Promise.all(lanes.map((l) => l.close()));
  return {
    variant,
    sessions,
    elapsedMs: Math.round(elapsedMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    loopP99Ms: round1(histogram.percentile(99) / 1e6),
    loopMaxMs: round1(histogram.max / 1e6),
    rssGrowthPerSessionMiB: round1((peak - rssBefore) / MiB / sessions),
    markersRendered: rendered.filter(Boolean).length,
    frames,
  };
}

const [variant, sessions, bytes] = process.argv.slice(2);
if (variant === "bare" || variant === "terminal" || variant === "elwood") {
  const result = await runPipeline(variant, Number(sessions ?? 1), Number(bytes ?? 8 * MiB));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
