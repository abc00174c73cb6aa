// How each way of closing ends a session's processes: the CLI's group, hook commands outside it, Elwood's files.

import { reapTagged } from "../effects/pty/tagged-processes.js";
import type { ClosingAs } from "./contracts/readiness.js";
import { TEARDOWN_GRACE_MS } from "./session-defaults.js";
import type { SessionRuntime } from "./session-types.js";

const RELEASE: Readonly<Record<ClosingAs, "stop" | "kill" | "teardown">> = { stopped: "stop", killed: "kill", torn_down: "teardown" };

export async function endProcesses(runtime: Pick<SessionRuntime, "pty" | "stopGraceMs" | "elwoodSessionId" | "release">, as: ClosingAs): Promise<void> {
  if (as === "killed") await runtime.pty.kill();
  else {
    // Asked to exit first (SIGHUP, as closing a terminal window does), so the CLI removes its own sockets and temp
    // files (Claude's cc-socks/<pid>.sock survived every bare SIGKILL); SIGKILL follows after the grace. teardown's
    // grace is short.
    const graceMs = as === "torn_down" ? Math.min(runtime.stopGraceMs, TEARDOWN_GRACE_MS) : runtime.stopGraceMs;
    await runtime.pty.stop({ graceMs });
  }
  // The CLIs run hook commands in process groups of their own, so a hook still running at close escapes the group
  // SIGKILL; every process carrying this session's ELWOOD_SESSION_ID is reaped as well.
  await reapTagged("ELWOOD_SESSION_ID", runtime.elwoodSessionId).catch(() => false);
  await runtime.release(RELEASE[as]);
}
