// Throughput benchmark: N real PTYs each writing 8 MiB of TUI output into HeadlessTerminals, vs a bare-xterm baseline.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import xterm from "@xterm/headless";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { attachTerminal } from "../../effects/pty/attach-terminal.js";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";
import type { TerminalFrame } from "../../src/contracts/terminal-snapshot.js";

const { Terminal } = xterm;
const MiB = 1024 * 1024;
const COLS = 189;
const ROWS = 48;

// ---- Deterministic TUI-like output, identical in the child and in the baseline ----

/**
 * Plain JavaScript source so the same generator runs inside a `node -e` child (through the PTY)
 * and in-process for the bare-xterm baseline. No newlines are emitted (only cursor addressing),
 * so the PTY's ONLCR translation leaves the byte stream unchanged.
 */
export const TUI_GENERATOR_SOURCE = String.raw`
function tuiBlock(i) {
  const colors = [31, 32, 33, 34, 35, 36];
  const row = (i % 44) + 2;
  let s = "\x1b[" + row + ";1H\x1b[2K";
  s += "\x1b[1;" + colors[i % 6] + "m╭─ task " + i + " ──────────────╮\x1b[0m ";
  s += "中文字符 テスト " + i + " │ \x1b[38;5;" + (i % 256) + "m████\x1b[0m ▸ " + ((i * 7) % 100) + "% ";
  s += "\x1b[" + (row + 1) + ";3H\x1b[2K│ line " + i + " " + "·".repeat(i % 30) + " │";
  return s;
}
function tuiSource(chunkChars) {
  let i = 0;
  return function next() {
    let chunk = "";
    while (chunk.length < chunkChars) chunk += tuiBlock(i++);
    return chunk;
  };
}
`;

export const DONE_MARKER = "BENCH-DONE";
export const FINAL_SEQUENCE = `\u001b[48;1H\u001b[2K${DONE_MARKER}`;

/** The child: writes `totalBytes` of TUI output to its PTY, honouring stdout drain, then exits. */
export function childScript(totalBytes: number): string {
  return `${TUI_GENERATOR_SOURCE}
const total = ${totalBytes};
const next = tuiSource(16384);
let sent = 0;
function pump() {
  while (sent < total) {
    const chunk = next();
    sent += Buffer.byteLength(chunk);
    if (!process.stdout.write(chunk)) { process.stdout.once("drain", pump); return; }
  }
  process.stdout.write(${JSON.stringify(FINAL_SEQUENCE)}, () => process.exit(0));
}
pump();
`;
}

type SourceFactory = (chunkChars: number) => () => string;

/** In-process copy of the child's byte stream (same chunks, same order), for the baseline. */
export function tuiChunks(totalBytes: number): string[] {
  const factory = new Function(`${TUI_GENERATOR_SOURCE}; return tuiSource;`)() as SourceFactory;
  const next = factory(16384);
  const chunks: string[] = [];
  let sent = 0;
  while (sent < totalBytes) {
    const chunk = next();
    sent += Buffer.byteLength(chunk);
    chunks.push(chunk);
  }
  chunks.push(FINAL_SEQUENCE);
  return chunks;
}

// ---- Measurement helpers ----

interface Sampler {
  stop(): { peakRssMiB: number; loopP99Ms: number; loopMaxMs: number };
}

