// Where the per-user update leases live (a stable cache directory, never under TMPDIR) and how long contenders wait.
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { DEFAULT_LEASE_WAIT_MS } from "./update-lease.js";

/**
 * `$XDG_CACHE_HOME/elwood/update-leases`, else `~/.cache/elwood/update-leases`: one directory per account, so
 * every process of the user meets the same lease whatever its TMPDIR. `ELWOOD_UPDATE_LEASE_DIR` replaces it
 * (tests only: a private root per test).
 */
export function updateLeaseRoot(env: NodeJS.ProcessEnv = process.env): string {
  const override = env["ELWOOD_UPDATE_LEASE_DIR"];
  if (override !== undefined && isAbsolute(override)) return override;
  const xdg = env["XDG_CACHE_HOME"];
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), ".cache");
  return join(base, "elwood", "update-leases");
}

/** The contender wait: 60 s, or `ELWOOD_UPDATE_LEASE_WAIT_MS` (tests only, so a held lease does not cost a minute). */
export function updateLeaseWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env["ELWOOD_UPDATE_LEASE_WAIT_MS"];
  const parsed = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_LEASE_WAIT_MS;
}
