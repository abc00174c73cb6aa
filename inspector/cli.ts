// `elwood-inspect` / `npm run demo`: starts one session and the inspector, prints the URL, runs until Ctrl+C.

import { parseArgs } from "node:util";
import { inspect } from "../src/inspect.js";
import { startLive, startOfflineClaude, startSimClaude, type DemoSession } from "./demo-sessions.js";

const USAGE = `usage: elwood-inspect [--sim | --live [--agent claude|codex] [--cwd DIR]] [--port N]

  (default)  the pinned Claude Code from devDependencies against a scripted local model: offline, no account
  --sim      the simulated agent used by the tests (no real CLI)
  --live     your own installed CLI (claude, or --agent codex) in --cwd (default: the current directory)
  --port N   inspector port on 127.0.0.1 (default: a free port)`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        sim: { type: "boolean", default: false },
        live: { type: "boolean", default: false },
        agent: { type: "string", default: "claude" },
        cwd: { type: "string" },
        port: { type: "string", default: "0" },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${String((error as Error).message)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const agent = args.agent;
  if (agent !== "claude" && agent !== "codex") {
    console.error(`--agent must be claude or codex\n\n${USAGE}`);
    return 2;
  }
  if (agent === "codex" && !args.live) {
    console.error("--agent codex needs --live (the offline demo runs Claude Code).");
    return 2;
  }
  const port = Number(args.port);

  console.log("Starting the session…");
  let demo: DemoSession;
  try {
    demo = args.sim ? await startSimClaude() : args.live ? await startLive(agent, args.cwd ?? process.cwd()) : await startOfflineClaude();
  } catch (error) {
    console.error(`The session could not be started: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    return 1;
  }
  const { session } = demo;
  let inspector;
  try {
    inspector = await inspect(session, { port });
  } catch (error) {
    console.error(`The inspector could not start: ${String(error)}`);
    await session.teardown().catch(() => {});
    await demo.cleanup();
    return 1;
  }
  let stopping = false;
  session.on("status", (e) => console.log(`status: ${e.previous} → ${e.status}`));
  session.on("terminal:exit", (e) => {
    if (!stopping) console.log(`the agent exited (${e.signal === undefined ? `code ${e.exitCode}` : `signal ${e.signal}`}); the inspector stays up until Ctrl+C`);
  });

  console.log("");
  for (const hint of demo.hints) console.log(`  ${hint}`);
  console.log(`\n  Inspector: ${inspector.url}\n\n  Open it in a browser. Press Ctrl+C here to stop everything.\n`);

  return new Promise<number>((resolve) => {
    // Every signal ends in teardown: it SIGKILLs the agent's process group at once and removes Elwood's session
    // state; then the demo's sandbox and model server go. stdin is never read (a read could stop the job instead).
    const shutdown = (signal: NodeJS.Signals): void => {
      if (stopping) {
        if (signal === "SIGINT") process.exit(130); // a second Ctrl+C does not wait for anything
        return;
      }
      stopping = true;
      console.log(`\n${signal}: tearing down…`);
      // Nothing may keep the demo alive after Ctrl+C, not even a cleanup step that hangs.
      setTimeout(() => process.exit(1), 10_000).unref();
      void (async () => {
        await session.teardown().catch((error: unknown) => console.error(`teardown: ${String(error)}`));
        await inspector.close();
        await demo.cleanup();
        console.log("done.");
        resolve(signal === "SIGINT" ? 130 : 0);
      })();
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP", "SIGTTIN", "SIGTTOU"] as const) process.on(signal, () => shutdown(signal));
  });
}

// Exit explicitly: a stray handle in a torn-down child must not keep the demo hanging after Ctrl+C.
process.exit(await main());
