// `elwood sessions`: lists the stored sessions under the effective state dir (newest first), or rm/prune them; launches nothing.

import { usageError } from "./cli-error.js";
import type { OutputWriter } from "./output-writer.js";
import { SCHEMA_VERSION, type SessionsDocument } from "./output-documents.js";
import { sessionRows } from "./session-rows.js";
import { pruneSessions, removeSession } from "./sessions-remove.js";
import { table } from "./table.js";

export interface SessionsRequest {
  readonly stateDir: string;
  readonly output: string;
  readonly positionals: readonly string[];
  readonly olderThan: string | undefined;
  /** `--agent`: list only that agent's sessions. */
  readonly agent?: string | undefined;
}

export async function sessionsCommand(request: SessionsRequest, stdout: OutputWriter, stderr: OutputWriter): Promise<number> {
  const { stateDir, output, positionals } = request;
  if (output === "jsonl") throw usageError("elwood sessions writes text or json, not jsonl");
  const [action, ...args] = positionals;
  if (action === "rm") return removeSession(stateDir, output, args, stdout, stderr);
  if (action === "prune") return pruneSessions(stateDir, output, request.olderThan, args, stdout, stderr);
  if (request.olderThan !== undefined) throw usageError("--older-than belongs to 'elwood sessions prune'");
  if (action !== undefined) throw usageError(`unknown sessions action '${action}' (elwood sessions [rm <id> | prune --older-than <age>])`);
  const listed = await sessionRows(stateDir);
  const { skipped } = listed;
  const rows = request.agent === undefined ? listed.rows : listed.rows.filter((r) => r.agent === request.agent);
  for (const id of skipped) await stderr.write(`elwood: skipped session ${id}: its record is missing, unreadable or invalid\n`);
  if (output === "json") {
    const doc: SessionsDocument = { schemaVersion: SCHEMA_VERSION, type: "sessions", stateDir, sessions: rows };
    await stdout.write(`${JSON.stringify(doc)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    await stderr.write(`elwood: no sessions in ${stateDir}\n`);
    return 0;
  }
  await stdout.write(
    table(
      ["ID", "AGENT", "LIVE", "RESUMABLE", "LAST USED", "CREATED", "WORKSPACE"],
      rows.map((r) => [r.id, r.agent, r.live ? "yes" : "no", r.resumable ? "yes" : "no", r.lastUsedAt, r.createdAt, r.cwd]),
    ),
  );
  return 0;
}
