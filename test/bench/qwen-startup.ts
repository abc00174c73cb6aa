// Qwen Code start-up benchmark: `startAgentSession("qwen")` → `ready` against the bare CLI's own time to its idle composer, per pinned version, offline (run by cli-startup.ts in the netns).
import { performance } from "node:perf_hooks";
import { startAgentSession } from "../../src/index.js";
import { QWEN_VERSIONS, type QwenVersion } from "../e2e/harness/cli-paths.js";
import { createQwenHome } from "../e2e/harness/qwen-home.js";
import { startModelServer } from "../e2e/model-server/index.js";
import { qwenLaunchOptions } from "../e2e/support/qwen-agents.js";
import { placeholderShown, spawnBareQwen } from "./qwen-bare.js";

const SIZE = { cols: 189, rows: 48 };
/**
 * The placeholder counts once it has stayed this long: start-up repaints the whole screen (the relaunched node, the
 * extensions notice), and a composer painted then replaced is not yet the idle one.
 */
const SETTLED_MS = 2000;
const DEADLINE_MS = 60_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The bare CLI's idle composer: when the placeholder was painted in the run of frames that still showed it SETTLED_MS
 * later (undefined if it never settled within the deadline).
 */
export async function bareQwenComposerMs(cli: QwenVersion): Promise<number | undefined> {
  const server = await startModelServer();
  const home = await createQwenHome({ modelServerUrl: server.url });
  const bare = await spawnBareQwen({ executable: cli.executable, home, approvalMode: qwenLaunchOptions(cli.executable, home).approvalMode, size: SIZE });
  let shownSince: number | undefined;
  const off = bare.onRender(() => {
    const shown = placeholderShown(bare.rows());
    if (!shown) shownSince = undefined;
    else if (shownSince === undefined) shownSince = performance.now();
  });
  try {
    while (performance.now() - bare.spawnedAt < DEADLINE_MS) {
      if (shownSince !== undefined && performance.now() - shownSince >= SETTLED_MS) return shownSince - bare.spawnedAt;
      await sleep(50);
    }
    return undefined;
  } finally {
    off();
    bare.kill();
    await server.close();
    await home.cleanup();
  }
}

/** `startAgentSession("qwen")` → first `ready` (its version probe, login shell and private home included), and the evidence. */
export async function elwoodQwenReadyMs(cli: QwenVersion): Promise<{ readonly ms: number; readonly reason: string }> {
  const server = await startModelServer();
  const home = await createQwenHome({ modelServerUrl: server.url });
  const t0 = performance.now();
  const session = await startAgentSession("qwen", { ...qwenLaunchOptions(cli.executable, home), initialSize: SIZE });
  try {
    await session.waitForStatus((s) => s === "ready", DEADLINE_MS);
    const ms = performance.now() - t0;
    return { ms, reason: session.statusDecisions().find((d) => d.to === "ready")?.reason ?? "?" };
  } finally {
    await session.teardown().catch(() => {});
    await server.close();
    await home.cleanup();
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor((s.length - 1) / 2)] as number);
};

/** `runs` bare starts and `runs` Elwood starts, alternating, per pinned version; the ratio is of their medians. */
export async function benchQwenStartup(runs = 5): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const cli of QWEN_VERSIONS) {
    const bare: number[] = [];
    const elwood: number[] = [];
    const reasons = new Set<string>();
    for (let i = 0; i < runs; i += 1) {
      const b = await bareQwenComposerMs(cli);
      if (b !== undefined) bare.push(b);
      const e = await elwoodQwenReadyMs(cli);
      elwood.push(e.ms);
      reasons.add(e.reason);
    }
    const ratio = median(elwood) / median(bare);
    rows.push({
      cli: `qwen ${cli.version}`,
      runs,
      ...(bare.length < runs ? { "bare: never settled": runs - bare.length } : {}),
      "bare: usable composer p50": `${median(bare).toFixed(0)} ms`,
      "start→ready p50": `${median(elwood).toFixed(0)} ms`,
      "start→ready max": `${Math.max(...elwood).toFixed(0)} ms`,
      ratio: ratio.toFixed(2),
      goal: "≤ 1.3×",
      met: ratio <= 1.3 ? "yes" : "NO",
      evidence: [...reasons].join(" | "),
    });
  }
  return rows;
}
