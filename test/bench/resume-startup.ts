// Resume benchmark: resume call → ready next to a fresh start's start call → ready, per pinned Claude, Codex and Qwen
// Code version, offline against the scripted model server. The resumed session has one earlier turn to replay. Run inside
// the loopback-only netns (run.ts does this):
//   bash test/e2e/run-in-netns.sh npx tsx test/bench/resume-startup.ts [runs] [claude|codex|qwen] [--json]
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { type AgentSession, resumeAgentSession } from "../../src/index.js";
import { startModelServer } from "../e2e/model-server/index.js";
import { CLAUDE_AGENTS, type E2EAgent, type E2EHome } from "../e2e/support/agents.js";
import { CODEX_AGENTS } from "../e2e/support/codex-agents.js";
import { QWEN_AGENTS } from "../e2e/support/qwen-agents.js";
import { recordedConversation } from "../support/recorded-conversation.js";

const AGENTS: readonly E2EAgent[] = [...CLAUDE_AGENTS, ...CODEX_AGENTS, ...QWEN_AGENTS];

async function untilReady(start: () => Promise<AgentSession>): Promise<{ session: AgentSession; ms: number }> {
  const t0 = performance.now();
  const session = await start();
  await session.waitForStatus((s) => s === "ready", 60_000).catch((error: unknown) => {
    // What the CLI last showed says why it never got ready (e.g. a start-up error screen).
    process.stderr.write(`${session.terminal.snapshot().text}\n`);
    throw error;
  });
  return { session, ms: performance.now() - t0 };
}

function resume(agent: E2EAgent, home: E2EHome, elwoodSessionId: string): Promise<AgentSession> {
  return resumeAgentSession(agent.kind, { elwoodSessionId, cwd: home.project, executable: agent.executable, env: home.env });
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor((s.length - 1) / 2)] as number);
};

/** `runs` fresh starts and `runs` resumes of one session that had one turn, alternating, per CLI version. */
export async function benchResumeStartup(runs = 5, only?: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (const agent of AGENTS.filter((a) => only === undefined || a.kind === only)) {
    const server = await startModelServer();
    const home = await agent.createHome(server, {});
    const fresh: number[] = [];
    const resumed: number[] = [];
    try {
      // The session to resume: one answered turn, then stopped (its directory and record stay).
      const first = await untilReady(() => agent.start(home, {}));
      server.enqueue({ kind: "text", text: "Noted." });
      const answered = new Promise<void>((resolve) => first.session.on("hook", (h) => h.name === "Stop" && resolve()));
      await first.session.sendMessage("remember this turn");
      await answered;
      await first.session.waitForStatus((s) => s === "ready", 60_000);
      const id = first.session.elwoodSessionId;
      // The CLI's own conversation id reaches the record in the background after its first hook (Qwen's comes late).
      await recordedConversation({ cwd: home.project, elwoodSessionId: id }, 600);
      await first.session.stop();
      for (let i = 0; i < runs; i += 1) {
        process.stderr.write(`${agent.label}: run ${i + 1}/${runs}\n`);
        const f = await untilReady(() => agent.start(home, {}));
        fresh.push(f.ms);
        await f.session.teardown();
        const r = await untilReady(() => resume(agent, home, id));
        resumed.push(r.ms);
        await r.session.stop();
      }
    } finally {
      await server.close();
      await home.cleanup();
    }
    rows.push({
      cli: agent.label,
      runs,
      "start→ready p50": `${median(fresh).toFixed(0)} ms`,
      "resume→ready p50": `${median(resumed).toFixed(0)} ms`,
      "start min/max": `${Math.min(...fresh).toFixed(0)}/${Math.max(...fresh).toFixed(0)} ms`,
      "resume min/max": `${Math.min(...resumed).toFixed(0)}/${Math.max(...resumed).toFixed(0)} ms`,
      "resume/start": (median(resumed) / median(fresh)).toFixed(2),
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
  const json = process.argv.includes("--json");
  const only = process.argv.slice(2).find((a) => AGENTS.some((agent) => agent.kind === a));
  const rows = await benchResumeStartup(runs, only);
  console.log(json ? JSON.stringify(rows) : rows.map((r) => JSON.stringify(r)).join("\n"));
  process.exit(0);
}
