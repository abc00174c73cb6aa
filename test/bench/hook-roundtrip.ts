// Benchmark: one Claude hook call end to end (spawn bridge.mjs → server → handler → printed answer) vs a bare `node -e ""` spawn.
import { pathToFileURL } from "node:url";
import { ALL_CLAUDE_HOOK_EVENTS } from "../../adapters/claude/hook-events.js";
import { bridgeScriptPath } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { BENCH_HOOK_PAYLOAD, denyingBenchHandler } from "./hook-payload.js";
import { runChild } from "../support/run-child.js";

export type Percentiles = { readonly p50: number; readonly p99: number; readonly mean: number };
export type HookRoundtripBench = { readonly calls: number; readonly roundtrip: Percentiles; readonly floor: Percentiles; readonly overheadP50: number };

function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { p50: at(0.5), p99: at(0.99), mean };
}

async function timeSpawn(args: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<{ ms: number; stdout: string; code: number | null }> {
  const t0 = performance.now();
  const { code, stdout } = await runChild(process.execPath, args, { env }, stdin);
  return { ms: performance.now() - t0, stdout, code };
}

export async function benchHookRoundtrip(calls = 200): Promise<HookRoundtripBench> {
  const handler = denyingBenchHandler();
  const server = await HookBridgeServer.start({ knownEvents: ALL_CLAUDE_HOOK_EVENTS, handler, timeoutMs: 10_000 });
  try {
    const env = { PATH: process.env.PATH ?? "" };
    const payload = BENCH_HOOK_PAYLOAD;
    const script = bridgeScriptPath();
    const roundtrip: number[] = [];
    const floor: number[] = [];
    // Interleave the two so machine noise hits both series alike.
    for (let i = 0; i < calls; i++) {
      const r = await timeSpawn([script, "PreToolUse", server.configPath], env, payload);
      if (r.code !== 0 || !r.stdout.includes('"deny"')) throw new Error(`bridge call ${i} failed: code ${r.code}, stdout ${r.stdout}`);
      roundtrip.push(r.ms);
      floor.push((await timeSpawn(["-e", ""], env, "")).ms);
    }
    const rt = percentiles(roundtrip);
    const fl = percentiles(floor);
    return { calls, roundtrip: rt, floor: fl, overheadP50: rt.p50 - fl.p50 };
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const calls = Number(process.argv[2] ?? 200) || 200;
  const r = await benchHookRoundtrip(calls);
  const f = (p: Percentiles): string => `p50 ${p.p50.toFixed(1)} ms  p99 ${p.p99.toFixed(1)} ms  mean ${p.mean.toFixed(1)} ms`;
  console.log(`hook round trip (${r.calls} sequential calls): ${f(r.roundtrip)}`);
  console.log(`floor: node -e "" spawn:                ${f(r.floor)}`);
  console.log(`bridge overhead over floor at p50:      ${r.overheadP50.toFixed(1)} ms`);
}
