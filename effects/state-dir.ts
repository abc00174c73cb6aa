// Elwood-owned on-disk state: store root resolution, private session directories, safe removal, atomic JSON writes.
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep, isAbsolute } from "node:path";
import { ElwoodError, isElwoodError, type ElwoodErrorCode } from "../src/contracts/errors.js";

/** Default store directory name inside the project: `<cwd>/.elwood/`. */
export const DEFAULT_STORE_NAME = ".elwood";
/** Sub-directory holding one private directory per session (the name is Elwood's own choice). */
export const SESSIONS_DIR_NAME = "sessions";
/**
 * Content of the `.gitignore` created in the DEFAULT root only. The marker line lets teardown recognise
 * the file as Elwood's own and remove it with an otherwise empty store, leaving the project as it was.
 */
export const GENERATED_GITIGNORE = "# Created by Elwood: session state is private and never committed.\n*\n";

export interface StoreLocation {
  /** Custom store; relative values resolve against the process cwd at call time. */
  readonly stateDir?: string | undefined;
  /** The session's project directory; the default store lives inside it. */
  readonly cwd: string;
}

export interface SessionLocation extends StoreLocation {
  readonly elwoodSessionId: string;
}

/** Absolute store root: the resolved `stateDir`, else `<cwd>/.elwood`. */
export function resolveStateRoot(location: StoreLocation): string {
  return location.stateDir !== undefined ? resolve(location.stateDir) : join(resolve(location.cwd), DEFAULT_STORE_NAME);
}

/** Session ids are opaque single path components: no separators, traversal, NUL or absolute paths. */
export function sessionIdProblem(id: unknown): string | undefined {
  if (typeof id !== "string" || id === "") return "must be a non-empty string";
  if (id === "." || id === "..") return "must not be a traversal segment";
  if (id.includes("/") || id.includes("\\") || id.includes("\0")) return "must not contain path separators or NUL";
  if (isAbsolute(id)) return "must not be an absolute path";
  if (Buffer.byteLength(id, "utf8") > 200) return "is too long";
  return undefined;
}

/** `<root>/sessions/<id>`; rejects invalid ids (never throws). */
export function sessionDirPath(location: SessionLocation): string | ElwoodError {
  const problem = sessionIdProblem(location.elwoodSessionId);
  if (problem) return new ElwoodError("invalid_argument", `elwoodSessionId ${problem}`, { option: "elwoodSessionId" });
  return join(resolveStateRoot(location), SESSIONS_DIR_NAME, location.elwoodSessionId);
}

/**
 * The session directory's path once the way to it is safe: an invalid id rejects `invalid_argument`; a symlink or
 * non-directory at the root, the sessions directory or the session directory (or a planted symlinked ancestor)
 * rejects `state_corrupt`. Nothing is created; absent directories are fine.
 */
export async function checkedSessionDirPath(location: SessionLocation): Promise<string> {
  const dir = sessionDirPath(location);
  if (dir instanceof ElwoodError) throw dir;
  const root = resolveStateRoot(location);
  await assertSafeAncestors(root, resolve(location.cwd));
  for (const path of [root, join(root, SESSIONS_DIR_NAME), dir]) await assertDirOrAbsent(path);
  return dir;
}

/**
 * Create (or re-open, for resume) the session's private 0700 directory and return its path.
 * Symlinks at the root, the sessions directory or the session directory — and user-owned or
 * in-project symlinked ancestors — reject with `state_corrupt` before anything is created or chmod'ed.
 */
export async function createSessionDir(location: SessionLocation): Promise<string> {
  const dir = await checkedSessionDirPath(location);
  const root = resolveStateRoot(location);
  const sessions = join(root, SESSIONS_DIR_NAME);
  try {
    await mkdir(root, { recursive: true });
    if (location.stateDir === undefined) await createGitignoreIfAbsent(root);
    await ensurePrivateDir(sessions);
    await ensurePrivateDir(dir);
  } catch (error) {
    throw asElwoodError(error, "start_failed", "could not create the Elwood session directory", dir);
  }
  return dir;
}

/**
 * Remove exactly one session's directory (teardown). The path is derived from the location, so
 * nothing outside the store can be named; a symlink anywhere on the way rejects with `state_corrupt`
 * without touching its target. Afterwards an empty sessions directory goes, and a default store left
 * holding only Elwood's own `.gitignore` goes too. Absent directories are fine (idempotent).
 */
