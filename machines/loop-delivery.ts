// What the session root decides about its loops (B §6.7), as pure functions over its loop table: which due loop is
// delivered next, the op that carries its prompt through the control queue, and whether delivery may happen now.

import type { ElwoodLoopState } from "../src/contracts/loop.js";
import type { LoopDefinition } from "../src/contracts/loop-sidecar.js";
import type { SessionStatus } from "../src/contracts/public-types.js";
import type { QueueRequest } from "./control-queue.js";
import { sanitizeSubmissionText } from "./sanitize.js";

/** One live loop as the root tracks it: its definition, the state its child last reported, and its due time. */
export interface LoopEntry {
  readonly definition: LoopDefinition;
  readonly state: ElwoodLoopState;
  /** While `scheduled`: when it will be due. */
  readonly nextDueAt?: number;
  /** While `due`: the time it became due (`scheduledDueAt` of its `fired` event). */
  readonly dueAt?: number;
}

/** The one loop prompt in the control queue (at most one at a time: one committed turn per ready transition). */
export interface LoopOp {
  readonly loopId: string;
  readonly opId: string;
  readonly entered: boolean;
}

/** Loop ops are named so the root tells them from the caller's ops; the prefix never collides with a UUID. */
const LOOP_OP_PREFIX = "loop:";

/** The due loop delivered next: the earliest due time, then the stable id. */
export function nextDueLoop(loops: Readonly<Record<string, LoopEntry>>): LoopEntry | undefined {
  let best: LoopEntry | undefined;
  for (const entry of Object.values(loops)) {
    if (entry.state !== "due") continue;
    const due = entry.dueAt ?? 0;
    const bestDue = best?.dueAt ?? 0;
    if (best === undefined || due < bestDue || (due === bestDue && entry.definition.id < best.definition.id)) best = entry;
  }
  return best;
}

/**
 * Whether a due loop may enter the queue now: the session is ready, no loop prompt is in the queue already, and no
 * caller turn (`send` / `stream`) holds loop delivery.
 */
export function mayDeliverLoop(status: SessionStatus, loopOp: LoopOp | null, holds: readonly string[]): boolean {
  return status === "ready" && loopOp === null && holds.length === 0;
}

/** The readiness-waiting message op that submits a loop's prompt, exactly like `sendMessage` would. */
export function loopSubmission(entry: LoopEntry, seq: number): QueueRequest {
  return {
    opId: `${LOOP_OP_PREFIX}${entry.definition.id}:${seq}`,
    kind: "message",
    consumesReady: true,
    text: sanitizeSubmissionText(entry.definition.message),
    framing: "paste",
  };
}
