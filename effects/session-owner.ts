// Who owns a session's on-disk state: the owning process's pid and start time, recorded so a later start can tell
// a live owner from a dead one (a reused pid has another start time).

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { link, mkdir, open, readFile, rm, rmdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { ElwoodError } from "../src/contracts/errors.js";
import { writeJsonAtomic } from "./state-dir.js";

export const OWNER_FILE = "owner.json";
/** Held (mkdir is atomic) while one process takes over a dead owner's claim, so two contenders never both win. */
const TAKEOVER_LOCK = "owner.takeover";
/** A takeover lock older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 10_000;

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

/**
 * Claims `dir` for this process, exclusively across processes (resume): the owner record is published with
 * `link`, which fails when one exists, so it is either absent or complete. A live owner (this process too) rejects
 * `session_in_use`; a dead one (its process gone, or its pid reused) is taken over under a takeover lock, and a
 * contender that finds the lock held also gets `session_in_use`.
 */
export async function claimOwner(dir: string): Promise<void> {
  const me = await currentOwner();
  const target = join(dir, OWNER_FILE);
  const temp = join(dir, `.${OWNER_FILE}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(me)}\n`, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (await publish(temp, target)) return;
    // A live owner, this very process included (a session it still runs), keeps the session.
    const existing = await readOwner(dir);
    if (existing !== undefined && (await ownerAlive(existing))) throw inUse(existing);
    await takeOver(dir, temp, target, existing);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function publish(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function takeOver(dir: string, temp: string, target: string, seen: SessionOwner | undefined): Promise<void> {
  const lock = join(dir, TAKEOVER_LOCK);
  await dropStaleTakeoverLock(lock);
  try {
    await mkdir(lock, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw inUse(seen);
    throw error;
  }
  try {
    // Under the lock, look again: another contender may have taken over (and now lives) since we read it.
    const now = await readOwner(dir);
    if (now !== undefined && (await ownerAlive(now))) throw inUse(now);
    await rm(target, { force: true });
    if (!(await publish(temp, target))) throw inUse(await readOwner(dir));
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

async function dropStaleTakeoverLock(lock: string): Promise<void> {
  try {
    const info = await stat(lock);
    if (Date.now() - info.mtimeMs > TAKEOVER_STALE_MS) await rmdir(lock);
  } catch {
    // Absent, or already gone.
  }
}

function inUse(owner: SessionOwner | undefined): ElwoodError {
  const pid = owner?.pid;
  return new ElwoodError("session_in_use", "another live process holds this session", pid === undefined ? {} : { pid });
}