export async function removeSessionDir(location: SessionLocation): Promise<void> {
  const dir = await checkedSessionDirPath(location);
  const root = resolveStateRoot(location);
  const sessions = join(root, SESSIONS_DIR_NAME);
  try {
    await rm(dir, { recursive: true, force: true });
    await rmdirIfEmpty(sessions);
    if (location.stateDir === undefined) await pruneDefaultRoot(root);
  } catch (error) {
    throw asElwoodError(error, "teardown_failed", "could not remove the Elwood session directory", dir);
  }
}

/**
 * Write JSON crash-safely: a fresh 0600 temp file in the same directory (exclusive create, so never
 * through a planted link), fsync, rename over the target, fsync the directory. A symlink or
 * non-regular file at the target rejects with `state_corrupt`.
 */
export async function writeJsonAtomic(path: string, value: unknown, errorName: ElwoodErrorCode = "start_failed"): Promise<void> {
  const existing = await lstatOrUndefined(path);
  if (existing && !existing.isFile()) {
    throw new ElwoodError("state_corrupt", `refusing to replace ${path}: not a regular file`, { path });
  }
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    await fsyncDir(dir);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw asElwoodError(error, errorName, `could not write ${basename(path)}`, path);
  }
}

async function ensurePrivateDir(path: string): Promise<void> {
  try {
    await mkdir(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // Verify through a no-follow descriptor before changing modes, so a swapped-in link is never chmod'ed.
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR") throw corrupt(path, "is not a real directory");
    throw error;
  }
  try {
    const info = await handle.stat();
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) throw corrupt(path, "is owned by another user");
    if ((info.mode & 0o077) !== 0) await handle.chmod(0o700);
  } finally {
    await handle.close();
  }
}

async function createGitignoreIfAbsent(root: string): Promise<void> {
  try {
    // O_EXCL: an existing file (or a planted link) is never overwritten or followed.
    await writeFile(join(root, ".gitignore"), GENERATED_GITIGNORE, { flag: "wx", mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

async function pruneDefaultRoot(root: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (entries.length > 1 || (entries.length === 1 && entries[0] !== ".gitignore")) return;
  if (entries.length === 1) {
    const gitignore = join(root, ".gitignore");
    const info = await lstatOrUndefined(gitignore);
    if (!info?.isFile()) return;
    if ((await readFile(gitignore, "utf8")) !== GENERATED_GITIGNORE) return;
    await unlink(gitignore);
  }
  await rmdirIfEmpty(root);
}

async function rmdirIfEmpty(path: string): Promise<void> {
  try {
    await rmdir(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
  }
}

/** A symlink or non-directory where a store directory belongs is unsafe state. */
async function assertDirOrAbsent(path: string): Promise<void> {
  const info = await lstatOrUndefined(path);
  if (!info) return;
  if (info.isSymbolicLink()) throw corrupt(path, "is a symbolic link");
  if (!info.isDirectory()) throw corrupt(path, "is not a directory");
}

/**
 * Symlinked ancestors of the store root are refused when they could be planted: inside the project
 * (below `cwd`) or owned by the current (non-root) user. Root-owned aliases such as macOS `/tmp` pass.
 */
async function assertSafeAncestors(root: string, cwd: string): Promise<void> {
  const uid = process.getuid?.();
  let current = dirname(root);
  for (;;) {
    const info = await lstatOrUndefined(current);
    if (info?.isSymbolicLink()) {
      const insideProject = isStrictlyInside(current, cwd);
      const userOwned = uid !== undefined && uid !== 0 && info.uid === uid;
      if (insideProject || userOwned) throw corrupt(current, "is a symbolic link on the way to the state directory");
    }
    const parent = dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function isStrictlyInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(`..${sep}`);
}

async function lstatOrUndefined(path: string): Promise<Awaited<ReturnType<typeof lstat>> | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw asElwoodError(error, "state_corrupt", `cannot inspect ${path}`, path);
  }
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Directory fsync is unsupported on some file systems; the rename is still atomic.
  }
}

function corrupt(path: string, why: string): ElwoodError {
  return new ElwoodError("state_corrupt", `unsafe Elwood state path: ${path} ${why}`, { path });
}

function asElwoodError(error: unknown, name: ElwoodErrorCode, message: string, path: string): ElwoodError {
  if (isElwoodError(error)) return error;
  const e = error as NodeJS.ErrnoException;
  return new ElwoodError(name, `${message}: ${e.message}`, {
    cause: e.message,
    ...(e.code ? { errno: e.code } : {}),
    ...(e.syscall ? { syscall: e.syscall } : {}),
    path: e.path ?? path,
  });
}
