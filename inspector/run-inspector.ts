// Runs one inspected session until a signal: starts it, opens the inspector, prints the URL, tears down on Ctrl+C.

import type { AgentSession } from "../src/agent-session.js";
import { inspect } from "../src/inspect.js";

export interface InspectedSession {
  readonly session: AgentSession;
  /** What to tell the person at the keyboard. */
  readonly hints: readonly string[];
  /** Removes everything the starter created (sandbox home, model server); the session is torn down first. */
  cleanup(): Promise<void>;
}

/** Starts the session, serves the inspector on 127.0.0.1:`port` (0 = any free port); resolves with an exit code. */
export async function runInspector(start: () => Promise<InspectedSession>, port: number): Promise<number> {
  console.log("Starting the session…");
  let demo: InspectedSession;
  try {
    demo = await start();
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
