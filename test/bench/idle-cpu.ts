// Idle-CPU benchmark: many idle agent PTYs with HeadlessTerminals attached must cost ~nothing while quiet.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { spawnAgentPty, type AgentPty } from "../../effects/pty/agent-pty.js";
import { attachTerminal } from "../../effects/pty/attach-terminal.js";
import { HeadlessTerminal } from "../../effects/terminal/headless-terminal.js";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number): number => Math.round(n * 100) / 100;
const childEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));

/**
 * Starts `sessions` PTYs whose child just sleeps, each attached to a HeadlessTerminal with a frame
 * listener, lets startup settle, then measures this process's CPU (user+system) over `seconds`
 * as a percentage of one core, plus event-loop delay.
 */
export async function benchIdleCpu(sessions = 32, seconds = 10): Promise<Record<string, unknown>> {
  const ptys: AgentPty[] = [];
  const terminals: HeadlessTerminal[] = [];
  let frames = 0;
  for (let s = 0; s < sessions; s += 1) {
    const pty = spawnAgentPty({
      executable: "/bin/sh",
      args: ["-c", "printf 'idle session ready'; exec sleep 100000"],
      cwd: process.cwd(),
      env: childEnv(),
      cols: 189,
      rows: 48,
      viaLoginShell: false,
    });
    const terminal = new HeadlessTerminal({ cols: 189, rows: 48 });
    terminal.onFrame(() => {
      frames += 1;
    });
    attachTerminal(pty, terminal);
    ptys.push(pty);
    terminals.push(terminal);
  }
  await sleep(1_000);
  await Promise.all(terminals.map((t) => t.settled()));
  const framesBefore = frames;

  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  await sleep(seconds * 1_000);
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  histogram.disable();

  const cpuMs = (cpu.user + cpu.system) / 1_000;
  const result = {
    sessions,
    seconds,
    cpuMs: round(cpuMs),
    cpuPercentOfOneCore: round((cpuMs / wallMs) * 100),
    loopP99Ms: round(histogram.percentile(99) / 1e6),
    loopMaxMs: round(histogram.max / 1e6),
    framesWhileIdle: frames - framesBefore,
    exitedDuringRun: ptys.filter((p) => p.exited).length,
  };
  await Promise.all(ptys.map((p) => p.kill()));
  for (const t of terminals) t.dispose();
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [sessions, seconds] = process.argv.slice(2).map(Number);
  const result = await benchIdleCpu(sessions !== undefined && sessions > 0 ? sessions : undefined, seconds !== undefined && seconds > 0 ? seconds : undefined);
  console.table([result]);
}
