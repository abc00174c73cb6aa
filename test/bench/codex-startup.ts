// Codex start-up benchmark: `startCodex` → `ready` against the bare CLI's own time to a usable composer (the first
// keystroke it keeps), per pinned version, offline (run by cli-startup.ts in the loopback-only netns).
import { performance } from "node:perf_hooks";
import * as pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { startCodex } from "../../src/index.js";
import { CODEX_VERSIONS, type CodexVersion } from "../e2e/harness/cli-paths.js";
import { createCodexHome } from "../e2e/harness/codex-home.js";
import { startModelServer } from "../e2e/model-server/index.js";

const SIZE = { cols: 189, rows: 48 };
/** Distinct keys typed one per tick from spawn on; none of them opens a popup on an empty Codex composer. */
const PROBE_KEYS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,-+=_:;%^*()[]{}<>~";
const PROBE_TICK_MS = 25;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The composer row's text (`› …` above the model/cwd footer), or undefined while none is painted. */
function composerText(term: InstanceType<typeof xterm.Terminal>): string | undefined {
  const buf = term.buffer.active;
  let found: string | undefined;
  for (let y = 0; y < term.rows; y += 1) {
    const line = buf.getLine(buf.baseY + y)?.translateToString(true) ?? "";
    if (/^› /.test(line)) found = line.slice(2).trim();
  }
  return found;
}

/** What the bare CLI did with keys typed from spawn on. */
export interface BareStart {
  /** Write time of the first key the composer kept (keys before it were dropped). */
  readonly firstKeptKeyMs: number | undefined;
  /** When a typed key first showed in the composer: the CLI's own usable-composer time. */
  readonly usableMs: number | undefined;
}

/**
 * Spawns the bare CLI (no Elwood; its terminal queries go unanswered, which neither version waits on) and types
 * PROBE_KEYS one per tick from spawn on, then reads which keys the composer kept and when they first showed.
 */
export async function bareStart(cli: CodexVersion): Promise<BareStart> {
  const server = await startModelServer();
  const home = await createCodexHome({ modelServerUrl: server.url, version: cli.version });
  const term = new xterm.Terminal({ ...SIZE, allowProposedApi: true });
  const child = pty.spawn(cli.executable, ["--cd", home.project], { name: "xterm-256color", ...SIZE, cwd: home.project, env: home.env });
  const t0 = performance.now();
  let usableMs: number | undefined;
  child.onData((d) =>
    term.write(d, () => {
      if (usableMs === undefined && [...(composerText(term) ?? "")].some((ch) => PROBE_KEYS.includes(ch))) usableMs = performance.now() - t0;
    }),
  );
  const writtenAt: number[] = [];
  try {
    for (let i = 0; i < PROBE_KEYS.length; i += 1) {
      writtenAt.push(performance.now() - t0);
      child.write(PROBE_KEYS[i]!);
      await sleep(PROBE_TICK_MS);
    }
    await sleep(1500);
    const kept = [...(composerText(term) ?? "")].find((ch) => PROBE_KEYS.includes(ch));
    const first = kept === undefined ? -1 : PROBE_KEYS.indexOf(kept);
    return { firstKeptKeyMs: first < 0 ? undefined : writtenAt[first], usableMs };
  } finally {
    child.kill("SIGKILL");
    term.dispose();
    await server.close();
    await home.cleanup();
  }
}

/** startCodex → first `ready`, and which evidence made it ready. */
export async function elwoodReadyMs(cli: CodexVersion): Promise<{ readonly ms: number; readonly reason: string }> {
  const server = await startModelServer();
  const home = await createCodexHome({ modelServerUrl: server.url, version: cli.version });
  const t0 = performance.now();
  const session = await startCodex({ cwd: home.project, executable: cli.executable, env: home.env, initialSize: SIZE });
  try {
    await session.waitForStatus((s) => s === "ready", 30_000);
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

export async function benchCodexStartup(runs = 5): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const cli of CODEX_VERSIONS) {
    const bare: number[] = [];
    const kept: number[] = [];
    const elwood: number[] = [];
    const reasons = new Set<string>();
    for (let i = 0; i < runs; i += 1) {
      const b = await bareStart(cli);
      if (b.usableMs !== undefined) bare.push(b.usableMs);
      if (b.firstKeptKeyMs !== undefined) kept.push(b.firstKeptKeyMs);
      const e = await elwoodReadyMs(cli);
      elwood.push(e.ms);
      reasons.add(e.reason);
    }
    const ratio = median(elwood) / median(bare);
    rows.push({
      cli: `codex ${cli.version}`,
      runs,
      "bare: first kept key p50": `${median(kept).toFixed(0)} ms`,
      "bare: usable composer p50": `${median(bare).toFixed(0)} ms`,
      "start→ready p50": `${median(elwood).toFixed(0)} ms`,
      "start→ready max": `${Math.max(...elwood).toFixed(0)} ms`,
      ratio: ratio.toFixed(2),
      goal: "≤ 2×",
      met: ratio <= 2 ? "yes" : "NO",
      evidence: [...reasons].join(" | "),
    });
  }
  return rows;
}
