// `elwood sessions`: the stored sessions under the effective state dir, newest first; reads no prompt, launches nothing.

import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { listSessions } from "../src/index.js";
import { usageError } from "./cli-error.js";
import type { OutputWriter } from "./output-writer.js";
import { SCHEMA_VERSION, type SessionRow, type SessionsDocument } from "./output-documents.js";
import { sessionIsLive } from "./session-live.js";
import { table } from "./table.js";

/** The rows, and the ids of session directories whose record could not be read (skipped, never fatal). */
export async function sessionRows(stateDir: string): Promise<{ rows: SessionRow[]; skipped: string[] }> {
  const rows: SessionRow[] = [];
  const records = await listSessions({ stateDir });
  const listed = new Set(records.map((r) => r.elwoodSessionId));
  const skipped = (await readdir(join(stateDir, "sessions")).catch(() => [] as string[])).filter((id) => !listed.has(id) && !id.startsWith(".")).sort();
  for (const record of records) {
    // The documented store layout: <stateDir>/sessions/<id>/session.json.
    const dir = join(stateDir, "sessions", record.elwoodSessionId);
    const [dirStat, fileStat, live] = await Promise.all([stat(dir).catch(() => undefined), stat(join(dir, "session.json")).catch(() => undefined), sessionIsLive(dir)]);
    if (!dirStat || !fileStat) continue;
    rows.push({
      id: record.elwoodSessionId,
      agent: record.adapter,
      cwd: record.cwd,
      createdAt: new Date(dirStat.birthtimeMs > 0 ? dirStat.birthtimeMs : dirStat.ctimeMs).toISOString(),
      lastUsedAt: fileStat.mtime.toISOString(),
      resumable: record.resume.conversationId !== null,
      live,
    });
  }
  return { rows: rows.sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || a.id.localeCompare(b.id)), skipped };
}

export async function sessionsCommand(stateDir: string, output: string, positionals: readonly string[], stdout: OutputWriter, stderr: OutputWriter): Promise<number> {
  if (output === "jsonl") throw usageError("elwood sessions writes text or json, not jsonl");
  if (positionals.length > 0) throw usageError(`elwood sessions takes no prompt words (got '${positionals[0]}')`);
  const { rows, skipped } = await sessionRows(stateDir);
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