function startSampler(): Sampler {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 25);
  return {
    stop() {
      clearInterval(timer);
      histogram.disable();
      peak = Math.max(peak, process.memoryUsage.rss());
      return {
        peakRssMiB: round(peak / MiB),
        loopP99Ms: round(histogram.percentile(99) / 1e6),
        loopMaxMs: round(histogram.max / 1e6),
      };
    },
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function gc(): void {
  const maybe = (globalThis as { gc?: () => void }).gc;
  if (maybe !== undefined) maybe();
}

const childEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

// ---- The two runs ----

async function observerRun(
  sessions: number,
  bytesPerSession: number,
  observe: ((frame: TerminalFrame) => void) | undefined,
): Promise<Record<string, unknown>> {
  gc();
  const sampler = startSampler();
  const started = performance.now();
  const script = childScript(bytesPerSession);
  let frames = 0;
  let maxUnrenderedAtExit = 0;
  let maxRenderAfterExitMs = 0;
  let rawBytes = 0;
  let markers = 0;
  const ptys: AgentPty[] = [];
  const done: Array<Promise<void>> = [];
  for (let s = 0; s < sessions; s += 1) {
    const pty = spawnAgentPty({
      executable: process.execPath,
      args: ["-e", script],
      cwd: process.cwd(),
      env: childEnv(),
      cols: COLS,
      rows: ROWS,
      viaLoginShell: false,
    });
    ptys.push(pty);
    const terminal = new HeadlessTerminal({ cols: COLS, rows: ROWS });
    terminal.onFrame((frame) => {
      frames += 1;
      observe?.(frame);
    });
    pty.onData((data) => {
      rawBytes += Buffer.byteLength(data);
    });
    attachTerminal(pty, terminal);
    done.push(
      new Promise<void>((resolve) => {
        pty.onExit(() => {
          const exitAt = performance.now();
          maxUnrenderedAtExit = Math.max(maxUnrenderedAtExit, terminal.unrenderedBytes());
          void terminal.settled().then(() => {
            maxRenderAfterExitMs = Math.max(maxRenderAfterExitMs, performance.now() - exitAt);
            if (terminal.snapshot().lines[ROWS - 1] === DONE_MARKER) markers += 1;
            terminal.dispose();
            resolve();
          });
        });
      }),
    );
  }
  await Promise.all(done);
  const elapsedMs = performance.now() - started;
  const stats = sampler.stop();
  await Promise.all(ptys.map((p) => p.kill()));
  return {
    run: observe === undefined ? "frames" : "frames+observe",
    sessions,
    outputMiB: round((sessions * bytesPerSession) / MiB),
    elapsedMs: Math.round(elapsedMs),
    ...stats,
    frames,
    rawMiB: round(rawBytes / MiB),
    maxUnrenderedAtExitBytes: maxUnrenderedAtExit,
    maxRenderAfterExitMs: round(maxRenderAfterExitMs),
    finalMarkersRendered: `${markers}/${sessions}`,
  };
}

async function baselineRun(sessions: number, bytesPerSession: number): Promise<Record<string, unknown>> {
  const chunks = tuiChunks(bytesPerSession);
  gc();
  const sampler = startSampler();
  const started = performance.now();
  const terminals = Array.from({ length: sessions }, () => new Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, scrollback: 1000 }));
  await Promise.all(
    terminals.map(
      (t) =>
        new Promise<void>((resolve) => {
          chunks.forEach((chunk, i) => t.write(chunk, i === chunks.length - 1 ? resolve : undefined));
        }),
    ),
  );
  const elapsedMs = performance.now() - started;
  const stats = sampler.stop();
  let markers = 0;
  for (const t of terminals) {
    const buffer = t.buffer.active;
    if (buffer.getLine(buffer.baseY + ROWS - 1)?.translateToString(true).trimEnd() === DONE_MARKER) markers += 1;
    t.dispose();
  }
  return {
    run: "baseline bare xterm",
    sessions,
    outputMiB: round((sessions * bytesPerSession) / MiB),
    elapsedMs: Math.round(elapsedMs),
    ...stats,
    finalMarkersRendered: `${markers}/${sessions}`,
  };
}

/**
 * For each N: N children write `bytesPerSession` (8 MiB) through real PTYs into HeadlessTerminals
 * with a frame listener (plus the optional `observe` hook for the full observer pipeline), then the
 * same bytes go straight into N bare xterm Terminals. Returns one row per run plus the ratio.
 */
export async function benchThroughput(
  ns: readonly number[] = [1, 8, 32],
  observe?: (frame: TerminalFrame) => void,
  bytesPerSession: number = 8 * MiB,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const n of ns) {
    const observed = await observerRun(n, bytesPerSession, observe);
    const baseline = await baselineRun(n, bytesPerSession);
    const ratio = round((observed.elapsedMs as number) / Math.max(1, baseline.elapsedMs as number));
    rows.push(observed, { ...baseline, ratioObserverToBaseline: ratio });
    console.log(`throughput N=${n}: observer ${String(observed.elapsedMs)} ms, baseline ${String(baseline.elapsedMs)} ms, ratio ${ratio}`);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const ns = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows = await benchThroughput(ns.length > 0 ? ns : undefined);
  console.table(rows);
}
