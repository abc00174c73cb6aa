#!/usr/bin/env node
// `elwood-inspect`: starts your own installed CLI in the inspector, prints the URL, runs until Ctrl+C.

import { parseCli } from "./cli-args.js";
import { startLive } from "./live-session.js";
import { runInspector } from "./run-inspector.js";

const USAGE = `usage: elwood-inspect [--agent claude|codex] [--cwd DIR] [--port N]

  Starts your own installed CLI (claude, or --agent codex) in --cwd (default: the current directory)
  and serves the inspector on 127.0.0.1.
  --port N   inspector port (default: a free port)`;

async function main(): Promise<number> {
  const args = parseCli(USAGE, {
    cwd: { type: "string" },
    port: { type: "string", default: "0" },
  } as const);
  if (typeof args === "number") return args;
  const agent = args.agent;
  const cwd = args.cwd ?? process.cwd();
  return runInspector(() => startLive(agent, cwd), Number(args.port));
}

// Exit explicitly: a stray handle in a torn-down child must not keep the command hanging after Ctrl+C.
process.exit(await main());
