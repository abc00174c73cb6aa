// Codex config.toml snapshot and compare-and-swap restore around a picker switch, under a process-wide lock:
// the picker's own write of root `model` / `model_reasoning_effort` is undone, any other edit is left alone.

import { randomUUID } from "node:crypto";
import { chmod, open, readFile, realpath, rename, rm, stat } from "node:fs/promises";
import { ProcessLock } from "./process-lock.js";

/** One lock for every session in this process whose picker writes a config file (cross-process races are an accepted limitation). */
export const configFileLock = new ProcessLock();

/** Root-level keys the Codex picker writes. */
export const PICKER_KEYS = ["model", "model_reasoning_effort"] as const;

export interface ConfigSnapshot {
  readonly path: string;
  /** null when the file did not exist. */
  readonly content: string | null;
  /** Permission bits when snapshotted (the restore keeps them); absent when the file did not exist. */
  readonly mode?: number;
}

export type RestoreOutcome =
  | { readonly kind: "unchanged" }
  | { readonly kind: "restored" }
  /** Something besides the picker keys changed (a concurrent edit): the file was left as the CLI wrote it. */
  | { readonly kind: "conflict" }
  | { readonly kind: "failed"; readonly cause: string };

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function snapshotConfig(path: string): Promise<ConfigSnapshot> {
  const content = await readOrNull(path);
  if (content === null) return { path, content };
  return { path, content, mode: (await stat(path)).mode & 0o777 };
}

/** Where a write to `path` lands: a symlinked config.toml (dotfile managers) is written through to its target. */
async function writeTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return path;
    throw error;
  }
}

const ROOT_KEY = new RegExp(`^\\s*(?:${PICKER_KEYS.join("|")})\\s*=`);
const TABLE_HEADER = /^\s*\[/;

/**
 * The file without root-level picker keys, for the compare half of the compare-and-swap. Keys inside a
 * table (`[profiles.x] model = …`) are not the picker's and stay part of the comparison.
 */
export function withoutPickerKeys(content: string | null): string {
  if (content === null) return "";
  const out: string[] = [];
  let root = true;
  for (const line of content.split(/\r?\n/)) {
    if (TABLE_HEADER.test(line)) root = false;
    if (root && ROOT_KEY.test(line)) continue;
    out.push(line);
  }
  return out.join("\n").replace(/\s+$/, "");
}

/**
 * Atomically puts `content` back (or removes a file that did not exist before): a sibling temp file of the real
 * target, with the snapshotted mode, fsynced, then renamed over it, so a symlink stays a symlink (C-CODEX-14).
 */
async function putBack(snapshot: ConfigSnapshot): Promise<void> {
  if (snapshot.content === null) {
    await rm(snapshot.path, { force: true });
    return;
  }
  const target = await writeTarget(snapshot.path);
  const mode = snapshot.mode ?? 0o600;
  const temp = `${target}.elwood-${randomUUID()}.tmp`;
  try {
    const handle = await open(temp, "wx", mode);
    try {
      await handle.writeFile(snapshot.content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // The umask may have narrowed the creation mode.
    await chmod(temp, mode);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
}

/** Restores the snapshot iff the file differs from it only in the root picker keys. */
export async function restoreConfig(snapshot: ConfigSnapshot): Promise<RestoreOutcome> {
  try {
    const now = await readOrNull(snapshot.path);
    if (now === snapshot.content) return { kind: "unchanged" };
    if (withoutPickerKeys(now) !== withoutPickerKeys(snapshot.content)) return { kind: "conflict" };
    await putBack(snapshot);
    return { kind: "restored" };
  } catch (error) {
    return { kind: "failed", cause: String(error) };
  }
}

/**
 * Restore after an apply that makes the CLI write its choice (Codex 0.144 Enter): the CLI persists asynchronously,
 * often after the picker has closed, so an "unchanged" file is re-checked until the write lands or `waitMs` passes.
 */
export async function restoreConfigAfterWrite(snapshot: ConfigSnapshot, waitMs: number, pollMs = 50): Promise<RestoreOutcome> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const outcome = await restoreConfig(snapshot);
    if (outcome.kind !== "unchanged" || Date.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
