// Shared pieces of the per-test CLI sandboxes: temp roots, offline network env, file fingerprints.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A loopback port nothing listens on (discard): any proxied request fails at once instead of leaving the machine. */
export const DEAD_PROXY = "http://127.0.0.1:9";

/**
 * Proxy variables in both spellings. Both CLIs (and Codex's git subprocess) honour them, so anything that
 * slips past the off-switches dies on loopback; NO_PROXY keeps the fake model server reachable.
 */
export function offlineProxyEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"]) {
    env[name] = DEAD_PROXY;
    env[name.toLowerCase()] = DEAD_PROXY;
  }
  env["NO_PROXY"] = "127.0.0.1,localhost";
  env["no_proxy"] = "127.0.0.1,localhost";
  return env;
}

/** Minimal inherited env: only what a shell tool needs. Nothing else leaks in (no CLAUDE_CODE_*, OPENAI_*, CODEX_*). */
export function baseEnv(): Record<string, string> {
  return {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    SHELL: "/bin/bash",
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    USER: process.env["USER"] ?? "root",
  };
}

/** Creates a fresh temp root and returns its realpath (CLIs key trust by realpath). */
export async function makeRoot(prefix: string): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}

/** sha256 of each existing file among candidates: compare two snapshots to prove files were left byte-identical. */
export async function fingerprint(candidates: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    out.set(file, createHash("sha256").update(await readFile(file)).digest("hex"));
  }
  return out;
}

export async function removeRoot(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
}

/** Makes project a git repository with one commit of what it holds (the sandbox HOME keeps the user's git config out). */
export function gitInit(project: string, home: string): void {
  const env = { ...baseEnv(), HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
  const git = (...args: string[]): void => {
    execFileSync("git", ["-c", "user.name=Elwood E2E", "-c", "user.email=e2e@elwood.invalid", "-c", "commit.gpgsign=false", ...args], {
      cwd: project,
      env,
      stdio: "ignore",
    });
  };
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "initial");
}
