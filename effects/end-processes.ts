// The effect actor the root's `over.closing` state invokes: ends a session's processes (the CLI's group, hook commands
// outside it) and releases Elwood's resources, the way the close asked for.

import { fromPromise } from "xstate";
import { ElwoodError } from "../src/contracts/errors.js";
import type { ClosingAs } from "../src/contracts/readiness.js";
import type { ExitGate } from "./exit-gate.js";
import type { PtyHandle } from "./pty/pty-handle.js";
import { reapTagged } from "./pty/tagged-processes.js";

/** What ending needs from the launched session; built once at launch. */
export interface EndProcessesRuntime {
  /** The io actor's handle on the CLI's PTY (nothing to end when it never spawned). */
  readonly pty: Pick<PtyHandle, "stop" | "kill" | "pgid">;
  readonly elwoodSessionId: string;
  readonly stopGraceMs: number;
  /** teardown()'s grace, used when it is shorter than stopGraceMs. */
  readonly teardownGraceMs: number;
  /** Runs before a stop signals the CLI (e.g. lets its conversation file settle for a resume); must not reject. */
  readonly beforeStop?: () => Promise<void>;
  /**
   * False once a resume in this process superseded this object: the session's tag then names the resumed session's
   * processes, which this object's close must leave alone (its own CLI is already gone).
   */
  readonly current?: () => boolean;
  /** Releases Elwood-owned resources (hook server, and on teardown the session directory). */
  readonly release: (how: "stop" | "kill" | "teardown") => Promise<void>;
  /**
   * What must be done before the exit is announced (the transcript's final flush), shared with the io actor: the close's
   * terminal status follows this actor's done, so it waits for the same bounded pass.
   */
  readonly exitGate?: Pick<ExitGate, "pass">;
}

/** The input the root hands the actor: the launch-time runtime (opaque to the machine) and the close asked for. */
export interface EndProcessesInput {
  readonly runtime: EndProcessesRuntime;
  readonly as: ClosingAs;
}

const RELEASE: Readonly<Record<ClosingAs, "stop" | "kill" | "teardown">> = { stopped: "stop", killed: "kill", torn_down: "teardown" };

export async function endProcesses(runtime: EndProcessesRuntime, as: ClosingAs): Promise<void> {
  let reaped: boolean;
  if (as === "killed") reaped = await runtime.pty.kill();
  else {
    // Only a stop keeps the session for a resume; teardown removes it and kill is immediate by contract.
    if (as === "stopped") await runtime.beforeStop?.().catch(() => undefined);
    // Asked to exit first (SIGHUP, as closing a terminal window does), so the CLI removes its own sockets and temp
    // files (Claude's cc-socks/<pid>.sock survived every bare SIGKILL); SIGKILL follows after the grace. teardown's
    // grace is short.
    const graceMs = as === "torn_down" ? Math.min(runtime.stopGraceMs, runtime.teardownGraceMs) : runtime.stopGraceMs;
    reaped = await runtime.pty.stop({ graceMs });
  }
  // The CLI is gone (or outlived the reap): its last transcript records are read while the rest of the close runs.
  const flushed = runtime.exitGate?.pass();
  try {
    // The CLIs run hook commands in process groups of their own, so a hook still running at close escapes the group
    // SIGKILL; every process carrying this session's ELWOOD_SESSION_ID is reaped as well.
    if (runtime.current?.() !== false) await reapTagged("ELWOOD_SESSION_ID", runtime.elwoodSessionId).catch(() => false);
    // A group that outlived its reap still gets every later step (release, teardown's removal); then the close rejects,
    // and a later stop, kill or teardown reaps again.
    await runtime.release(RELEASE[as]);
  } finally {
    // Never rejects; a failed release still waits for it, so no terminal status comes ahead of the last records.
    await flushed;
  }
  if (!reaped) {
    const pgid = runtime.pty.pgid;
    throw new ElwoodError("termination_failed", "processes of the agent's process group outlived the reap", pgid === undefined ? {} : { processGroupId: pgid });
  }
}

/** Done once the processes are ended and the resources released; an error from release fails it (the close rejects). */
export const endProcessesLogic = fromPromise<void, EndProcessesInput>(({ input }) => endProcesses(input.runtime, input.as));
