// waitForStatus / waitForActivity: promise helpers over the session's own status and activity streams. The timeout
// is not a timer here: it is a deadline of the session's wait machine (machines/wait-deadlines.ts).

import { ElwoodError } from "./contracts/errors.js";
import { timerDelayProblem } from "./contracts/timer-limit.js";
import { isTerminalStatus, type ActivityEvent, type SessionStatus, type Unsubscribe } from "./contracts/public-types.js";

export const DEFAULT_WAIT_TIMEOUT_MS = 60_000;

export interface WaitSources {
  readonly currentStatus: () => SessionStatus;
  readonly onStatus: (listener: (status: SessionStatus) => void) => Unsubscribe;
  readonly onActivity: (listener: (activity: ActivityEvent) => void) => Unsubscribe;
  /** Schedules `onTimeout` after `timeoutMs` in the session's wait machine; the returned function drops the deadline. */
  readonly deadline: (timeoutMs: number, onTimeout: () => void) => Unsubscribe;
}

function validTimeout(timeoutMs: unknown): number | ElwoodError {
  if (timeoutMs === undefined) return DEFAULT_WAIT_TIMEOUT_MS;
  return timerDelayProblem("timeoutMs", timeoutMs, true) ?? (timeoutMs as number);
}

export function waitForStatus(
  sources: WaitSources,
  match: (status: SessionStatus) => boolean,
  timeoutMs?: number,
): Promise<SessionStatus> {
  if (typeof match !== "function") {
    return Promise.reject(new ElwoodError("invalid_argument", "waitForStatus needs a match function"));
  }
  const timeout = validTimeout(timeoutMs);
  if (timeout instanceof ElwoodError) return Promise.reject(timeout);
  return new Promise((resolve, reject) => {
    const settleWith = (status: SessionStatus): boolean => {
      let matched: boolean;
      try {
        matched = match(status);
      } catch (error) {
        reject(new ElwoodError("invalid_argument", "waitForStatus match function threw", { cause: String(error) }));
        return true;
      }
      if (matched) {
        resolve(status);
        return true;
      }
      if (isTerminalStatus(status)) {
        reject(new ElwoodError("session_not_running", `session ended (${status}) before the awaited status`, { status }));
        return true;
      }
      return false;
    };
    if (settleWith(sources.currentStatus())) return;
    const unsubscribe = sources.onStatus((status) => {
      if (settleWith(status)) {
        dropDeadline();
        unsubscribe();
      }
    });
    const dropDeadline = sources.deadline(timeout, () => {
      unsubscribe();
      reject(new ElwoodError("wait_timeout", `no matching status within ${timeout} ms`, { timeoutMs: timeout }));
    });
  });
}

export function waitForActivity(
  sources: WaitSources,
  match: (activity: ActivityEvent) => boolean,
  timeoutMs?: number,
): Promise<ActivityEvent> {
  if (typeof match !== "function") {
    return Promise.reject(new ElwoodError("invalid_argument", "waitForActivity needs a match function"));
  }
  const timeout = validTimeout(timeoutMs);
  if (timeout instanceof ElwoodError) return Promise.reject(timeout);
  const status = sources.currentStatus();
  if (isTerminalStatus(status)) {
    return Promise.reject(new ElwoodError("session_not_running", `session is ${status}`, { status }));
  }
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      dropDeadline();
      offActivity();
      offStatus();
    };
    const offActivity = sources.onActivity((activity) => {
      let matched = false;
      try {
        matched = match(activity);
      } catch (error) {
        cleanup();
        reject(new ElwoodError("invalid_argument", "waitForActivity match function threw", { cause: String(error) }));
        return;
      }
      if (matched) {
        cleanup();
        resolve(activity);
      }
    });
    const offStatus = sources.onStatus((next) => {
      if (isTerminalStatus(next)) {
        cleanup();
        reject(new ElwoodError("session_not_running", `session ended (${next}) before the awaited activity`, { status: next }));
      }
    });
    const dropDeadline = sources.deadline(timeout, () => {
      offActivity();
      offStatus();
      reject(new ElwoodError("wait_timeout", `no matching activity within ${timeout} ms`, { timeoutMs: timeout }));
    });
  });
}
