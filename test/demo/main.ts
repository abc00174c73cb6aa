// `npm run demo`: a live session in the inspector — by default the pinned Claude Code against the scripted local model.

import { existsSync } from "node:fs";
import { parseCli } from "../../inspector/cli-args.js";
import { startLive } from "../../inspector/live-session.js";
import { runInspector } from "../../inspector/run-inspector.js";
import { REPORT_FILE } from "../support/model-coverage-files.js";
import { startOfflineClaude, startSimClaude } from "./demo-sessions.js";

const USAGE = `usage: npm run demo -- [--sim | --live [--agent claude|codex] [--cwd DIR]] [--port N]

  (default)  the pinned Claude Code from devDependencies against a scripted local model: offline, no account
  --sim      the simulated agent used by the tests (no real CLI)
  --live     your own installed CLI (claude, or --agent codex) in --cwd (default: the current directory)
  --port N   inspector port on 127.0.0.1 (default: a free port)`;

async function main(): Promise<number> {
  const args = parseCli(USAGE, {
    sim: { type: "boolean", default: false },
    live: { type: "boolean", default: false },
    cwd: { type: "string" },
    port: { type: "string", default: "0" },
  } as const);
  if (typeof args === "number") return args;
  const agent = args.agent;
  if (agent === "codex" && !args.live) {
    console.error("--agent codex needs --live (the offline demo runs Claude Code).");
    return 2;
  }
  const cwd = args.cwd ?? process.cwd();
  const start = args.sim ? startSimClaude : args.live ? () => startLive(agent, cwd) : startOfflineClaude;
  // After `npm test` here, the page's "test coverage" toggle colours each graph by what the model tests walk.
  return runInspector(start, Number(args.port), existsSync(REPORT_FILE) ? { coverageReport: REPORT_FILE } : {});
}

// Exit explicitly: a stray handle in a torn-down child must not keep the demo hanging after Ctrl+C.
process.exit(await main());
