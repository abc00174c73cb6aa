// The agent's real pseudoterminal (node-pty): spawn via login shell, I/O, resize, flow control, stop/kill.
import * as pty from "@lydell/node-pty";
import { ElwoodError } from "../../src/contracts/errors.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import { installExitDrain } from "./exit-drain.js";
import { systemFailure } from "../system-failure.js";
import { defaultLoginShell, loginShellCommand } from "./login-shell.js";
import { processState, reapGroup, reapGroupOutcome, signalGroup } from "./process-group.js";
import { clearTerminal, leaderStartTicks, signalEach, terminalHolders } from "./terminal-holders.js";
import type { ReapOutcome } from "./reap-outcome.js";

export interface PtyExit {
  /** The leader's exit status; null when a signal ended it (the OS reports no exit status then). */
  readonly exitCode: number | null;
  /** Terminating signal number, or null when the leader exited normally. */
  readonly signal: number | null;
}

export interface SpawnAgentPtyOptions {
  readonly executable: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Complete child environment (see buildAgentEnv); not merged with process.env here. */
  readonly env: Readonly<Record<string, string>>;
  readonly cols: number;
  readonly rows: number;
  /** Login shell to launch through; default `$SHELL` from `env`, else /bin/sh. */
  readonly shell?: string;
  /** Launch as `$SHELL -l -i -c 'exec …'` (default true) or exec the executable directly. */
  readonly viaLoginShell?: boolean;
}

export interface StopOptions {
  /** How long the group gets to exit after SIGHUP before SIGKILL; default 3000 ms. */
  readonly graceMs?: number;
}

export type Unsubscribe = () => void;

export interface AgentPty {
  /**
   * The PTY's direct child: the executable the login shell `exec`s, which leads the terminal's session and group. For a
   * CLI whose executable is a launcher running the real program as its child, this is the launcher. Its exit is the
   * session's exit; whatever else still uses the terminal then is hung up and, if it stays, killed before the exit is
   * reported (see terminal-holders.ts).
   */
  readonly pid: number;
  /** Process group id; equals pid because node-pty makes the child a session (and group) leader. */
  readonly pgid: number;
  /** True once the leader's exit was delivered (after its remaining output). */
  readonly exited: boolean;
  readonly exitInfo: PtyExit | undefined;
  /** Strings are sent UTF-8 encoded; a Uint8Array is written as raw bytes, never decoded. */
  write(data: string | Uint8Array): void;
  resize(size: TerminalSize): void;
  pause(): void;
  resume(): void;
  onData(listener: (data: string) => void): Unsubscribe;
  /** Every successful write, as the exact bytes handed to the PTY (strings UTF-8 encoded), in write order. */
  onInput(listener: (bytes: Uint8Array) => void): Unsubscribe;
  /** Called once; subscribing after the exit calls the listener on the next microtask. */
  onExit(listener: (exit: PtyExit) => void): Unsubscribe;
  /** Resolves true once the group has no live member; false if survivors outlasted the reap bound. */
  stop(opts?: StopOptions): Promise<boolean>;
  /** Same result as stop(); never rejects. */
  kill(): Promise<boolean>;
  /** True once Elwood's stop() or kill() signalled the group: an exit after that was asked for, not unsolicited. */
  readonly signalledByElwood: boolean;
  /** SIGKILLs whatever of the group outlived its leader, without signalling a leader that still runs; never rejects. */
  reapSurvivors(): Promise<ReapOutcome>;
}

/** While paused, how often the leader is checked for exit (so the pause cannot strand its last output). */
const PAUSED_EXIT_POLL_MS = 20;
/** Upper bound on waiting for node-pty's exit event after SIGKILL. */
const EXIT_AFTER_KILL_MS = 5_000;

