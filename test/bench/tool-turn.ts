// Benchmark (run inside the loopback-only netns): one real Claude 2.1.332 `-p` turn with 20 Bash tool calls from the scripted
// model server, with no Elwood hooks, with Elwood's hooks as a session installs them (every event, and `hookEvents:
// "essential"`), with the CLI's own floor (every event registered to a hook that does nothing), and with every hook a blocking bridge.mjs command (the old
// installation); 3 repetitions interleaved, wall time min/median/max and ratios to no hooks.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { claudeAdapter } from "../../adapters/claude/adapter.js";
import { selectHookEvents } from "../../adapters/hook-selection.js";
import { createClaudeHookDispatcher } from "../../adapters/claude/hook-dispatch.js";
import { ALL_CLAUDE_HOOK_EVENTS, claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec } from "../../adapters/claude/hook-events.js";
import { claudeCommandClient, claudeHookRoute, claudeHookTransportFor } from "../../adapters/claude/hook-transport.js";
import { bashBridgeCommand, bridgeCommand, systemBash } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { createClaudeHome } from "../e2e/harness/claude-home.js";
import { CLAUDE_VERSIONS } from "../e2e/harness/cli-paths.js";
import { startModelServer } from "../e2e/model-server/server.js";
import { percentile, spread } from "./bench-stats.js";

const TOOLS = 20;
const reps = Number(process.argv[2]) || 3;
const cli = CLAUDE_VERSIONS.find((c) => c.version === "2.1.332")!;
const model = await startModelServer();
const home = await createClaudeHome({ modelServerUrl: model.url });
const server = await HookBridgeServer.start({
  knownEvents: ALL_CLAUDE_HOOK_EVENTS,
  handler: createClaudeHookDispatcher({ handlers: {}, timeoutMs: 10_000, onHookError: () => undefined, onHookResult: () => undefined, onEvent: () => undefined }),
  timeoutMs: 10_000,
  http: true,
});
const events = claudeHookEventsFor(cli.version);
const facts = claudeHookTransportFor(cli.version);
const sec = claudeHookTimeoutSec(10_000);
const command = (ev: string) => bridgeCommand(ev, server.configPath);
const bash = systemBash();
const handled = new Set<string>();
// The commands a session installs (src/claude-start-plan.ts): the bash client when bash is at a system path.
const sessionCommand = (ev: string) =>
  bash !== undefined && claudeCommandClient(ev, { handled, bashAvailable: true }) === "bash"
    ? bashBridgeCommand(ev, { bash, httpConfigPath: server.httpConfigPath!, configPath: server.configPath })
    : command(ev);
const routeOf = (ev: string) => claudeHookRoute(ev, { facts, handled, httpAvailable: true });
// The floor: a listener that answers `{}` at once and commands that are `true`, so what remains is the CLI's own hook work.
const noop = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
await new Promise<void>((resolve) => noop.listen(0, "127.0.0.1", resolve));
const noopPort = (noop.address() as { port: number }).port;
const variants: Record<string, unknown> = {
  "no Elwood hooks": {},
  "Elwood (as a session installs them)": claudeHookSettings(selectHookEvents(events, "all", claudeAdapter, {}), sessionCommand, sec, { routeOf, http: server.http }),
  'Elwood, hookEvents "essential"': claudeHookSettings(selectHookEvents(events, "essential", claudeAdapter, {}), sessionCommand, sec, { routeOf, http: server.http }),
  "floor: every event a no-op hook": claudeHookSettings(events, () => "true", sec, { routeOf, http: { url: (ev) => `http://127.0.0.1:${noopPort}/hook/${ev}`, headers: {} } }),
  "every hook a bridge.mjs command (before)": claudeHookSettings(events, command, sec),
};
const files = Object.entries(variants).map(([name, hooks], i) => {
  const file = path.join(home.root, `settings-${i}.json`);
  writeFileSync(file, JSON.stringify({ hooks }), { mode: 0o600 });
  return [name, file] as const;
});

function turn(settings: string): Promise<number> {
  model.clear();
  for (let i = 0; i < TOOLS; i++) model.enqueue({ kind: "bash", command: "true" });
  model.enqueue({ kind: "text", text: "done" });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cli.executable, ["-p", "run the tools", "--settings", settings, "--allowedTools", "Bash"], { env: home.env, cwd: home.project, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 && out.includes("done") ? resolve(performance.now() - t0) : reject(new Error(`turn failed: ${code} ${out.slice(0, 300)}`))));
  });
}

const times = new Map<string, number[]>(files.map(([n]) => [n, []]));
for (let r = 0; r < reps; r++) for (const [n, f] of files) times.get(n)!.push(await turn(f));
const base = times.get("no Elwood hooks")!;
const floor = times.get("floor: every event a no-op hook")!;
const med = (v: number[]) => percentile([...v].sort((a, b) => a - b), 0.5);
const rows = files.map(([n]) => ({ variant: n, "wall ms (min / median / max)": spread(times.get(n)!, 0), "× no hooks (median)": Number((med(times.get(n)!) / med(base)).toFixed(3)), "× floor (median)": Number((med(times.get(n)!) / med(floor)).toFixed(3)) }));
console.log(JSON.stringify(rows));
await server.close();
noop.close();
await model.close();
await home.cleanup();
process.exit(0);
