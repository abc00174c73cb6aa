// Runs one inspected session until a signal: starts it, opens the inspector, prints the URL, tears down on Ctrl+C.

import { isElwoodError } from "../src/contracts/errors.js";
import type { AgentSession } from "../src/session-api.js";
import { inspect, type InspectOptions } from "../src/inspect.js";
import { stopRequested } from "./stop-signals.js";

export interface InspectedSession {
  readonly session: AgentSession;
  /** What to tell the person at the keyboard. */
  readonly hints: readonly string[];
  /**
   * Present when the session is the person's own and worth resuming: a signal then stops it (its record stays on
   * disk) instead of tearing it down, and the inspector prints this command followed by the session id.
   */
  readonly keep?: { readonly resumeCommand: string };
  /** Removes everything the starter created (sandbox home, model server); the session is ended first. */
  cleanup(): Promise<void>;
}

/** Nothing may keep the command alive after Ctrl+C, not even a start-up or clean-up step that hangs. */
const STOP_DEADLINE_MS = 10_000;

/**
 * Starts the session, serves the inspector on 127.0.0.1:`port` (0 = any free port); resolves with an exit code.
 * `coverageReport` feeds the page's test-coverage toggle (the demo passes the report `npm test` wrote).
 */
export async function runInspector(
  start: () => Promise<InspectedSession>,
  port: number,
  options: Pick<InspectOptions, "coverageReport"> = {},
): Promise<number> {
  // Listening before the start: a Ctrl+C while the CLI boots still ends in a teardown once the session exists.
  let stopping = false;
  let ending = "tearing down…";
  const stop = stopRequested().then((signal) => {
    stopping = true;
    console.log(`\n${signal}: ${ending}`);
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    return signal;
  });
  console.log("Starting the session…");
  let demo: InspectedSession;
  try {
    demo = await start();
  } catch (error) {
    console.error(`The session could not be started: ${describeError(error)}`);
    return 1;
  }
  const { session } = demo;
  if (demo.keep !== undefined) ending = "stopping the session (it stays resumable)…";
  let inspector;
  try {
    inspector = await inspect(session, { port, ...options });
  } catch (error) {
    console.error(`The inspector could not start: ${String(error)}`);
    await session.teardown().catch(() => {});
    await demo.cleanup();
    return 1;
  }
  session.on("status", (e) => console.log(`status: ${e.previous} → ${e.status}`));
  session.on("terminal:exit", (e) => {
    if (!stopping) console.log(`the agent exited (${e.signal === undefined ? `code ${e.exitCode}` : `signal ${e.signal}`}); the inspector stays up until Ctrl+C`);
  });
  if (!stopping) {
    console.log("");
    for (const hint of demo.hints) console.log(`  ${hint}`);
    console.log(`  Session: ${session.elwoodSessionId}`);
    console.log(`\n  Inspector: ${inspector.url}\n\n  Open it in a browser. Press Ctrl+C here to stop everything.\n`);
  }

  // A throwaway session ends in teardown: it SIGKILLs the agent's process group at once and removes Elwood's session
  // state; then the demo's sandbox and model server go. A kept one is stopped, so its record stays for a resume.
  // stdin is never read (a read could stop the job instead).
  const signal = await stop;
  await endSession(demo);
  await inspector.close();
  await demo.cleanup();
  console.log("done.");
  return signal === "SIGINT" ? 130 : 0;
}

/** Tears a throwaway session down; stops a kept one (SIGKILL if the graceful stop fails) and says how to resume it. */
async function endSession({ session, keep }: InspectedSession): Promise<void> {
  if (keep === undefined) {
    await session.teardown().catch((error: unknown) => console.error(`teardown: ${String(error)}`));
    return;
  }
  try {
    await session.stop();
  } catch (error) {
    console.error(`stop: ${String(error)}`);
    await session.kill().catch((killError: unknown) => console.error(`kill: ${String(killError)}`));
  }
  console.log(`Session ${session.elwoodSessionId} is saved. Resume it with:\n  ${keep.resumeCommand} ${session.elwoodSessionId}`);
}

/** An ElwoodError with its stable code (what a person searches the README for), anything else by name and message. */
function describeError(error: unknown): string {
  if (isElwoodError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
