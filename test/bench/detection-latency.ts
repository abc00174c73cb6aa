// Detection-latency benchmark: time from the PTY write of a turn-ending frame to the session's `status: ready` event
// (and from a working frame to `running`), p50/p99 over N turns, for Claude-, Codex- and Qwen-shaped screens through a
// real PTY into a real session, read by the production adapters (claudeAdapter; codexAdapter = readCodexScreen, with the
// painter's OSC 7501 idle as Codex 0.171's readiness). Qwen's painter is started by `startAgentSession("qwen")` and ends
// a turn either on screen only or with Qwen's Stop http hook (then turn end = the hook's send).
// Run: npx tsx test/bench/detection-latency.ts [turns]
import { pathToFileURL } from "node:url";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import type { SessionStatus } from "../../src/contracts/public-types.js";
import type { AgentSession } from "../../src/index.js";
import { eventually } from "../support/eventually.js";
import { startPainterSession, startQwenPainterSession } from "../support/painter-session.js";

/** The painter's clock (process.hrtime: CLOCK_MONOTONIC, shared by every process; timeOrigin is per process). */
const now = (): number => Number(process.hrtime.bigint() / 1000n) / 1000;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

function summary(values: readonly number[]): { p50: number; p99: number; max: number; mean: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? Number.NaN), mean: round(mean) };
}

const SIZE = { cols: 189, rows: 48 };

type Shape = "claude" | "codex" | "qwen (screen)" | "qwen (Stop hook)";

interface Painter {
  readonly session: Pick<AgentSession, "waitForStatus" | "on" | "sendKeys">;
  stamps(): Array<{ readonly kind: "w" | "i"; readonly at: number }>;
  cleanup(): Promise<void>;
}

async function painterFor(shape: Shape): Promise<Painter> {
  if (shape === "claude" || shape === "codex") return startPainterSession({ shape, adapter: shape === "claude" ? claudeAdapter : codexAdapter, size: SIZE });
  return startQwenPainterSession({ size: SIZE });
}

async function runShape(shape: Shape, turns: number): Promise<Record<string, unknown>> {
  const painter = await painterFor(shape);
  const session = painter.session;
  // With hooks the turn starts and ends as Qwen runs it: the prompt hook then the working frame, the Stop hook then the
  // idle frame. Screen only: a working frame, an idle frame.
  const hooked = shape === "qwen (Stop hook)";
  const startKey = hooked ? "p" : "w";
  const endKey = hooked ? "s" : "i";
  try {
    await session.waitForStatus((s) => s === "ready", 20_000);
    let waiting: { want: SessionStatus; resolve: (at: number) => void } | undefined;
    // Stamped synchronously in the listener: the moment the public status event is delivered.
    session.on("status", (e) => {
      if (waiting && e.status === waiting.want) {
        const w = waiting;
        waiting = undefined;
        w.resolve(now());
      }
    });
    const next = (want: SessionStatus): Promise<number> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${shape}: no ${want} within 10 s`)), 10_000);
        waiting = { want, resolve: (at) => (clearTimeout(timer), resolve(at)) };
      });
    const runningAt: number[] = [];
    const readyAt: number[] = [];
    for (let k = 0; k < turns; k += 1) {
      const running = next("running");
      await session.sendKeys(startKey);
      runningAt.push(await running);
      const ready = next("ready");
      await session.sendKeys(endKey);
      readyAt.push(await ready);
    }
    // The painter appends a hook's stamp once the hook is answered, which is after the session already went ready
    // on it: the last turn's stamp can trail the loop by a moment.
    const complete = (): boolean => painter.stamps().filter((x) => x.kind === "i").length >= turns;
    await eventually(complete, 5_000, `${shape}: the last turn's stamp`).catch(() => undefined);
    const stamps = painter.stamps();
    const w = stamps.filter((s) => s.kind === "w").map((s) => s.at);
    const i = stamps.filter((s) => s.kind === "i").map((s) => s.at);
    if (w.length !== turns || i.length !== turns) throw new Error(`${shape}: expected ${turns} stamps of each kind, got ${w.length}/${i.length}`);
    const end = summary(readyAt.map((at, k) => at - (i[k] ?? Number.NaN)));
    const start = summary(runningAt.map((at, k) => at - (w[k] ?? Number.NaN)));
    return {
      shape,
      turns,
      endP50Ms: end.p50,
      endP99Ms: end.p99,
      endMaxMs: end.max,
      endMeanMs: end.mean,
      startP50Ms: start.p50,
      startP99Ms: start.p99,
    };
  } finally {
    await painter.cleanup();
  }
}

/** One row per screen shape: frame-write → `ready` (end) and frame-write → `running` (start) latencies. */
export async function benchDetectionLatency(turns = 500): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const shape of ["claude", "codex", "qwen (screen)", "qwen (Stop hook)"] as const) {
    const row = await runShape(shape, turns);
    rows.push(row);
    console.log(`detection latency ${shape}: end p50 ${String(row.endP50Ms)} ms, p99 ${String(row.endP99Ms)} ms over ${turns} turns`);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2]);
  const rows = await benchDetectionLatency(Number.isInteger(n) && n > 0 ? n : undefined);
  console.table(rows);
}
