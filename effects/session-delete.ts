// Deletes one stored session's Elwood state (its private directory only; never the agent CLI's own files), under the
// same exclusive owner claim a resume takes, so a live session is refused and none can start while it goes.

import { lstat } from "node:fs/promises";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import { recoverConfigJournal } from "./config-journal.js";
import { recordPath } from "./session-record.js";
import { claimOwner, releaseOwner } from "./session-owner.js";
import { checkedSessionDirPath, removeSessionDir, type SessionLocation } from "./state-dir.js";

/**
 * An invalid id rejects `invalid_argument`; no directory or no record file `state_not_found` (a directory without a
 * record may be a session starting right now); a live owner `session_in_use`; a link on the way `state_corrupt`.
 * A record that exists but does not read (corrupt) is deleted like any other: removing it is the remedy.
 * A Codex config.toml the dead session journalled is put back first (the start-time sweep's recovery); a journal that
 * cannot be restored keeps the session (`teardown_failed`), so the user's file is never left without its snapshot.
 */
export async function deleteSessionState(location: SessionLocation): Promise<void> {
  const dir = await checkedSessionDirPath(location);
  const record = await lstat(recordPath(dir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
    throw new ElwoodError("state_corrupt", `cannot inspect the record of session ${location.elwoodSessionId}: ${error.message}`, { ...(error.code ? { errno: error.code } : {}) });
  });
  if (record === undefined) throw new ElwoodError("state_not_found", `no stored session '${location.elwoodSessionId}'`, { elwoodSessionId: location.elwoodSessionId });
  await claimOwner(dir).catch((error: unknown) => {
    if (!isElwoodError(error) || error.code !== "session_in_use") throw error;
    const pid = (error.details as { pid?: number }).pid;
    throw new ElwoodError("session_in_use", `session ${location.elwoodSessionId} is live${pid === undefined ? "" : ` (pid ${pid})`}: stop it before deleting it`, pid === undefined ? {} : { pid });
  });
  try {
    const restored = await recoverConfigJournal(dir);
    if (restored?.kind === "failed") {
      throw new ElwoodError("teardown_failed", `session ${location.elwoodSessionId} journalled a CLI config file that could not be put back (${restored.cause}); kept`, {
        cause: restored.cause,
      });
    }
    await removeSessionDir(location);
  } catch (error) {
    // Kept after all: nobody owns it (this process's claim would read as live until it exits).
    await releaseOwner(dir).catch(() => undefined);
    throw error;
  }
}
