// Graceful shutdown of `elwood serve`: on SIGTERM or SIGINT stop accepting, end the streams, interrupt turns, close every session.

import type { ServeServer } from "./http-server.js";
import type { SessionRegistry } from "./session-registry.js";

export interface ShutdownParts {
  readonly server: ServeServer;
  readonly registry: SessionRegistry;
  /** Subscribes to SIGTERM and SIGINT; returns the unsubscribe. */
  readonly onSignal: (listener: (signal: string) => void) => () => void;
  readonly note: (line: string) => void;
  /** `--ephemeral`: remove every session's stored state at shutdown instead of keeping it resumable. */
  readonly teardown?: boolean;
}

/**
 * Resolves once the server has shut down, either on a signal or when `trigger` is called. A second signal while
 * shutting down kills every agent at once instead of waiting for the stops.
 */
export function awaitShutdown(parts: ShutdownParts): { readonly done: Promise<void>; readonly trigger: (why: string) => void } {
  let started: Promise<void> | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const run = (why: string) => {
    if (started) {
      parts.note(`second ${why}: killing every agent now`);
      for (const live of parts.registry.list()) void live.session.kill().catch(() => {});
      return;
    }
    parts.note(`${why}: shutting down`);
    started = (async () => {
      // Stop accepting and abort every request in flight (SSE streams end) while the sessions close in parallel.
      const closing = parts.server.close();
      await parts.registry.closeAll({ teardown: parts.teardown === true });
      await closing;
    })()
      .catch(() => {})
      .finally(() => {
        off();
        resolveDone();
      });
  };
  const off = parts.onSignal(run);
  return { done, trigger: run };
}
