// Idle scaling: concurrent idle sessions of the simulated CLI (test/sim) in one process — how many fit before the
// event loop's p99 delay passes 50 ms, and what 32 of them cost in CPU (this process's, and every process below it),
// beside the same simulated CLIs rendered by bare @xterm/headless terminals (no Elwood) in the same run.
// Run: npx tsx test/bench/idle-scaling.ts [cap]   (env BENCH_REPS, BENCH_IDLE_SECONDS)

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import xterm from "@xterm/headless";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { startClaude, type AgentSession } from "../../src/index.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";
import { simAgentPath, simArgs, simEnv } from "../sim/sim-control.js";
import { round2, spread } from "./bench-stats.js";
import { startTreeCpu } from "./process-tree-cpu.js";

const { Terminal } = xterm;
const SIZE = { cols: 189, rows: 48 } as const;
/** The loop delay above which a process no longer feels responsive (the bound for "fits"). */
export const LOOP_P99_LIMIT_MS = 50;
/** Quiet time after start-up before measuring, so start-up's garbage collection is not billed to idleness. */
const SETTLE_MS = 2000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const childEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

interface IdleGroup {
  /** Frames (Elwood) or output chunks (bare) since the group went idle. */
  activity(): number;
  close(): Promise<void>;
}

/** n full Elwood sessions (launchSession + facade) on the simulated Claude, each waited to `ready`. */
async function elwoodGroup(n: number): Promise<IdleGroup> {
  const sims: SimSession[] = [];
  let frames = 0;
  try {
    for (let i = 0; i < n; i += 1) sims.push(startSimSession({ size: SIZE }));
    await Promise.all(sims.map((s) => s.session.waitForStatus((st) => st === "ready", 120_000)));
  } catch (error) {
    await Promise.all(sims.map((s) => s.cleanup()));
    throw error;
  }
  await sleep(SETTLE_MS);
  for (const s of sims) s.session.frames$.subscribe(() => (frames += 1));
  return { activity: () => frames, close: async () => void (await Promise.all(sims.map((s) => s.cleanup()))) };
}

/**
 * n sessions as an embedder starts them (`startClaude` on the simulated Claude through /bin/sh as login shell): the
 * launchSession group plus what only a full start runs — the process supervisor, the hook bridge, the settings file.
 */
async function startedGroup(n: number): Promise<IdleGroup> {
  const dir = mkdtempSync(join(tmpdir(), "elwood-bench-started-"));
  const sessions: AgentSession[] = [];
  let frames = 0;
  const close = async (): Promise<void> => {
    await Promise.all(sessions.map((s) => s.teardown().catch(() => undefined)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        startClaude({ cwd: dir, executable: simAgentPath, shell: "/bin/sh", initialSize: SIZE, stateDir: join(dir, "state"), env: simEnv({ log: join(dir, `sim-${i}.jsonl`) }) }),
      ),
    );
    for (const r of started) if (r.status === "fulfilled") sessions.push(r.value);
    const failed = started.find((r) => r.status === "rejected");
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    await Promise.all(sessions.map((s) => s.waitForStatus((st) => st === "ready", 120_000)));
  } catch (error) {
    await close();
    throw error;
  }
  await sleep(SETTLE_MS);
  // Output chunks (the public API has no frame event): any output at all while idle shows.
  for (const s of sessions) s.on("terminal:data", () => (frames += 1));
  return { activity: () => frames, close };
}

