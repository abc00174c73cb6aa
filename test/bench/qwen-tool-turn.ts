// Benchmark (run inside the loopback-only netns): one real Qwen Code 0.24.4 turn with 20 run_shell_command calls (`echo 1` … `echo 20`) from the
// scripted model server, in the interactive TUI (Qwen's non-interactive mode is not what a session runs): the bare CLI
// with no hooks, the bare CLI with every event Elwood registers as an http hook to a listener that answers `{}` at once
// (the floor: the CLI's own cost per hook), and `startAgentSession("qwen")` with Elwood's hooks (all events, then
// "essential"); repetitions interleaved, min/median/max, ratios of the medians. The turn runs from the Enter (typed the
// same way in every variant) to the turn's end as each one sees it: the bare CLI's screen showing the final reply on an
// idle composer, the session's `ready`.
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { qwenAdapter } from "../../adapters/qwen/adapter.js";
import { qwenHookEventsFor, qwenHookSettings, qwenHookTimeoutSec } from "../../adapters/qwen/hook-events.js";
import { selectHookEvents } from "../../adapters/hook-selection.js";
import { type AgentSession, type HookEventSelection, startAgentSession } from "../../src/index.js";
import { QWEN_VERSIONS } from "../e2e/harness/cli-paths.js";
import { createQwenHome, type QwenHome } from "../e2e/harness/qwen-home.js";
import { startModelServer } from "../e2e/model-server/server.js";
import { percentile, spread } from "./bench-stats.js";
import { startTreeCpu } from "./process-tree-cpu.js";
import { placeholderShown, spawnBareQwen, type BareQwen } from "./qwen-bare.js";

const TOOLS = 20;
const PROMPT = "run the tools";
const SIZE = { cols: 160, rows: 48 };
const DEADLINE_MS = 120_000;
// The approval mode the e2e launches use. `echo` is a command 0.24.4 allows as read-only, so no dialog in any variant
// (the bench is about hooks, not permissions); yolo would do too, but its composer is marked `*`, not `>`. Each call
// differs: five identical calls in a row stop the turn at Qwen's always-on loop guard (a dialog).
const APPROVAL = "default" as const;
const command = (i: number): string => `echo ${i + 1}`;
const reps = Number(process.argv[2]) || 3;
const cli = QWEN_VERSIONS.find((c) => c.version === "0.24.4")!;
const model = await startModelServer();

// The floor's listener: answers every hook with `{}` at once and counts them.
let floorHooks = 0;
const noop = createServer((req, res) => {
  floorHooks += 1;
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
await new Promise<void>((resolve) => noop.listen(0, "127.0.0.1", resolve));
const noopOrigin = `http://127.0.0.1:${(noop.address() as { port: number }).port}`;
const elwoodAllEvents = selectHookEvents(qwenHookEventsFor(cli.version), "all", qwenAdapter, {});
const floorHookSettings = qwenHookSettings(elwoodAllEvents, () => "true", qwenHookTimeoutSec(10_000), { http: { url: (ev) => `${noopOrigin}/hook/${ev}`, headers: {} } });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const REPLY_ROW = /^\s*◆\uFE0E?\s+done$/;
const PROMPT_IN_COMPOSER = new RegExp(`^>\\s+${PROMPT}\\s*$`, "m");

/** `promise`, or a rejection saying what never came (read when the deadline passes) once it has. */
function within<T>(what: () => string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`bench: no ${what()} within ${DEADLINE_MS} ms`)), DEADLINE_MS)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls `check` every 10 ms until it holds (rejects after the deadline). */
async function until(what: string, check: () => boolean): Promise<void> {
  const t0 = performance.now();
  while (!check()) {
    if (performance.now() - t0 > DEADLINE_MS) throw new Error(`bench: no ${what} within ${DEADLINE_MS} ms`);
    await sleep(10);
  }
}

interface TurnRun {
  readonly ms: number;
  readonly hooks: number;
  /** CPU of every process below this one (the CLI and whatever it or Elwood spawned), and of this one. */
  readonly childCpuMs: number;
  readonly ownCpuMs: number;
}

/** Scripts the turn, then times Enter → end and the CPU spent meanwhile. */
async function timed(enter: () => Promise<void>, ended: () => Promise<number>): Promise<TurnRun> {
  model.clear();
  for (let i = 0; i < TOOLS; i++) model.enqueue({ kind: "bash", command: command(i) });
  model.enqueue({ kind: "text", text: "done" });
  const tree = startTreeCpu();
  const own = process.cpuUsage();
  const t0 = performance.now();
  await enter();
  const hooks = await ended();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(own);
  const scripted = model.requests.filter((r) => r.replySource === "queue").length;
  if (scripted !== TOOLS + 1) throw new Error(`bench: the turn took ${scripted} of ${TOOLS + 1} scripted replies`);
  return { ms, hooks, childCpuMs: (tree().percentOfOneCore / 100) * ms, ownCpuMs: (cpu.user + cpu.system) / 1000 };
}

