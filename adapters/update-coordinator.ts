// At most one CLI update per parent process per adapter, serialized across the user's processes by the update lease.
import { acquireUpdateLease } from "../effects/update-lease.js";
import { updateLeaseRoot, updateLeaseWaitMs } from "../effects/update-lease-root.js";
import type { AgentUpdateErrorCode } from "../src/contracts/public-types.js";
import type { UpdateAttempt } from "./agent-update.js";

/**
 * What a start learns: `updated` (the update ran and succeeded, or a peer process ran it while we waited),
 * `failed` (ours failed, or a peer held the lease for the whole wait: `update_active`), or `done_before` (an
 * earlier start of this process made the attempt; nothing ran for this one and nothing is reported again).
 */
export type UpdateReport =
  | { readonly kind: "updated" }
  | { readonly kind: "failed"; readonly errorCode: AgentUpdateErrorCode; readonly exitStatus?: number; readonly stderr?: string }
  | { readonly kind: "done_before" };

interface Attempt {
  readonly report: Promise<UpdateReport>;
  settled: boolean;
}

const attempts = new Map<string, Attempt>();

/**
 * Run `run` for `adapter` once per process: concurrent callers share the attempt and its report; callers after it
 * settled get `done_before`. The attempt never rejects (a failure is a report, so no start is poisoned by it), and
 * `clearCaches` runs after it whatever happened, before any caller re-reads the version.
 */
export function coordinatedUpdate(adapter: string, run: () => Promise<UpdateAttempt>, clearCaches: () => void): Promise<UpdateReport> {
  const existing = attempts.get(adapter);
  if (existing?.settled) return Promise.resolve({ kind: "done_before" });
  if (existing) return existing.report;
  const attempt: Attempt = {
    report: attemptOnce(adapter, run).finally(() => {
      clearCaches();
      attempt.settled = true;
    }),
    settled: false,
  };
  attempts.set(adapter, attempt);
  return attempt.report;
}

async function attemptOnce(adapter: string, run: () => Promise<UpdateAttempt>): Promise<UpdateReport> {
  let lease;
  try {
    lease = await acquireUpdateLease(adapter, { root: updateLeaseRoot(), waitMs: updateLeaseWaitMs() });
  } catch {
    // No usable cache directory: update uncoordinated rather than not at all (the update is best-effort anyway).
    lease = undefined;
  }
  if (lease?.kind === "waited") return { kind: "updated" };
  if (lease?.kind === "timed_out") return { kind: "failed", errorCode: "update_active" };
  try {
    const outcome = await run().catch((): UpdateAttempt => ({ ok: false, errorCode: "spawn_failed", stderr: "" }));
    if (outcome.ok) return { kind: "updated" };
    return {
      kind: "failed",
      errorCode: outcome.errorCode,
      ...(outcome.exitStatus === undefined ? {} : { exitStatus: outcome.exitStatus }),
      stderr: outcome.stderr,
    };
  } finally {
    await lease?.release().catch(() => undefined);
  }
}

/** Forget this process's attempts (tests: each case starts as a fresh parent process would). */
export function forgetUpdateAttempts(): void {
  attempts.clear();
}
