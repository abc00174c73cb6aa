// The loop sidecar on disk (B §10.4): one session's loop definitions, read with the record's private-file checks and
// written rename-atomically (0600, fsync), one write at a time so the file always holds the latest list.

import { unlink } from "node:fs/promises";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import { parseLoopSidecar, serializeLoopSidecar, type LoopDefinition } from "../src/contracts/loop-sidecar.js";
import { loopSidecarPath, readPrivateFile } from "./session-record.js";
import { writeJsonAtomic } from "./state-dir.js";

/**
 * The definitions a session directory holds: none without a sidecar; `state_corrupt` for a link, another user's
 * file, group/world bits or anything Elwood would not have written (nothing is restored or run from it).
 */
export async function readLoopSidecar(sessionDir: string, elwoodSessionId: string): Promise<LoopDefinition[]> {
  let text: string;
  try {
    text = await readPrivateFile(loopSidecarPath(sessionDir), elwoodSessionId);
  } catch (error) {
    if (isElwoodError(error, "state_not_found")) return [];
    throw error;
  }
  const parsed = parseLoopSidecar(text);
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

export class LoopSidecarStore {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly sessionDir: string) {}

  /** Persists exactly `definitions` (an empty list removes the file: absent means no loops). */
  save(definitions: readonly LoopDefinition[]): Promise<void> {
    const snapshot = [...definitions];
    return this.enqueue(() => (snapshot.length === 0 ? this.remove() : writeJsonAtomic(loopSidecarPath(this.sessionDir), JSON.parse(serializeLoopSidecar(snapshot)), "loop_persistence_failed")));
  }

  /** Removes the sidecar (kill): a later resume has no loops. */
  clear(): Promise<void> {
    return this.enqueue(() => this.remove());
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.chain.catch(() => undefined).then(write);
    this.chain = next;
    return next;
  }

  private async remove(): Promise<void> {
    const path = loopSidecarPath(this.sessionDir);
    try {
      await unlink(path);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === "ENOENT") return;
      throw new ElwoodError("loop_persistence_failed", "could not remove the loop sidecar", { cause: e.message, ...(e.code ? { errno: e.code } : {}), path });
    }
  }
}
