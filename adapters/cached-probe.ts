// A CLI's probe answers (`--version`, `--help`) kept per executable identity — resolved path, size, mtime — for the
// process's life and, with a state dir, across processes; a changed file, or an update attempt, means probing again.

import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { executableIdentity, locateExecutable } from "../effects/executable-identity.js";
import { resolveLoginShell } from "../effects/probe.js";
import { probeCacheFile, readCachedAnswer, removeCacheFile, writeCachedAnswer } from "../effects/probe-cache-file.js";

/** The probe request fields the cache needs; agents add their own. */
export interface ProbeTarget {
  readonly executable?: string;
  readonly shell?: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The session store; answers are shared through `<stateDir>/probe-cache/` only when given. */
  readonly stateDir?: string;
  /**
   * The caller's own environment overrides (the start's `env` option): part of the key, since they may change what
   * the CLI answers. Only a hash of them is ever written.
   */
  readonly callerEnv?: Readonly<Record<string, string>>;
}

/** How one agent's answers are kept on disk: what is stored, and how a stored one is checked and restored. */
export interface ProbeAnswerCodec<R> {
  /** The cache file's name (the CLI's command word). */
  readonly agent: string;
  /** What of an answer is stored (nothing request-specific). */
  readonly store: (answer: R) => unknown;
  /** The answer for this request from a stored one; undefined when it does not validate (then it is probed again). */
  readonly restore: (stored: unknown, executable: string) => R | undefined;
}

export interface CachedProbe<Q, R> {
  readonly probe: (request: Q) => Promise<R>;
  /** Forgets every answer: this process's, and the cache files it used (called after every update attempt). */
  readonly clear: () => void;
}

function envKey(env: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? "" : createHash("sha256").update(JSON.stringify(entries)).digest("hex");
}

/**
 * Runs `run` at most once per executable identity: concurrent first callers share one probe, later callers (in this
 * process, or in another using the same state dir) reuse the answer until the file's size or mtime changes. An
 * executable given as a path needs no process to be identified; a bare name is located by the login shell once per
 * process. What cannot be identified (not found yet, an alias) is memoised per (shell, executable) as before. Failures
 * are never kept, so a later start can succeed after an install.
 */
export function cachedProbe<Q extends ProbeTarget, R>(
  defaultExecutable: string,
  run: (shell: string, executable: string, request: Q) => Promise<R>,
  codec: ProbeAnswerCodec<R>,
): CachedProbe<Q, R> {
  const answers = new Map<string, Promise<R>>();
  const located = new Map<string, Promise<string | undefined>>();
  const filesUsed = new Set<string>();

  const locate = (shell: string, executable: string, request: Q): Promise<string | undefined> => {
    if (executable.includes("/")) return locateExecutable(executable, shell, request);
    const key = JSON.stringify([shell, executable, request.env["PATH"] ?? "", request.env["HOME"] ?? "", envKey(request.callerEnv)]);
    const known = located.get(key);
    if (known !== undefined) return known;
    const pending = locateExecutable(executable, shell, { cwd: request.cwd, env: request.env });
    located.set(key, pending);
    // Not found (yet): the next start looks again.
    void pending.then((path) => {
      if (path === undefined && located.get(key) === pending) located.delete(key);
    });
    return pending;
  };

  const answer = (key: string, executable: string, load: () => Promise<R>): Promise<R> => {
    const memoKey = `${key}\u0000${executable}`;
    const cached = answers.get(memoKey);
    if (cached !== undefined) return cached;
    const pending = load();
    answers.set(memoKey, pending);
    pending.catch(() => {
      if (answers.get(memoKey) === pending) answers.delete(memoKey);
    });
    return pending;
  };

  const probe = async (request: Q): Promise<R> => {
    const shell = resolveLoginShell(request.shell);
    const executable = request.executable ?? defaultExecutable;
    const path = await locate(shell, executable, request);
    const identity = path === undefined ? undefined : await executableIdentity(path);
    if (identity === undefined) return answer(JSON.stringify(["unidentified", shell, envKey(request.callerEnv)]), executable, () => run(shell, executable, request));
    const key = JSON.stringify([identity.path, identity.size, identity.mtimeNs, envKey(request.callerEnv)]);
    const file = request.stateDir === undefined ? undefined : probeCacheFile(resolve(request.stateDir), codec.agent);
    return answer(key, executable, async () => {
      if (file !== undefined) {
        filesUsed.add(file);
        const stored = await readCachedAnswer(file, key);
        const restored = stored === undefined ? undefined : codec.restore(stored, executable);
        if (restored !== undefined) return restored;
      }
      const fresh = await run(shell, executable, request);
      if (file !== undefined) await writeCachedAnswer(file, key, codec.store(fresh));
      return fresh;
    });
  };

  const clear = (): void => {
    answers.clear();
    located.clear();
    for (const file of filesUsed) removeCacheFile(file);
    filesUsed.clear();
  };
  return { probe, clear };
}
