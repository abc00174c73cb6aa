// The kept sessions of a store as listing rows (times from the directory and the record file, live from the owner).

import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { listSessions } from "../src/index.js";
import type { SessionRow } from "./output-documents.js";
import { sessionIsLive } from "./session-live.js";

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
