// deleteSession: removes one stored session's Elwood state (never the agent CLI's own files); refuses a live session.

import { resolve } from "node:path";
import { deleteSessionState } from "../effects/session-delete.js";

export interface DeleteSessionOptions {
  readonly elwoodSessionId: string;
  /** The store (default: `<cwd>/.elwood`). */
  readonly stateDir?: string;
  /** Locates the default store; default `process.cwd()`. */
  readonly cwd?: string;
}

/**
 * Deletes the session's private directory under its owner claim. Rejects `state_not_found` for an unknown id,
 * `session_in_use` while a process runs it, `invalid_argument` for a malformed id and `state_corrupt` for a link on
 * the way. The agent's own conversation (Claude's or Codex's files) stays where the agent keeps it.
 */
export async function deleteSession(options: DeleteSessionOptions): Promise<void> {
  await deleteSessionState({ elwoodSessionId: options.elwoodSessionId, stateDir: options.stateDir, cwd: resolve(options.cwd ?? process.cwd()) });
}
