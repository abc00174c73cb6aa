// What a CLI executable is on disk — its resolved path, size and modification time — so a probe's answer can be kept
// until the file changes (an update, a reinstall, a touch).

import { realpath, stat } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { loginShellArgs, runProbe, shellQuote, type ProbeOptions } from "./probe.js";

export interface ExecutableIdentity {
  /** Symlinks resolved: an update that repoints a launcher link names another file. */
  readonly path: string;
  readonly size: number;
  /** Nanoseconds, as a decimal string (a number would round them away). */
  readonly mtimeNs: string;
}

/** The identity of the regular file at `path` (followed through links); undefined when there is none. */
export async function executableIdentity(path: string): Promise<ExecutableIdentity | undefined> {
  try {
    const real = await realpath(path);
    const info = await stat(real, { bigint: true });
    if (!info.isFile()) return undefined;
    return { path: real, size: Number(info.size), mtimeNs: info.mtimeNs.toString() };
  } catch {
    return undefined;
  }
}

/**
 * Where `executable` is: a path (anything with a slash) resolves against the cwd the CLI runs in, with no process
 * started; a bare name is looked up by the login shell, as the launch will (its PATH comes from the user's profile).
 * Undefined when the shell finds nothing usable (not found, an alias or function): the caller then probes uncached.
 */
export async function locateExecutable(executable: string, shell: string, options: ProbeOptions & { readonly cwd: string }): Promise<string | undefined> {
  if (executable.includes("/")) return resolve(options.cwd, executable);
  const result = await runProbe(shell, loginShellArgs(`command -v ${shellQuote(executable)}`), { ...options, timeoutMs: options.timeoutMs ?? 15_000 });
  if (result.code !== 0 || result.timedOut || result.truncated) return undefined;
  // The profile may print before the answer; the answer is the last line.
  const last = result.stdout.trim().split(/\r?\n/).at(-1)?.trim() ?? "";
  return isAbsolute(last) ? last : undefined;
}
