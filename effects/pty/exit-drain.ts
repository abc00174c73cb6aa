// Keeps a PTY's final output from being lost when its leader exits while Elwood's reader is behind.
import { closeSync, constants as fsConstants, openSync } from "node:fs";
import type { IPty } from "@lydell/node-pty";

/*
 * Why this exists (measured on Linux 6.x with node 20 / libuv): the pty master hands out at most
 * 4095 bytes per read, and libuv treats "short read + POLLHUP" as end of file. So when the leader
 * exits while more than 4 KiB is still queued (the PTY was paused for backpressure, or the event
 * loop was busy), the tail is silently discarded. On top of that node-pty destroys its socket
 * 200 ms after the native exit callback, dropping whatever is still unread.
 *
 * Fix: Elwood holds its own handle on the slave side, so the master sees no hangup while we
 * drain. node-pty's native exit callback is observed through its `_boundClose` flag (set
 * synchronously in that callback); from then on output is read until it has been quiet for a
 * few loop turns, and only then is our slave handle closed (letting the normal EOF/close/exit
 * path run) and any socket destroy node-pty asked for in the meantime performed.
 *
 * The same moment ends whatever else still uses the terminal (see terminal-holders.ts): they are hung up as the leader
 * exits, and the slave handle is released only once none is left (bounded), while the master is still open.
 */

/** Upper bound for draining after the leader exited (descendants may keep writing). */
const MAX_DRAIN_MS = 3_000;
/** Gap that lets the kernel's flip-buffer worker move queued bytes to the readable side. */
const QUIET_GAP_MS = 5;
const QUIET_ROUNDS = 2;

interface NodePtyInternals {
  _pty?: unknown;
  _boundClose?: unknown;
  _socket?: { destroy: (...args: unknown[]) => unknown };
}

/** Small bound for the output hung-up holders wrote on their way out, once they are gone. */
const AFTER_CLEAR_MS = 250;

/** What the drain asks of its owner about the other processes on the terminal (paths are the slave's). */
export interface TerminalRelease {
  /** The leader has just exited and the terminal is still Elwood's: everyone else on it is hung up. */
  hangUp(slavePath: string): void;
  /** Before the terminal is let go: none of them may still hold it (they get until `deadline`, then are killed). */
  clear(slavePath: string, deadline: number): Promise<boolean>;
}

export interface ExitDrain {
  /** True when the leader-exit notification could be hooked (otherwise callers must poll). */
  readonly hooked: boolean;
}

function nextImmediate(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function installExitDrain(term: IPty, onLeaderExit: () => void, release?: TerminalRelease): ExitDrain {
  const internals = term as unknown as NodePtyInternals;
  let slaveFd: number | undefined;
  const slavePath = internals._pty;
  if (process.platform !== "win32" && typeof slavePath === "string" && slavePath.startsWith("/dev/")) {
    try {
      // O_NOCTTY: holding the slave must never make it Elwood's own controlling terminal.
      slaveFd = openSync(slavePath, fsConstants.O_RDWR | fsConstants.O_NOCTTY);
    } catch {
      slaveFd = undefined;
    }
  }
  const releaseSlave = (): void => {
    if (slaveFd === undefined) return;
    try {
      closeSync(slaveFd);
    } catch {
      // Already closed: nothing left to release.
    }
    slaveFd = undefined;
  };

  let chunks = 0;
  term.onData(() => {
    chunks += 1;
  });

  let draining = false;
  let destroyDeferred = false;
  const socket = internals._socket;
  const originalDestroy = socket?.destroy;
  if (socket !== undefined && typeof originalDestroy === "function") {
    socket.destroy = (...args: unknown[]): unknown => {
      if (draining) {
        destroyDeferred = true;
        return socket;
      }
      return originalDestroy.apply(socket, args);
    };
  }

  const untilQuiet = async (deadline: number): Promise<void> => {
    let quiet = 0;
    while (quiet < QUIET_ROUNDS && Date.now() < deadline) {
      const before = chunks;
      await nextImmediate();
      await sleep(QUIET_GAP_MS);
      await nextImmediate();
      quiet = chunks === before ? quiet + 1 : 0;
    }
  };

  const drain = async (): Promise<void> => {
    draining = true;
    const deadline = Date.now() + MAX_DRAIN_MS;
    await untilQuiet(deadline);
    // Still ours (master and slave open), the terminal is cleared before it is let go: no process survives on it.
    if (release !== undefined && typeof slavePath === "string") {
      const hadHolders = await release.clear(slavePath, deadline).catch(() => false);
      if (hadHolders) await untilQuiet(Date.now() + AFTER_CLEAR_MS);
    }
    draining = false;
    releaseSlave();
    if (destroyDeferred && socket !== undefined && typeof originalDestroy === "function") {
      originalDestroy.apply(socket, []);
    }
  };

  term.onExit(() => releaseSlave());

  let hooked = false;
  if (Object.prototype.hasOwnProperty.call(internals, "_boundClose")) {
    let value: unknown = internals._boundClose;
    let fired = false;
    try {
      Object.defineProperty(internals, "_boundClose", {
        configurable: true,
        enumerable: true,
        get: () => value,
        set: (next: unknown) => {
          value = next;
          if (next === true && !fired) {
            fired = true;
            onLeaderExit();
            if (release !== undefined && typeof slavePath === "string") release.hangUp(slavePath);
            if (slaveFd !== undefined) void drain();
          }
        },
      });
      hooked = true;
    } catch {
      hooked = false;
    }
  }
  if (!hooked) releaseSlave();
  return { hooked };
}
