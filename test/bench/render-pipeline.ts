// Render-pipeline benchmark: the same PTY burst into a bare @xterm/headless Terminal and into Elwood, side by side.
//
// Why this replaces the old throughput table: that one timed PTY → Elwood against bare xterm fed *in-process* (no
// PTY, no child), so its ratio (2.9–5.2×) charged Elwood for the child's writing and the kernel's PTY as well. Here
// every variant gets the identical child writing through a real PTY, so the ratio is the observer's cost alone:
//   elapsed ratio — wall time until every byte is rendered, Elwood ÷ bare (what the issue's ≤ 1.3× goal is about);
//   CPU ratio     — this process's CPU over the run, Elwood ÷ bare (the observer's work; less hostage to other load).
// Each run is a fresh process, repetitions rotate the variant order, and each cell is min / median / max.
// The one render number is `elwood` against `bare`; the `terminal` variant (Elwood's terminal and screen reader
// without the session machine) splits the cost when asked for (env BENCH_VARIANTS=bare,terminal,elwood).
// Run: npx tsx test/bench/render-pipeline.ts [sessions…]   (env BENCH_REPS, BENCH_MIB, BENCH_VARIANTS)

import { spawn } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { round1, spread } from "./bench-stats.js";
import type { PipelineRun, PipelineVariant } from "./render-pipeline-run.js";

const MiB = 1024 * 1024;
const WORKER = fileURLToPath(new URL("./render-pipeline-run.ts", import.meta.url));
const ALL_VARIANTS: readonly PipelineVariant[] = ["bare", "terminal", "elwood"];
const DEFAULT_VARIANTS: readonly PipelineVariant[] = ["bare", "elwood"];

function runInFreshProcess(variant: PipelineVariant, sessions: number, bytesPerSession: number): Promise<PipelineRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", WORKER, variant, String(sessions), String(bytesPerSession)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      try {
        if (code !== 0) throw new Error(`exit ${String(code)}`);
        resolve(JSON.parse(line) as PipelineRun);
      } catch (error) {
        reject(new Error(`${variant} × ${sessions}: ${String(error)} (${line.slice(0, 200)})`));
      }
    });
  });
}

export interface PipelineOptions {
  readonly sessions?: readonly number[];
  readonly bytesPerSession?: number;
  readonly repetitions?: number;
  /** Always includes `bare`, the baseline every ratio is taken against. */
  readonly variants?: readonly PipelineVariant[];
}

/** One row per (sessions, variant): min / median / max over the repetitions, ratios taken within each repetition. */
export async function benchRenderPipeline(opts: PipelineOptions = {}): Promise<Record<string, unknown>[]> {
  const ns = opts.sessions ?? [1, 8, 32];
  const bytes = opts.bytesPerSession ?? 8 * MiB;
  const reps = opts.repetitions ?? 3;
  const VARIANTS = ALL_VARIANTS.filter((v) => v === "bare" || (opts.variants ?? DEFAULT_VARIANTS).includes(v));
  const rows: Record<string, unknown>[] = [];
  for (const n of ns) {
    const runs = new Map<PipelineVariant, PipelineRun[]>(VARIANTS.map((v) => [v, []]));
    for (let r = 0; r < reps; r += 1) {
      // Rotate the order so no variant always runs first (warm page cache) or last (a neighbour's load spike).
      const order = VARIANTS.map((_, i) => VARIANTS[(i + r) % VARIANTS.length] as PipelineVariant);
      for (const v of order) {
        const run = await runInFreshProcess(v, n, bytes);
        runs.get(v)?.push(run);
        process.stderr.write(`  render pipeline ${v} × ${n} (rep ${r + 1}/${reps}): ${run.elapsedMs} ms, cpu ${run.cpuMs} ms\n`);
      }
    }
    const bare = runs.get("bare") ?? [];
    for (const v of VARIANTS) {
      const own = runs.get(v) ?? [];
      const ratio = (pick: (x: PipelineRun) => number): number[] => own.map((x, i) => pick(x) / Math.max(1, pick(bare[i] as PipelineRun)));
      rows.push({
        sessions: n,
        variant: v,
        MiB: round1((n * bytes) / MiB),
        elapsedMs: spread(own.map((x) => x.elapsedMs), 0),
        elapsedVsBare: v === "bare" ? "1" : spread(ratio((x) => x.elapsedMs)),
        cpuVsBare: v === "bare" ? "1" : spread(ratio((x) => x.cpuMs)),
        loopP99Ms: spread(own.map((x) => x.loopP99Ms), 1),
        rssPerSessionMiB: spread(own.map((x) => x.rssGrowthPerSessionMiB), 1),
        rssPerSessionVsBareMiB: v === "bare" ? "0" : spread(own.map((x, i) => x.rssGrowthPerSessionMiB - (bare[i] as PipelineRun).rssGrowthPerSessionMiB), 1),
        frames: v === "bare" ? "-" : spread(own.map((x) => x.frames), 0),
        rendered: `${Math.min(...own.map((x) => x.markersRendered))}/${n}`,
      });
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const ns = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows = await benchRenderPipeline({
    ...(ns.length > 0 ? { sessions: ns } : {}),
    ...(process.env["BENCH_MIB"] ? { bytesPerSession: Number(process.env["BENCH_MIB"]) * MiB } : {}),
    ...(process.env["BENCH_REPS"] ? { repetitions: Number(process.env["BENCH_REPS"]) } : {}),
    ...(process.env["BENCH_VARIANTS"] ? { variants: process.env["BENCH_VARIANTS"].split(",") as PipelineVariant[] } : {}),
  });
  console.table(rows);
}
