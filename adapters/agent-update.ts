// Run one CLI's own update command (`claude update`, `codex update`) as a bounded login-shell probe and classify how it ended.
import type { AgentUpdateErrorCode } from "../src/contracts/public-types.js";
import { execCommandLine, loginShellArgs, runProbe, type ProbeResult } from "../effects/probe.js";

/** How an update attempt ended; a failure carries only allowlisted diagnostics. */
export type UpdateAttempt =
  | { readonly ok: true }
  | { readonly ok: false; readonly errorCode: AgentUpdateErrorCode; readonly exitStatus?: number; readonly stderr: string };

export interface UpdateRequest {
  readonly shell: string;
  readonly executable: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

const SPAWN_ERRNOS: ReadonlySet<string> = new Set(["ENOENT", "EACCES", "EPERM", "EAGAIN", "ENOMEM"]);

/** Stderr kept in the warning: the tail, where a failing CLI says why. */
const STDERR_LIMIT = 2000;

/** `<executable> update` through the same login shell as `--version` and the PTY, bounded like every probe (15 s, 1 MB per stream). */
export async function runAgentUpdate(request: UpdateRequest): Promise<UpdateAttempt> {
  const result = await runProbe(request.shell, loginShellArgs(execCommandLine(request.executable, ["update"])), {
    cwd: request.cwd,
    env: request.env,
  });
  return classifyUpdate(result);
}

export function classifyUpdate(result: ProbeResult): UpdateAttempt {
  const stderr = boundedStderr(result.stderr);
  if (result.spawnError) {
    const errno = result.spawnError.code;
    return { ok: false, errorCode: errno !== undefined && SPAWN_ERRNOS.has(errno) ? (errno as AgentUpdateErrorCode) : "spawn_failed", stderr };
  }
  if (result.timedOut) return { ok: false, errorCode: "ETIMEDOUT", stderr };
  if (result.truncated) return { ok: false, errorCode: "E2BIG", stderr };
  if (result.code === 0) return { ok: true };
  if (result.code === null) return { ok: false, errorCode: "signaled", stderr };
  return { ok: false, errorCode: "exit_nonzero", exitStatus: result.code, stderr };
}

/** What an interactive login shell without a terminal always prints (bash -i): noise, not the update's words. */
const SHELL_NOISE = /^(?:bash|zsh|sh): (?:cannot set terminal process group|no job control in this shell)/;

function boundedStderr(stderr: string): string {
  const trimmed = stderr
    .split(/\r?\n/)
    .filter((line) => !SHELL_NOISE.test(line))
    .join("\n")
    .trim();
  return trimmed.length > STDERR_LIMIT ? trimmed.slice(-STDERR_LIMIT) : trimmed;
}
