#!/usr/bin/env node
// `elwood-inspect`: starts your own installed CLI in the inspector, prints the URL, runs until Ctrl+C.

import { resolve } from "node:path";
import { agentInfos } from "../src/agent-registry.js";
import { parseCli } from "./cli-args.js";
import { startLive } from "./live-session.js";
import { runInspector } from "./run-inspector.js";
import { shellWord } from "./shell-word.js";

// The agents and their commands come from the registry, in detection order (the first is the default).
const [first, ...others] = agentInfos();
const USAGE = `usage: elwood-inspect [--agent ${agentInfos().map((a) => a.kind).join("|")}] [--cwd DIR] [--resume ID] [--executable FILE] [--port N]

  Starts your own installed CLI (${first?.kind ?? ""}${others.map((a) => `, or --agent ${a.kind}`).join("")}) in --cwd (default: the current directory)
  and serves the inspector on 127.0.0.1. Ctrl+C stops the session and prints its id; it stays resumable.
  --resume ID        resume that saved Elwood session (recorded in --cwd's .elwood store) instead of starting one
  --executable FILE  the CLI to run (default: ${agentInfos().map((a) => a.executable).join(" / ")} as your login shell finds it)
  --port N           inspector port (default: a free port)`;

async function main(): Promise<number> {
  const args = parseCli(USAGE, {
    cwd: { type: "string" },
    resume: { type: "string" },
    executable: { type: "string" },
    port: { type: "string", default: "0" },
  } as const);
  if (typeof args === "number") return args;
  const agent = args.agent;
  const cwd = resolve(args.cwd ?? ".");
  const executable = args.executable === undefined ? [] : ["--executable", args.executable];
  const resumeCommand = ["elwood-inspect", "--agent", agent, "--cwd", cwd, ...executable, "--resume"].map(shellWord).join(" ");
  return runInspector(() => startLive(agent, cwd, { resume: args.resume, resumeCommand, executable: args.executable }), Number(args.port));
}

// Exit explicitly: a stray handle in a torn-down child must not keep the command hanging after Ctrl+C.
process.exit(await main());
