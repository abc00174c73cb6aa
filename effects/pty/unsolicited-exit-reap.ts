// After the CLI exits on its own, ends whatever its process group left running and reports a reap that failed.

import type { IoReapFailedEvent } from "../../src/contracts/events.js";
import type { AgentPty } from "./agent-pty.js";

/**
 * Runs once the exit was announced (the terminal status comes first). An exit Elwood asked for (stop, kill, teardown)
 * is left to the close that asked: its reap already ran, and its failure rejects that close instead of warning.
 */
export async function reapAfterUnsolicitedExit(pty: Pick<AgentPty, "pgid" | "signalledByElwood" | "reapSurvivors">): Promise<IoReapFailedEvent | undefined> {
  if (pty.signalledByElwood) return undefined;
  const outcome = await pty.reapSurvivors();
  return outcome.reaped ? undefined : { type: "io.reapFailed", processGroupId: pty.pgid, errorCode: outcome.errorCode };
}
