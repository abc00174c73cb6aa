// `npm run demo`: a live session in the inspector — by default the pinned Claude Code against the scripted local model.

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseCli } from "../../inspector/cli-args.js";
import { startLive } from "../../inspector/live-session.js";
import { runInspector } from "../../inspector/run-inspector.js";
import { shellWord } from "../../inspector/shell-word.js";
import { REPORT_FILE } from "../support/model-coverage-files.js";
import { startOfflineClaude, startSimClaude } from "./demo-sessions.js";

const USAGE = `usage: npm run demo -- [--sim | --live [--agent claude|codex] [--cwd DIR] [--resume ID]] [--port N]

  (default)  the pinned Claude Code from devDependencies against a scripted local model: offline, no account
  --sim      the simulated agent used by the tests (no real CLI)
  --live     your own installed CLI (claude, or --agent codex) in --cwd (default: the current directory);
             Ctrl+C stops it and prints its id, and --resume ID resumes that saved session
  --port N   inspector port on 127.0.0.1 (default: a free port)`;

async function main(): Promise<number> {
  const args = parseCli(USAGE, {
    sim: { type: "boolean", default: false },
    live: { type: "boolean", default: false },
    cwd: { type: "string" },
    resume: { type: "string" },
    port: { type: "string", default: "0" },
  } as const);
  if (typeof args === "number") return args;
  const agent = args.agent;
  if (agent === "codex" && !args.live) {
    console.error("--agent codex needs --live (the offline demo runs Claude Code).");
    return 2;
  }
  if (args.resume !== undefined && !args.live) {
    console.error("--resume needs --live (the offline and simulated demos are throwaway sessions).");
    return 2;
  }
  const cwd = resolve(args.cwd ?? ".");
  const resumeCommand = ["npm", "run", "demo", "--", "--live", "--agent", agent, "--cwd", cwd, "--resume"].map(shellWord).join(" ");
  const live = (): ReturnType<typeof startLive> => startLive(agent, cwd, { resume: args.resume, resumeCommand });
  const start = args.sim ? startSimClaude : args.live ? live : startOfflineClaude;
  // After `npm test` here, the page's "test coverage" toggle colours each graph by what the model tests walk.
  return runInspector(start, Number(args.port), existsSync(REPORT_FILE) ? { coverageReport: REPORT_FILE } : {});
}

// Exit explicitly: a stray handle in a torn-down child must not keep the demo hanging after Ctrl+C.
process.exit(await main());
