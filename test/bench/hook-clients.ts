// Benchmark: one hook call per transport, side by side in one run: Claude's in-process HTTP POST (type: "http"), Qwen's
// (Node's fetch, as Qwen Code sends its http hooks), the bridge.mjs command (Node, over the Unix socket), bridge.bash (the
// command startCodex installs when bash is at a system path) and a curl candidate, each command run as the CLIs run hooks
// (`sh -c`, JSON on stdin), against a HookBridgeServer with its HTTP listener (Qwen's with the Qwen dispatcher).
import { lookup } from "node:dns/promises";
import { writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ALL_CLAUDE_HOOK_EVENTS } from "../../adapters/claude/hook-events.js";
import { QWEN_HOOK_EVENTS_0_24_4 } from "../../adapters/qwen/hook-events.js";
import { bashBridgeCommand, bridgeCommand, posixQuote, systemBash } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { percentile, spread } from "./bench-stats.js";
import { BENCH_HOOK_PAYLOAD, denyingBenchHandler, denyingQwenBenchHandler, QWEN_BENCH_HOOK_PAYLOAD } from "./hook-payload.js";
import { runChild } from "../support/run-child.js";

const PAYLOAD = BENCH_HOOK_PAYLOAD;

async function runShell(command: string, stdin: string): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  const { stdout } = await runChild("sh", ["-c", command], { env: { PATH: process.env.PATH ?? "" } }, stdin);
  return { ms: performance.now() - t0, stdout };
}

function postOnce(agent: http.Agent, url: string, headers: Readonly<Record<string, string>>, body: string): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { method: "POST", agent, headers: { ...headers, "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ ms: performance.now() - t0, stdout: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * One hook as Qwen Code 0.24.4 sends it (its HttpHookRunner): a DNS lookup of the URL's host (its check that the host
 * resolves to no metadata or private address; the listener's loopback is allowed), then a `fetch` POST that follows no
 * redirect, on Node's shared keep-alive pool, in the CLI's own process (no process per hook).
 */
async function qwenPost(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  await lookup(new URL(url).hostname, { all: true });
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body, redirect: "manual" });
  const stdout = await res.text();
  return { ms: performance.now() - t0, stdout };
}

function curlClient(url: string, tokenFile: string): string {
  return `curl -s --max-time 40 -H @${posixQuote(tokenFile)} -H 'content-type: application/json' --data-binary @- ${posixQuote(url)} || true`;
}

export type HookClientRow = Record<string, string | number>;

/** p50 per client per repetition (`reps` × `calls` sequential calls, interleaved so load hits every client alike). */
export async function benchHookClients(calls = 60, reps = 3): Promise<HookClientRow[]> {
  const handler = denyingBenchHandler();
  const server = await HookBridgeServer.start({ knownEvents: ALL_CLAUDE_HOOK_EVENTS, handler, timeoutMs: 10_000, http: true });
  // A Qwen session's listener: the same server with Qwen's events and dispatcher.
  const qwenServer = await HookBridgeServer.start({ knownEvents: new Set(QWEN_HOOK_EVENTS_0_24_4), handler: denyingQwenBenchHandler(), timeoutMs: 10_000, http: true });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const endpoint = server.http!;
    const qwenEndpoint = qwenServer.http!;
    const url = endpoint.url("PreToolUse");
    const bash = systemBash();
    if (bash === undefined || server.httpConfigPath === undefined) throw new Error("bridge.bash needs bash at /bin/bash or /usr/bin/bash");
    const codexCommand = bashBridgeCommand("PreToolUse", { bash, httpConfigPath: server.httpConfigPath, configPath: server.configPath });
    const dir = join(server.configPath, "..");
    const headerFile = join(dir, "bench-header");
    const [name, value] = Object.entries(endpoint.headers)[0]!;
    writeFileSync(headerFile, `${name}: ${value}\n`, { mode: 0o600 });
    const clients: ReadonlyArray<readonly [string, () => Promise<{ ms: number; stdout: string }>]> = [
      ["claude http (in-process POST, keep-alive)", () => postOnce(agent, url, endpoint.headers, PAYLOAD)],
      ["qwen http (in-process lookup + fetch POST, as Qwen 0.24.4 sends it)", () => qwenPost(qwenEndpoint.url("PreToolUse"), qwenEndpoint.headers, QWEN_BENCH_HOOK_PAYLOAD)],
      ["bridge.mjs command (sh -c node)", () => runShell(bridgeCommand("PreToolUse", server.configPath), PAYLOAD)],
      ["bridge.bash command (Codex's hook: sh -c bash /dev/tcp)", () => runShell(codexCommand, PAYLOAD)],
      ["curl http client", () => runShell(curlClient(url, headerFile), PAYLOAD)],
      ['floor: sh -c node -e ""', () => runShell(`${posixQuote(process.execPath)} -e ""`, "")],
      ["floor: sh -c true", () => runShell("true", "")],
    ];
    const p50s = new Map<string, number[]>(clients.map(([n]) => [n, []]));
    for (let rep = 0; rep < reps; rep++) {
      const samples = new Map<string, number[]>(clients.map(([n]) => [n, []]));
      for (let i = 0; i < calls; i++) {
        for (const [n, run] of clients) {
          const r = await run();
          if (!n.startsWith("floor") && !r.stdout.includes('"deny"')) throw new Error(`${n}: no decision in ${JSON.stringify(r.stdout.slice(0, 200))}`);
          samples.get(n)!.push(r.ms);
        }
      }
      for (const [n, s] of samples) p50s.get(n)!.push(percentile([...s].sort((a, b) => a - b), 0.5));
    }
    const base = p50s.get("bridge.mjs command (sh -c node)")!;
    return clients.map(([n]) => {
      const v = p50s.get(n)!;
      return { client: n, "p50 ms (min / median / max of 3)": spread(v, 1), "× bridge.mjs (median)": Number((percentile([...v].sort((a, b) => a - b), 0.5) / percentile([...base].sort((a, b) => a - b), 0.5)).toFixed(3)) };
    });
  } finally {
    agent.destroy();
    await server.close();
    await qwenServer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.table(await benchHookClients(Number(process.argv[2]) || 60));
}
