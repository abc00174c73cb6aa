// The one narrow handle on the agent's PTY: filled by the io actor when it spawns the process, read by whoever else
// needs the process (the ending actor, the transaction effects, the facade) without holding the PTY itself.

import { ElwoodError } from "../../src/contracts/errors.js";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import type { AgentPty, PtyExit, StopOptions, Unsubscribe } from "./agent-pty.js";

/**
 * Created empty by the launcher and handed to the io actor (which alone may `attach` a PTY to it) and to the others.
 * Before the spawn (or after a failed one) there is no process: writes fail, stop and kill have nothing to end, and
 * `pid` is undefined. Input and exit listeners may subscribe before the spawn (the io actor spawns only once the hook
 * bridge listens); they are served once the PTY is attached.
 */
export class PtyHandle {
  private pty: AgentPty | undefined;
  private failure: ElwoodError | undefined;
  private readonly inputListeners = new Set<(bytes: Uint8Array) => void>();
  /** The handle's one subscription to the PTY's writes, held only while someone listens (a tap costs a copy per write). */
  private offInput: Unsubscribe | undefined;
  private readonly exitWaiters: Array<() => void> = [];
  /** Exit listeners that subscribed before the spawn, each with its PTY subscription once attached. */
  private readonly exitListeners = new Map<(exit: PtyExit) => void, Unsubscribe | undefined>();

  /** Called by the io actor once, with the PTY it spawned. */
  attach(pty: AgentPty): void {
    this.pty = pty;
    this.tapInput();
    for (const listener of this.exitListeners.keys()) this.exitListeners.set(listener, pty.onExit(listener));
    pty.onExit(() => {
      for (const resolve of this.exitWaiters.splice(0)) resolve();
    });
  }

  /** Called by the io actor when the spawn threw: what the start rejects with. */
  spawnFailed(error: ElwoodError): void {
    this.failure = error;
    for (const resolve of this.exitWaiters.splice(0)) resolve();
  }

  get spawnError(): ElwoodError | undefined {
    return this.failure;
  }

  get pid(): number | undefined {
    return this.pty?.pid;
  }

  get pgid(): number | undefined {
    return this.pty?.pgid;
  }

  /** True once the process's exit was delivered; false before the spawn. */
  get exited(): boolean {
    return this.pty?.exited ?? false;
  }

  /** Resolves once the process has exited (at once when there is none to wait for). */
  whenExited(): Promise<void> {
    if (this.failure !== undefined || this.pty?.exited === true) return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  /** Raw bytes to the PTY (sendKeys); throws like AgentPty.write, or session_not_running before a spawn. */
  write(data: string | Uint8Array): void {
    if (this.pty === undefined) throw new ElwoodError("session_not_running", "the agent process is not running");
    this.pty.write(data);
  }

  /** The PTY's physical size (the io actor sets the terminal's alongside). */
  resize(size: TerminalSize): void {
    this.pty?.resize(size);
  }

  /** Every byte written to the PTY, in order (see AgentPty.onInput). */
  onInput(listener: (bytes: Uint8Array) => void): Unsubscribe {
    this.inputListeners.add(listener);
    this.tapInput();
    return () => {
      this.inputListeners.delete(listener);
      if (this.inputListeners.size > 0) return;
      this.offInput?.();
      this.offInput = undefined;
    };
  }

  /** Each listener gets its own copy (as from AgentPty.onInput), so one that mutates its bytes cannot change the next one's. */
  private tapInput(): void {
    if (this.pty === undefined || this.offInput !== undefined || this.inputListeners.size === 0) return;
    this.offInput = this.pty.onInput((bytes) => {
      for (const listener of this.inputListeners) {
        try {
          listener(Uint8Array.from(bytes));
        } catch {
          // An observer must never turn a completed write into a failed one.
        }
      }
    });
  }

  onExit(listener: (exit: PtyExit) => void): Unsubscribe {
    if (this.pty !== undefined) return this.pty.onExit(listener);
    const own = (exit: PtyExit) => listener(exit);
    this.exitListeners.set(own, undefined);
    return () => {
      this.exitListeners.get(own)?.();
      this.exitListeners.delete(own);
    };
  }

  stop(opts?: StopOptions): Promise<boolean> {
    return this.pty?.stop(opts) ?? Promise.resolve(true);
  }

  kill(): Promise<boolean> {
    return this.pty?.kill() ?? Promise.resolve(true);
  }
}