/** The same simulated CLIs in PTYs rendered by bare xterm terminals; idle once no output came for a second. */
async function bareGroup(n: number): Promise<IdleGroup> {
  const dir = mkdtempSync(join(tmpdir(), "elwood-bench-bare-"));
  const ptys: AgentPty[] = [];
  const terms: InstanceType<typeof Terminal>[] = [];
  let chunks = 0;
  let lastOutput = performance.now();
  for (let i = 0; i < n; i += 1) {
    const pty = spawnAgentPty({ executable: process.execPath, args: simArgs({ flavour: "claude" }), cwd: dir, env: childEnv(), ...SIZE, viaLoginShell: false });
    const term = new Terminal({ ...SIZE, allowProposedApi: true, scrollback: 1000 });
    pty.onData((data) => {
      chunks += 1;
      lastOutput = performance.now();
      term.write(data);
    });
    // A terminal host answers the CLI's queries (cursor position, device attributes) as Elwood's terminal does.
    term.onData((data) => {
      if (!pty.exited) pty.write(data);
    });
    ptys.push(pty);
    terms.push(term);
  }
  const deadline = performance.now() + 120_000;
  while (performance.now() - lastOutput < 1500 && performance.now() < deadline) await sleep(100);
  await sleep(SETTLE_MS);
  const base = chunks;
  return {
    activity: () => chunks - base,
    close: async () => {
      await Promise.all(ptys.map((p) => p.kill()));
      for (const t of terms) t.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface IdleMeasure {
  readonly sessions: number;
  /** This process (the embedder, or the bare host). */
  readonly cpuPercentOfOneCore: number;
  /** Every process below it (/proc; the CLIs, and with a full start the supervisor too). */
  readonly treeCpuPercentOfOneCore: number;
  /** How many processes were below it at the end of the window. */
  readonly treeProcesses: number;
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  readonly activityWhileIdle: number;
}

async function measureIdle(group: IdleGroup, sessions: number, seconds: number): Promise<IdleMeasure> {
  // Start-up's garbage is collected now (when the bench runs with --expose-gc), not billed to whichever group is idle.
  (globalThis as { gc?: () => void }).gc?.();
  const before = group.activity();
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const cpuBefore = process.cpuUsage();
  const tree = startTreeCpu();
  const wallBefore = performance.now();
  await sleep(seconds * 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  const below = tree();
  histogram.disable();
  return {
    sessions,
    cpuPercentOfOneCore: round2(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
    treeCpuPercentOfOneCore: round2(below.percentOfOneCore),
    treeProcesses: below.processes,
    loopP99Ms: round2(histogram.percentile(99) / 1e6),
    loopMaxMs: round2(histogram.max / 1e6),
    activityWhileIdle: group.activity() - before,
  };
}

/**
 * CPU and loop delay of `sessions` idle Elwood sessions (launchSession, and full starts) vs the same CLIs in bare
 * terminals, per repetition; the order of the three groups rotates.
 */
export async function benchIdleCpu(sessions = 32, seconds = 10, repetitions = 3): Promise<Record<string, unknown>[]> {
  const elwood: IdleMeasure[] = [];
  const started: IdleMeasure[] = [];
  const bare: IdleMeasure[] = [];
  const groups = [[elwoodGroup, elwood], [startedGroup, started], [bareGroup, bare]] as const;
  for (let r = 0; r < repetitions; r += 1) {
    for (const [start, into] of [...groups.slice(r % 3), ...groups.slice(0, r % 3)]) {
      const group = await start(sessions);
      try {
        into.push(await measureIdle(group, sessions, seconds));
      } finally {
        await group.close();
      }
      // The closed group's processes are reaped and its sockets closed before the next group starts.
      await sleep(SETTLE_MS);
    }
  }
  const row = (variant: string, m: readonly IdleMeasure[]): Record<string, unknown> => ({
    variant,
    sessions,
    seconds,
    cpuPercentOfOneCore: spread(m.map((x) => x.cpuPercentOfOneCore)),
    cpuMinusBarePoints: m === bare ? "0" : spread(m.map((x, i) => x.cpuPercentOfOneCore - (bare[i] as IdleMeasure).cpuPercentOfOneCore)),
    processesBelowCpuPercent: spread(m.map((x) => x.treeCpuPercentOfOneCore)),
    processesBelow: spread(m.map((x) => x.treeProcesses), 0),
    loopP99Ms: spread(m.map((x) => x.loopP99Ms), 1),
    activityWhileIdle: spread(m.map((x) => x.activityWhileIdle), 0),
  });
  return [
    row("elwood (sim CLI, launchSession)", elwood),
    row("elwood (sim CLI, startClaude: + supervisor, hook bridge)", started),
    row("bare xterm (same sim CLI)", bare),
  ];
}

export interface ScalingStep {
  readonly sessions: number;
  /** Loop p99 of Elwood's idle sessions over three consecutive windows: min / median / max. */
  readonly elwoodLoopP99Ms: string;
  /** The same number of simulated CLIs in bare xterm terminals, measured right after: the machine's own floor. */
  readonly bareLoopP99Ms: string;
  readonly elwoodCpuPercent: string;
  readonly medianElwoodP99: number;
}

async function windows(group: IdleGroup, n: number, seconds: number): Promise<IdleMeasure[]> {
  const out: IdleMeasure[] = [];
  try {
    for (let w = 0; w < 3; w += 1) out.push(await measureIdle(group, n, seconds));
  } finally {
    await group.close();
  }
  return out;
}

/**
 * Doubles the number of idle Elwood sessions (1, 2, 4, … up to `cap`); at each step measures the loop over three
 * windows of `seconds` and then the same count of bare terminals. Stops at the first step whose median Elwood p99
 * passes the limit; the answer is the last step within it. A median of three keeps one scheduling hiccup of a
 * shared machine from ending the search.
 */
export async function benchIdleScaling(cap = 128, seconds = 2): Promise<{ largestWithinLimit: number; stoppedBy: string; steps: ScalingStep[] }> {
  const steps: ScalingStep[] = [];
  let largest = 0;
  let stoppedBy = `cap ${cap} reached`;
  for (let n = 1; n <= cap; n *= 2) {
    const elwood = await windows(await elwoodGroup(n), n, seconds);
    const bare = await windows(await bareGroup(n), n, seconds);
    const medianElwoodP99 = [...elwood.map((m) => m.loopP99Ms)].sort((a, b) => a - b)[1] ?? Number.NaN;
    steps.push({
      sessions: n,
      elwoodLoopP99Ms: spread(elwood.map((m) => m.loopP99Ms), 1),
      bareLoopP99Ms: spread(bare.map((m) => m.loopP99Ms), 1),
      elwoodCpuPercent: spread(elwood.map((m) => m.cpuPercentOfOneCore)),
      medianElwoodP99,
    });
    process.stderr.write(`  idle scaling ${n}: elwood loop p99 median ${medianElwoodP99} ms\n`);
    if (medianElwoodP99 > LOOP_P99_LIMIT_MS) {
      stoppedBy = `${n} sessions: median p99 ${medianElwoodP99} ms > ${LOOP_P99_LIMIT_MS} ms`;
      break;
    }
    largest = n;
  }
  return { largestWithinLimit: largest, stoppedBy, steps };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const cap = Number(process.argv[2] ?? 128);
  const reps = Number(process.env["BENCH_REPS"] ?? 3);
  const seconds = Number(process.env["BENCH_IDLE_SECONDS"] ?? 10);
  console.table(await benchIdleCpu(32, seconds, reps));
  const scaling = await benchIdleScaling(cap);
  console.table(scaling.steps);
  console.log(`largest idle session count within p99 ≤ ${LOOP_P99_LIMIT_MS} ms: ${scaling.largestWithinLimit} (${scaling.stoppedBy})`);
}
