// Who owns a session's on-disk state: the owning process's pid and start time, recorded so a later start can tell
// a live owner from a dead one (a reused pid has another start time).

import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeJsonAtomic } from "./state-dir.js";

export const OWNER_FILE = "owner.json";

export interface SessionOwner {
  readonly pid: number;
  /** Opaque start-time token of `pid` (Linux: clock ticks since boot; macOS: `ps` lstart); undefined if unreadable. */
  readonly startTime: string | undefined;
}

/** The start time of `pid`, or undefined when it is not running or cannot be read. */
export async function processStartTime(pid: number): Promise<string | undefined> {
  if (process.platform === "linux") {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      // Field 22 (starttime); the command name in field 2 may hold spaces and parentheses, so count from its end.
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    } catch {
      return undefined;
    }
  }
  return new Promise((resolve) => {
    execFile("ps", ["-o", "lstart=", "-p", String(pid)], { timeout: 5000 }, (error, stdout) => {
      const text = String(stdout).trim();
      resolve(error || text === "" ? undefined : text);
    });
  });
}

export async function currentOwner(): Promise<SessionOwner> {
  return { pid: process.pid, startTime: await processStartTime(process.pid) };
}

/** Records this process as the owner of `dir` (0600, atomic). */
export async function writeOwner(dir: string): Promise<void> {
  await writeJsonAtomic(join(dir, OWNER_FILE), await currentOwner());
}

/** Drops the owner record: the directory is kept on purpose and no sweep may take it. */
export async function releaseOwner(dir: string): Promise<void> {
  await rm(join(dir, OWNER_FILE), { force: true });
}

/** The recorded owner of `dir`; undefined when none was recorded (or the record is unreadable). */
export async function readOwner(dir: string): Promise<SessionOwner | undefined> {
  try {
    const raw = JSON.parse(await readFile(join(dir, OWNER_FILE), "utf8")) as Partial<SessionOwner>;
    if (typeof raw.pid !== "number" || !Number.isInteger(raw.pid) || raw.pid <= 0) return undefined;
    return { pid: raw.pid, startTime: typeof raw.startTime === "string" ? raw.startTime : undefined };
  } catch {
    return undefined;
  }
}

/** True while the recorded process still runs: the pid exists and, when both are known, has the same start time. */
export async function ownerAlive(owner: SessionOwner): Promise<boolean> {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  if (owner.startTime === undefined) return true;
  const now = await processStartTime(owner.pid);
  return now === undefined || now === owner.startTime;
}
