// Turns the signals that mean "stop" (Ctrl+C, kill, a closed terminal) into one stop request for the inspector commands.

export type StopSignal = "SIGINT" | "SIGTERM" | "SIGHUP" | "SIGTTIN" | "SIGTTOU";

const STOP_SIGNALS: readonly StopSignal[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGTTIN", "SIGTTOU"];

/**
 * Under `npm run`, one Ctrl+C arrives twice: the terminal signals the whole foreground group, and npm forwards its
 * own copy to the script. Copies this close together are one key press; a later Ctrl+C is the person insisting.
 */
const SAME_PRESS_MS = 1000;

/**
 * Installs the handlers at once (so a Ctrl+C during start-up is not lost) and resolves with the first stop signal.
 * A second Ctrl+C after that exits the process immediately, without waiting for any clean-up.
 */
export function stopRequested(): Promise<StopSignal> {
  return new Promise((resolve) => {
    let first: number | undefined;
    const onSignal = (signal: StopSignal): void => {
      if (first === undefined) {
        first = Date.now();
        resolve(signal);
        return;
      }
      if (signal === "SIGINT" && Date.now() - first > SAME_PRESS_MS) process.exit(130);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, () => onSignal(signal));
  });
}