/** Errors from a resize racing the child's exit: the master fd is already closed or hung up. */
function isClosedFdError(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}` : String(error);
  return /EBADF|EIO|ENOTTY|ENXIO|closed|destroyed/i.test(text);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class NodeAgentPty implements AgentPty {
  readonly pid: number;
  readonly pgid: number;
  private readonly term: pty.IPty;
  private readonly exitListeners = new Set<(exit: PtyExit) => void>();
  private readonly inputListeners = new Set<(bytes: Uint8Array) => void>();
  private readonly exitPromise: Promise<PtyExit>;
  private exit: PtyExit | undefined;
  /** The leader is known dead (maybe before node-pty's exit event). */
  private leaderGone = false;
  /** Leader dead or teardown begun: pausing is over for good. */
  private pauseForbidden = false;
  private isPaused = false;
  private signalled = false;
  /** kill() asked for an immediate end: the terminal's other processes get no grace either. */
  private killing = false;
  private exitPoll: NodeJS.Timeout | undefined;
  /** Whether node-pty's native exit callback is observed directly (see exit-drain.ts). */
  private readonly exitHooked: boolean;

  constructor(term: pty.IPty) {
    this.term = term;
    this.pid = term.pid;
    this.pgid = term.pid;
    // The leader's exit hangs up everyone else on the terminal; they get what is left of the drain's bound (as long as
    // stop()'s default grace) to go, then are killed, all before the exit is reported.
    const bornSince = leaderStartTicks(term.pid);
    const holders = (slavePath: string): number[] => terminalHolders(this.pid, slavePath, bornSince);
    this.exitHooked = installExitDrain(term, () => this.markLeaderGone(), {
      hangUp: (slavePath) => {
        try {
          signalEach(holders(slavePath), "SIGHUP");
        } catch {
          // /proc unreadable: the clear before release, and the reap after the exit, still look again.
        }
      },
      clear: (slavePath, deadline) => clearTerminal(() => holders(slavePath), () => (this.killing ? 0 : deadline)),
    }).hooked;
    this.exitPromise = new Promise<PtyExit>((resolve) => {
      term.onExit(({ exitCode, signal }) => {
        this.markLeaderGone();
        // node-pty reports exitCode 0 for a signalled child; the OS gives no exit status then.
        const signalled = signal !== undefined && signal > 0;
        const exit: PtyExit = { exitCode: signalled ? null : exitCode, signal: signalled ? signal : null };
        this.exit = exit;
        resolve(exit);
        for (const listener of this.exitListeners) listener(exit);
        this.exitListeners.clear();
      });
    });
  }

  get exited(): boolean {
    return this.exit !== undefined;
  }

  get exitInfo(): PtyExit | undefined {
    return this.exit;
  }

  write(data: string | Uint8Array): void {
    if (this.exit !== undefined) {
      throw new ElwoodError("pty_write_failed", "The PTY has exited", { pid: this.pid });
    }
    try {
      if (typeof data === "string") {
        this.term.write(data);
      } else {
        // node-pty hands the value to its net.Socket unchanged, and a Buffer is written byte for
        // byte; the `string` in its typings only describes the common case.
        const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        (this.term.write as unknown as (chunk: Buffer) => void).call(this.term, bytes);
      }
    } catch (error) {
      throw new ElwoodError("pty_write_failed", "Writing to the PTY failed", {
        pid: this.pid,
        cause: error instanceof Error ? error.message : String(error),
      });
    }
    if (this.inputListeners.size > 0) this.announceInput(data);
  }

  onInput(listener: (bytes: Uint8Array) => void): Unsubscribe {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  /** Each listener gets its own copy, so one that mutates its bytes cannot change what the next one sees. */
  private announceInput(data: string | Uint8Array): void {
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    for (const listener of this.inputListeners) {
      try {
        listener(Uint8Array.from(bytes));
      } catch {
        // An observer must never turn a completed write into a failed one.
      }
    }
  }

  resize(size: TerminalSize): void {
    if (this.exit !== undefined) return;
    try {
      this.term.resize(size.cols, size.rows);
    } catch (error) {
      if (this.exit !== undefined || this.leaderGone || isClosedFdError(error)) return;
      const message = error instanceof Error ? error.message : String(error);
      const name = /positive cols and rows/.test(message) ? "invalid_argument" : "resize_failed";
      throw new ElwoodError(name, "Resizing the PTY failed", { cols: size.cols, rows: size.rows, cause: message });
    }
  }

  pause(): void {
    // After the leader died, pausing could only strand the output still in the kernel buffer.
    if (this.pauseForbidden || this.isPaused) return;
    this.isPaused = true;
    this.term.pause();
    // The leader's exit must end the pause at once (exit-drain.ts hooks it). Only if that hook
    // is unavailable, watch the leader ourselves while paused.
    if (this.exitHooked) return;
    this.exitPoll = setInterval(() => {
      if (processState(this.pid) !== "alive") this.markLeaderGone();
    }, PAUSED_EXIT_POLL_MS);
    this.exitPoll.unref();
  }

  resume(): void {
    if (!this.isPaused) return;
    this.isPaused = false;
    if (this.exitPoll !== undefined) clearInterval(this.exitPoll);
    this.exitPoll = undefined;
    this.term.resume();
  }

  onData(listener: (data: string) => void): Unsubscribe {
    const subscription = this.term.onData(listener);
    return () => subscription.dispose();
  }

  onExit(listener: (exit: PtyExit) => void): Unsubscribe {
    const exit = this.exit;
    if (exit !== undefined) {
      let cancelled = false;
      queueMicrotask(() => {
        if (!cancelled) listener(exit);
      });
      return () => {
        cancelled = true;
      };
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /**
   * Graceful stop. SIGHUP (not SIGTERM) goes to the whole group: it is what closing a terminal
   * window sends, every TUI (Claude Code, Codex) exits on it, and an interactive login shell that
   * has not yet exec'd the agent ignores SIGTERM but not SIGHUP. After `graceMs` the group is
   * SIGKILLed. Resolves once the leader's exit was observed and the group has no live member.
   */
  async stop(opts: StopOptions = {}): Promise<boolean> {
    this.signalled = true;
    if (this.exit === undefined) {
      this.releaseForTeardown();
      signalGroup(this.pgid, "SIGHUP");
      const graceMs = Math.max(0, opts.graceMs ?? 3_000);
      const exited = await Promise.race([this.exitPromise.then(() => true), delay(graceMs).then(() => false)]);
      if (!exited) {
        this.killing = true;
        signalGroup(this.pgid, "SIGKILL");
        await Promise.race([this.exitPromise, delay(EXIT_AFTER_KILL_MS)]);
      }
    }
    return reapGroup(this.pgid);
  }

  /** SIGKILL the whole group now; resolves once the leader exit was observed and the group is empty. */
  async kill(): Promise<boolean> {
    this.signalled = true;
    this.killing = true;
    if (this.exit === undefined) {
      this.releaseForTeardown();
      signalGroup(this.pgid, "SIGKILL");
      await Promise.race([this.exitPromise, delay(EXIT_AFTER_KILL_MS)]);
    }
    return reapGroup(this.pgid);
  }

  get signalledByElwood(): boolean {
    return this.signalled;
  }

  reapSurvivors(): Promise<ReapOutcome> {
    // The leader may still run when asked early; its group is then not "survivors", and it is not Elwood's to end.
    if (this.exit === undefined) return Promise.resolve({ reaped: true });
    return reapGroupOutcome(this.pgid);
  }

  /** Teardown must let node-pty read to EIO, or it would wait out its socket timeout. */
  private releaseForTeardown(): void {
    this.pauseForbidden = true;
    this.resume();
  }

  private markLeaderGone(): void {
    this.leaderGone = true;
    this.releaseForTeardown();
  }
}

/**
 * Spawns the agent in a real PTY (TERM name xterm-256color). Throws ElwoodError("pty_start_failed")
 * when node-pty cannot fork; an executable that cannot be exec'd shows up as an early exit.
 */
export function spawnAgentPty(opts: SpawnAgentPtyOptions): AgentPty {
  const viaLoginShell = opts.viaLoginShell ?? true;
  const command = viaLoginShell
    ? loginShellCommand(opts.shell ?? defaultLoginShell(opts.env), opts.executable, opts.args)
    : { file: opts.executable, args: [...opts.args] };
  let term: pty.IPty;
  try {
    term = pty.spawn(command.file, command.args, {
      name: "xterm-256color",
      cols: opts.cols,
      rows: opts.rows,
      cwd: opts.cwd,
      env: { ...opts.env },
    });
  } catch (error) {
    throw new ElwoodError("pty_start_failed", "Could not spawn the agent PTY", { file: command.file, ...systemFailure(error) });
  }
  return new NodeAgentPty(term);
}
