// One-shot, bounded, non-PTY subprocess probes (`--version`, `update`, `--help`) and the login-shell form they share with the PTY.
import { spawn } from "node:child_process";
import { userInfo } from "node:os";
import { shellQuote } from "./pty/login-shell.js";

export interface ProbeOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Wall-clock bound; the probe's process group is killed past it. Default 15000. */
  readonly timeoutMs?: number;
  /** Per-stream output cap in bytes; the probe is killed past it. Default 1,000,000. */
  readonly maxBytes?: number;
}

export interface ProbeResult {
  /** Exit code; null when the probe died from a signal (including our own kill). */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** True when either stream passed `maxBytes` and the probe was killed. */
  readonly truncated: boolean;
  /** Set when the process could not be spawned at all (e.g. ENOENT for the shell itself). */
  readonly spawnError?: NodeJS.ErrnoException;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 15_000;
export const DEFAULT_PROBE_MAX_BYTES = 1_000_000;

/** How long a breached probe's group has between the hangup and the SIGKILL. */
const PROBE_KILL_GRACE_MS = 1_000;

/** How long we keep reading after the leader exits: a daemonised grandchild may hold the pipes open forever. */
const DRAIN_AFTER_EXIT_MS = 1_000;

/** Count of probe subprocesses started in this process; lets tests prove memoised probes share one spawn. */
let spawnCount = 0;
export function probeSpawnCount(): number {
  return spawnCount;
}

/**
 * Run `file args` without a terminal, collecting both streams with hard bounds. Never rejects: every
 * outcome (spawn failure, timeout, overflow, exit) is data for the caller to classify. The child runs
 * in its own process group so a breach kills the shell and everything it started, and only probes we
 * abort are ever signalled.
 */
export function runProbe(file: string, args: readonly string[], options: ProbeOptions = {}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_PROBE_MAX_BYTES;
  return new Promise<ProbeResult>((resolve) => {
    const out = new BoundedCollector(maxBytes);
    const err = new BoundedCollector(maxBytes);
    let timedOut = false;
    let truncated = false;
    let killed = false;
    let settled = false;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let spawnError: NodeJS.ErrnoException | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    spawnCount += 1;
    const child = spawn(file, [...args], {
      cwd: options.cwd,
      env: options.env ? { ...options.env } : process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (drainTimer) clearTimeout(drainTimer);
      if (killTimer) {
        clearTimeout(killTimer);
        signalGroup("SIGKILL");
      }
      const result: ProbeResult = {
        code: exitCode,
        signal: exitSignal,
        stdout: out.text(),
        stderr: err.text(),
        timedOut,
        truncated,
        ...(spawnError ? { spawnError } : {}),
      };
      resolve(result);
    };

    const signalGroup = (signal: NodeJS.Signals): void => {
      const pid = child.pid;
      if (pid === undefined) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // Group already gone or not ours; fall back to the leader alone.
        try {
          child.kill(signal);
        } catch {
          /* already exited */
        }
      }
    };
    // The probe runs the user's own login profile: a hangup first (what closing a terminal sends; an interactive
    // shell ignores SIGTERM) lets it clean up: pyenv's rehash removes its lock in an EXIT trap, and a SIGKILLed
    // rehash left the lock behind, so every later login shell waited 60 s. The rest of the group is SIGKILLed
    // after the grace, or as soon as the leader is gone.
    const killGroup = (): void => {
      if (killed) return;
      killed = true;
      signalGroup("SIGHUP");
      killTimer = setTimeout(() => {
        signalGroup("SIGKILL");
        // A descendant outside the group could keep the pipes open; stop waiting for them.
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, PROBE_KILL_GRACE_MS);
    };

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);

    const onData = (collector: BoundedCollector) => (chunk: Buffer) => {
      if (!collector.push(chunk)) {
        truncated = true;
        killGroup();
      }
    };
    child.stdout?.on("data", onData(out));
    child.stderr?.on("data", onData(err));

    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError = error;
      // A spawn failure emits no 'close' on some Node versions when stdio never opened.
      if (child.pid === undefined) finish();
    });
    child.on("exit", (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      drainTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, DRAIN_AFTER_EXIT_MS);
    });
    child.on("close", (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      finish();
    });
  });
}

/** Collects a stream up to a byte cap; decoding cuts at a UTF-8 code-point boundary, never inventing U+FFFD. */
class BoundedCollector {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private overflowed = false;

  constructor(private readonly maxBytes: number) {}

  /** Returns false once the cap has been passed (the chunk is kept only up to the cap). */
  push(chunk: Buffer): boolean {
    if (this.overflowed) return false;
    const room = this.maxBytes - this.size;
    if (chunk.length > room) {
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.size = this.maxBytes;
      this.overflowed = true;
      return false;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    return (this.overflowed ? trimIncompleteUtf8(all) : all).toString("utf8");
  }
}

/** Drop a trailing, incomplete UTF-8 sequence left by a byte cut. */
export function trimIncompleteUtf8(buf: Buffer): Buffer {
  // Walk back over at most 3 continuation bytes to the lead byte of the last sequence.
  let i = buf.length - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 4 && ((buf[i] ?? 0) & 0xc0) === 0x80) {
    i -= 1;
    continuation += 1;
  }
  if (i < 0) return buf.subarray(0, 0);
  const lead = buf[i] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return need > continuation + 1 ? buf.subarray(0, i) : buf;
}

/**
 * The user's configured login shell, so probes see the PATH a login terminal would. An inherited `SHELL` is
 * ignored (a parent may have overridden it), so the account database wins; an explicit option (Elwood's `shell`) wins over both.
 */
export function resolveLoginShell(explicit?: string): string {
  if (explicit !== undefined && explicit !== "") return explicit;
  try {
    const fromAccount = userInfo().shell;
    if (fromAccount) return fromAccount;
  } catch {
    /* no passwd entry (containers): fall through */
  }
  return process.env["SHELL"] || "/bin/sh";
}

/** Argv for running `command` the way a user's terminal would: interactive login shell. Shared by probes and the PTY. */
export function loginShellArgs(command: string): string[] {
  return ["-l", "-i", "-c", command];
}

/** Probes and the PTY launch quote words the same way (one implementation, in effects/pty/login-shell.ts). */
export { shellQuote };

/** `exec <file> <args...>` with every word quoted, so the shell is replaced by the CLI (one process group leader). */
export function execCommandLine(file: string, args: readonly string[]): string {
  // Same `exec` form as loginShellCommand, so a probe resolves exactly the CLI the PTY will run.
  return ["exec", shellQuote(file), ...args.map(shellQuote)].join(" ");
}
