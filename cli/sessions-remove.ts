// `elwood sessions rm <id>` and `elwood sessions prune --older-than <age>`: delete kept sessions' Elwood state only.

import { deleteSession, isElwoodError } from "../src/index.js";
import { parseAge } from "./age.js";
import { usageError } from "./cli-error.js";
import { asCliError } from "./exit-status.js";
import { SCHEMA_VERSION, type SessionsRemovedDocument } from "./output-documents.js";
import type { OutputWriter } from "./output-writer.js";
import { sessionRows } from "./session-rows.js";

type Kept = SessionsRemovedDocument["kept"][number];

async function report(stateDir: string, output: string, removed: readonly string[], kept: readonly Kept[], stdout: OutputWriter, stderr: OutputWriter): Promise<void> {
  if (output === "json") {
    const doc: SessionsRemovedDocument = { schemaVersion: SCHEMA_VERSION, type: "sessionsRemoved", stateDir, removed: [...removed], kept: [...kept] };
    await stdout.write(`${JSON.stringify(doc)}\n`);
  } else for (const id of removed) await stdout.write(`${id}\n`);
  for (const k of kept) await stderr.write(`elwood: kept session ${k.id}: ${k.error.message}\n`);
}

/** One id; an unknown one is `state_not_found`, a live one `session_in_use` (both thrown: the command's failure). */
export async function removeSession(stateDir: string, output: string, args: readonly string[], stdout: OutputWriter, stderr: OutputWriter): Promise<number> {
  const [id, ...extra] = args;
  if (id === undefined) throw usageError("'elwood sessions rm' needs a session id: elwood sessions rm <id> (elwood sessions lists them)");
  if (extra.length > 0) throw usageError(`elwood sessions rm takes one session id (got also '${extra[0]}')`);
  await deleteSession({ elwoodSessionId: id, stateDir });
  await report(stateDir, output, [id], [], stdout, stderr);
  return 0;
}

/** Every stored session last used longer ago than the age; live ones are kept (and said so), never an error. */
export async function pruneSessions(stateDir: string, output: string, olderThan: string | undefined, args: readonly string[], stdout: OutputWriter, stderr: OutputWriter): Promise<number> {
  if (olderThan === undefined) throw usageError("'elwood sessions prune' needs --older-than <N>ms|s|m|h|d");
  const age = parseAge(olderThan);
  if (age === undefined) throw usageError(`--older-than must be a positive whole number with ms, s, m, h or d (got '${olderThan}')`);
  if (args.length > 0) throw usageError(`elwood sessions prune takes no session ids (got '${args[0]}'); elwood sessions rm <id> removes one`);
  const cutoff = Date.now() - age;
  const removed: string[] = [];
  const kept: Kept[] = [];
  let failed = false;
  for (const row of (await sessionRows(stateDir)).rows) {
    if (Date.parse(row.lastUsedAt) >= cutoff) continue;
    try {
      await deleteSession({ elwoodSessionId: row.id, stateDir });
      removed.push(row.id);
    } catch (error) {
      const e = asCliError(error);
      // A live session is in use, not a failure of the prune; anything else is.
      if (!(isElwoodError(error) && error.code === "session_in_use")) failed = true;
      kept.push({ id: row.id, error: { code: e.code, message: e.message } });
    }
  }
  await report(stateDir, output, removed, kept, stdout, stderr);
  return failed ? 1 : 0;
}
