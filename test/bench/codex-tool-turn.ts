// Benchmark (run inside the loopback-only netns): one real Codex 0.171.0 `exec` turn with 20 shell tool calls from the
// scripted model server, with no Elwood hooks, with every event as startCodex installs it (bridge.bash, all events), with
// `hookEvents: "essential"`, and the floor (every event a `true` command); 3 repetitions interleaved, min/median/max.
import { spawn } from "node:child_process";
import { codexAdapter } from "../../adapters/codex/adapter.js";
import { codexHookEventsFor, codexHookOverrides } from "../../adapters/codex/hook-events.js";
import { hookAnswerAwaited, selectHookEvents } from "../../adapters/hook-selection.js";
import { bashBridgeCommand, bridgeCommand, systemBash, type BridgeCallMode } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { createCodexHookDispatcher } from "../../adapters/codex/hook-dispatch.js";
import { ALL_CODEX_HOOK_EVENTS } from "../../adapters/codex/hook-events.js";
import { createCodexHome } from "../e2e/harness/codex-home.js";
import { CODEX_VERSIONS } from "../e2e/harness/cli-paths.js";
import { startModelServer } from "../e2e/model-server/server.js";
import { percentile, spread } from "./bench-stats.js";

const TOOLS = 20;
const HOOK_TIMEOUT_MS = 10_000;
const reps = Number(process.argv[2]) || 3;
const cli = CODEX_VERSIONS.find((c) => c.version === "0.171.0")!;
const model = await startModelServer();
const home = await createCodexHome({ modelServerUrl: model.url, version: cli.version });
const server = await HookBridgeServer.start({
  knownEvents: ALL_CODEX_HOOK_EVENTS,
  handler: createCodexHookDispatcher({ handlers: {}, timeoutMs: HOOK_TIMEOUT_MS, onHookError: () => undefined, onHookResult: () => undefined, onEvent: () => undefined }),
  timeoutMs: HOOK_TIMEOUT_MS,
  http: true,
});
const events = codexHookEventsFor(cli.version);
const bash = systemBash();
// As startCodex builds them: an event nobody answers or waits on is sent without awaiting its answer.
const commandAs = (mode: (ev: string) => BridgeCallMode) => (ev: string) =>
  bash === undefined || server.httpConfigPath === undefined
    ? bridgeCommand(ev, server.configPath)
    : bashBridgeCommand(ev, { bash, httpConfigPath: server.httpConfigPath, configPath: server.configPath }, mode(ev));
const command = commandAs((ev) => (hookAnswerAwaited(ev, codexAdapter, new Set()) ? "answer" : "observe"));
const awaitingEvery = commandAs(() => "answer");
const variants: Record<string, readonly string[]> = {
  "no Elwood hooks": [],
  "Elwood (as startCodex installs them)": codexHookOverrides(selectHookEvents(events, "all", codexAdapter, {}), command, HOOK_TIMEOUT_MS),
  "before: every event awaits its answer": codexHookOverrides(selectHookEvents(events, "all", codexAdapter, {}), awaitingEvery, HOOK_TIMEOUT_MS),
  'Elwood, hookEvents "essential"': codexHookOverrides(selectHookEvents(events, "essential", codexAdapter, {}), command, HOOK_TIMEOUT_MS),
  "floor: every event a `true` command": codexHookOverrides(events, () => "true", HOOK_TIMEOUT_MS),
};

/** Wall time of the turn and how many hooks `codex exec` reported completed (its `hook: <Event> Completed` lines). */
function turn(overrides: readonly string[]): Promise<{ readonly ms: number; readonly hooks: number }> {
  model.clear();
  for (let i = 0; i < TOOLS; i++) model.enqueue({ kind: "bash", command: "true" });
  model.enqueue({ kind: "text", text: "done" });
  const args = ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-c", 'approval_policy="never"', ...overrides.flatMap((o) => ["-c", o]), "run the tools"];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cli.executable, args, { env: home.env, cwd: home.project, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - t0;
      if (code !== 0 || !out.includes("done")) return reject(new Error(`turn failed: ${code} ${out.slice(-600)}`));
      resolve({ ms, hooks: out.match(/hook: \w+ Completed/g)?.length ?? 0 });
    });
  });
}

const names = Object.keys(variants);
const times = new Map<string, number[]>(names.map((n) => [n, []]));
const hooksRun = new Map<string, number>();
for (let r = 0; r < reps; r++)
  for (const n of names) {
    const t = await turn(variants[n]!);
    times.get(n)!.push(t.ms);
    hooksRun.set(n, t.hooks);
  }
const med = (v: number[]) => percentile([...v].sort((a, b) => a - b), 0.5);
const base = times.get("no Elwood hooks")!;
const floor = times.get("floor: every event a `true` command")!;
const rows = names.map((n) => ({
  variant: n,
  "hooks run per turn": hooksRun.get(n),
  "wall ms (min / median / max)": spread(times.get(n)!, 0),
  "× no hooks (median)": Number((med(times.get(n)!) / med(base)).toFixed(3)),
  "× floor (median)": Number((med(times.get(n)!) / med(floor)).toFixed(3)),
}));
console.log(JSON.stringify(rows));
await server.close();
await model.close();
await home.cleanup();
process.exit(0);
