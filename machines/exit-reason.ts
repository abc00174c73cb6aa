// Words for how the agent process ended: the exit code or the signal as the OS reported it, and who sent the signal.

import type { ClosingAs } from "../src/contracts/readiness.js";

/** Linux signal numbers Elwood or the CLIs' environment plausibly deliver; others are named by number. */
const SIGNAL_NAMES: Readonly<Record<number, string>> = {
  1: "SIGHUP",
  2: "SIGINT",
  3: "SIGQUIT",
  6: "SIGABRT",
  9: "SIGKILL",
  11: "SIGSEGV",
  13: "SIGPIPE",
  15: "SIGTERM",
};

export function signalName(signal: number): string {
  return SIGNAL_NAMES[signal] ?? `signal ${signal}`;
}

/** The call that made Elwood signal the group: stop()/teardown() send SIGHUP then SIGKILL, kill() SIGKILL only. */
const ELWOOD_SIGNALS: Readonly<Record<ClosingAs, readonly number[]>> = {
  stopped: [1, 9],
  torn_down: [1, 9],
  killed: [9],
};

const CALL: Readonly<Record<ClosingAs, string>> = { stopped: "stop()", torn_down: "teardown()", killed: "kill()" };

/** A content-free decision reason for a `pty.exit`, given which close (if any) Elwood had started. */
export function exitReason(exit: { readonly exitCode: number | null; readonly signal?: number }, closing: ClosingAs | undefined): string {
  if (exit.signal === undefined) {
    const code = `exited with code ${exit.exitCode ?? "unknown"}`;
    return closing === undefined ? `the agent process ${code} on its own` : `the agent process ${code} after ${CALL[closing]}`;
  }
  const killed = `the agent process was killed by ${signalName(exit.signal)} (signal ${exit.signal})`;
  if (closing !== undefined && ELWOOD_SIGNALS[closing].includes(exit.signal)) return `${killed}, sent by Elwood's ${CALL[closing]}`;
  return `${killed}, not sent by Elwood`;
}