/** The bare CLI: typed prompt, Enter, then the final reply on an idle composer. */
async function bareTurn(home: QwenHome, withFloorHooks: boolean): Promise<TurnRun> {
  const bare: BareQwen = await spawnBareQwen({
    executable: cli.executable,
    home,
    approvalMode: APPROVAL,
    size: SIZE,
    ...(withFloorHooks ? { hooks: floorHookSettings, httpHookUrl: `${noopOrigin}/*` } : {}),
  });
  try {
    await until("idle composer", () => placeholderShown(bare.rows()));
    bare.write(PROMPT);
    await until("typed prompt", () => PROMPT_IN_COMPOSER.test(bare.rows().join("\n")));
    floorHooks = 0;
    let done: () => void = () => undefined;
    const over = new Promise<void>((resolve) => (done = resolve));
    const off = bare.onRender(() => {
      const rows = bare.rows();
      if (rows.some((r) => REPLY_ROW.test(r)) && placeholderShown(rows) && !rows.some((r) => r.includes("esc to cancel"))) done();
    });
    return await timed(
      async () => bare.write("\r"),
      async () => {
        await within(() => `turn end; last screen:\n${bare.rows().join("\n")}`, over).finally(off);
        return withFloorHooks ? floorHooks : 0;
      },
    );
  } finally {
    bare.kill();
  }
}

/** Elwood's session: the same typed prompt and Enter (raw keys), then `ready` after the turn ran. */
async function elwoodTurn(home: QwenHome, hookEvents: HookEventSelection): Promise<TurnRun> {
  const session: AgentSession = await startAgentSession("qwen", { cwd: home.project, executable: cli.executable, env: home.env, approvalMode: APPROVAL, hookEvents, initialSize: SIZE });
  try {
    await session.waitForStatus((s) => s === "ready", DEADLINE_MS);
    await session.sendKeys(PROMPT);
    await until("typed prompt", () => PROMPT_IN_COMPOSER.test(session.terminal.snapshot().text));
    let hooks = 0;
    const offHook = session.on("hook", () => (hooks += 1));
    let ranTurn = false;
    let done: () => void = () => undefined;
    const over = new Promise<void>((resolve) => (done = resolve));
    const offStatus = session.on("status", (e) => {
      if (e.status === "running") ranTurn = true;
      else if (e.status === "ready" && ranTurn) done();
    });
    return await timed(
      () => session.sendKeys("\r"),
      async () => {
        await within(() => `ready after the turn; last screen:\n${session.terminal.snapshot().text}`, over).finally(() => {
          offStatus();
          offHook();
        });
        return hooks;
      },
    );
  } finally {
    await session.teardown().catch(() => {});
  }
}

const variants: Record<string, (home: QwenHome) => Promise<TurnRun>> = {
  "bare qwen, no hooks": (home) => bareTurn(home, false),
  "floor: bare qwen, Elwood's events as no-op http hooks": (home) => bareTurn(home, true),
  'Elwood (startAgentSession, hookEvents "all")': (home) => elwoodTurn(home, "all"),
  'Elwood, hookEvents "essential"': (home) => elwoodTurn(home, "essential"),
};

const names = Object.keys(variants);
const runs = new Map<string, TurnRun[]>(names.map((n) => [n, []]));
for (let r = 0; r < reps; r++) {
  for (const n of names) {
    process.stderr.write(`qwen tool turn: ${n}, repetition ${r + 1}/${reps}\n`);
    const home = await createQwenHome({ modelServerUrl: model.url });
    try {
      runs.get(n)!.push(await variants[n]!(home));
    } finally {
      await home.cleanup();
    }
  }
}
const med = (v: readonly number[]) => percentile([...v].sort((a, b) => a - b), 0.5);
const of = (n: string, pick: (t: TurnRun) => number) => runs.get(n)!.map(pick);
const base = med(of("bare qwen, no hooks", (t) => t.ms));
const floor = med(of("floor: bare qwen, Elwood's events as no-op http hooks", (t) => t.ms));
const rows = names.map((n) => ({
  variant: n,
  "hooks per turn": of(n, (t) => t.hooks).at(-1),
  "wall ms (min / median / max)": spread(of(n, (t) => t.ms), 0),
  "× no hooks (median)": Number((med(of(n, (t) => t.ms)) / base).toFixed(3)),
  "× floor (median)": Number((med(of(n, (t) => t.ms)) / floor).toFixed(3)),
  "CPU ms: processes below (median)": Math.round(med(of(n, (t) => t.childCpuMs))),
  "CPU ms: this process (median)": Math.round(med(of(n, (t) => t.ownCpuMs))),
}));
console.log(JSON.stringify(rows));
noop.close();
await model.close();
process.exit(0);
