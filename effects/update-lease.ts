// Cross-process update lease per user and adapter: an atomically published directory naming its owner (pid + generation).
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { processState } from "./pty/process-group.js";
import { sweepLeaseLeftovers } from "./update-lease-leftovers.js";

/** How long a contender waits for another process's update before giving up with `update_active`. */
export const DEFAULT_LEASE_WAIT_MS = 60_000;
/** Age past which an ownerless (unreadable) lease or an abandoned recovery claim is recovered. Never applied to a live owner. */
export const LEASE_STALE_MS = 30_000;
const POLL_MS = 250;
const OWNER_FILE = "owner.json";

export interface LeaseOptions {
  /** The per-user directory holding every adapter's lease. */
  readonly root: string;
  readonly waitMs?: number;
  readonly staleMs?: number;
  readonly pollMs?: number;
  /** Called before each poll wait (tests: act at the moment a contender is known to be waiting). */
  readonly onWait?: () => void;
}

/**
 * `owner`: this process holds the lease and must run the update, then `release()`. `waited`: another live owner
 * held it and released within the bound (its update ran; ours is skipped). `timed_out`: a live owner still holds it.
 */
export type LeaseOutcome =
  | { readonly kind: "owner"; readonly release: () => Promise<void> }
  | { readonly kind: "waited" }
  | { readonly kind: "timed_out" };

/** Generations this process holds now: a lease naming our own pid with any other generation is a dead predecessor's. */
const heldHere = new Set<string>();

type LeaseState =
  | { readonly kind: "absent" }
  | { readonly kind: "live" }
  | { readonly kind: "dead"; readonly generation: string }
  | { readonly kind: "unknown"; readonly ageMs: number };

function errnoOf(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

function leasePath(root: string, adapter: string): string {
  return join(root, `${adapter}.lease`);
}

async function readOwner(dir: string): Promise<{ pid: number; generation: string } | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, OWNER_FILE), "utf8")) as { pid?: unknown; generation?: unknown };
    if (typeof parsed.pid === "number" && Number.isInteger(parsed.pid) && parsed.pid > 0 && typeof parsed.generation === "string") {
      return { pid: parsed.pid, generation: parsed.generation };
    }
  } catch {
    /* missing or torn: unreadable */
  }
  return undefined;
}

async function inspect(lease: string): Promise<LeaseState> {
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(lease)).mtimeMs;
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return { kind: "absent" };
    // Cannot even look at it: treat as someone else's and wait.
    return { kind: "live" };
  }
  const owner = await readOwner(lease);
  // An unreadable record may belong to a live owner: never dead, only stale after the age bound.
  if (owner === undefined) return { kind: "unknown", ageMs: Date.now() - mtimeMs };
  const alive = owner.pid === process.pid ? heldHere.has(owner.generation) : processState(owner.pid) === "alive";
  return alive ? { kind: "live" } : { kind: "dead", generation: owner.generation };
}

/** Retire a lease: rename it aside first (so the lease name is free at once), then delete; in place if the rename fails. */
async function retire(root: string, adapter: string, lease: string): Promise<void> {
  const retired = join(root, `${adapter}.retired-${randomUUID()}`);
  try {
    await rename(lease, retired);
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return;
    await rm(lease, { recursive: true, force: true });
    return;
  }
  await rm(retired, { recursive: true, force: true });
}

/**
 * Remove a dead owner's (or a stale ownerless) lease. Serialized by an exclusive recovery directory, and the
 * state is read again under it, so two recoverers cannot remove a successor's fresh lease.
 */
async function recover(root: string, adapter: string, lease: string, seen: LeaseState, staleMs: number): Promise<boolean> {
  const guard = `${lease}.recovering`;
  try {
    await mkdir(guard);
  } catch (error) {
    if (errnoOf(error) !== "EEXIST") return false;
    // A recoverer that died mid-recovery leaves its guard behind; it is only as old as the stale bound allows.
    const age = await stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age <= staleMs) return false;
    await rmdir(guard).catch(() => undefined);
    return true;
  }
  try {
    const now = await inspect(lease);
    const sameDead = seen.kind === "dead" && now.kind === "dead" && now.generation === seen.generation;
    const stillStale = seen.kind === "unknown" && now.kind === "unknown" && now.ageMs > staleMs;
    if (sameDead || stillStale) await retire(root, adapter, lease);
    return true;
  } finally {
    await rmdir(guard).catch(() => undefined);
  }
}

/** Publish a lease naming us: stage the owner record in a private directory, then rename it into place. */
async function tryClaim(root: string, adapter: string, lease: string, generation: string): Promise<boolean> {
  // An existing lease directory, even an empty one (rename would replace it), is never claimed over.
  if ((await inspect(lease)).kind !== "absent") return false;
  const staging = await mkdtemp(join(root, `${adapter}.staging-${process.pid}-`));
  try {
    await writeFile(join(staging, OWNER_FILE), JSON.stringify({ pid: process.pid, generation }), { mode: 0o600 });
    await rename(staging, lease);
    return true;
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    const code = errnoOf(error);
    if (code === "ENOTEMPTY" || code === "EEXIST") return false;
    throw error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Take `adapter`'s lease under `root`, or wait (asynchronously, polling) while a live owner holds it. Dead owners'
 * leases are recovered and then claimed. Rejects only when the lease directory itself cannot be used (the caller
 * then updates without coordination).
 */
export async function acquireUpdateLease(adapter: string, options: LeaseOptions): Promise<LeaseOutcome> {
  const { root } = options;
  const waitMs = options.waitMs ?? DEFAULT_LEASE_WAIT_MS;
  const staleMs = options.staleMs ?? LEASE_STALE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  await mkdir(root, { recursive: true, mode: 0o700 });
  const lease = leasePath(root, adapter);
  const generation = randomUUID();
  const deadline = Date.now() + waitMs;
  // Once a live owner was seen, its release means its update ran: we do not run a duplicate.
  let sawLiveOwner = false;
  for (;;) {
    if (!sawLiveOwner && (await tryClaim(root, adapter, lease, generation))) {
      heldHere.add(generation);
      await sweepLeaseLeftovers(root, adapter).catch(() => undefined);
      return { kind: "owner", release: () => releaseLease(root, adapter, lease, generation) };
    }
    const state = await inspect(lease);
    if (state.kind === "absent") {
      if (sawLiveOwner) return { kind: "waited" };
      continue;
    }
    if (state.kind === "dead" || (state.kind === "unknown" && state.ageMs > staleMs)) {
      // The dead owner's update may not have finished: after recovery we claim and run our own.
      if (await recover(root, adapter, lease, state, staleMs)) {
        sawLiveOwner = false;
        continue;
      }
      // Another process is recovering it: wait like for a live owner, but its release does not mean an update ran.
    } else {
      sawLiveOwner = true;
    }
    const left = deadline - Date.now();
    if (left <= 0) return { kind: "timed_out" };
    options.onWait?.();
    await sleep(Math.min(pollMs, left));
  }
}

/** Remove the lease only while it still names our generation: never a successor's. */
async function releaseLease(root: string, adapter: string, lease: string, generation: string): Promise<void> {
  if (!heldHere.delete(generation)) return;
  const owner = await readOwner(lease);
  if (owner?.pid === process.pid && owner.generation === generation) await retire(root, adapter, lease);
}
