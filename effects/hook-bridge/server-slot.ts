// The one narrow handle on the session's hook bridge server: filled by the listen actor once the server listens, read
// by the hooks actor (its rejected calls) and the ending actor's release (its close) without holding the server itself.

import type { HookBridgeError, HookBridgeServer } from "./server.js";

/**
 * Created empty by the launcher. Error listeners may subscribe before the server exists; they are attached when it is
 * filled. A close before the fill is remembered: a server that finishes starting after it is closed at once.
 */
export class HookServerSlot {
  private server: Pick<HookBridgeServer, "onError" | "close"> | undefined;
  private closed = false;
  private readonly listeners = new Map<(e: HookBridgeError) => void, () => void>();

  /** Called by the listen actor once, with the server it started. */
  fill(server: Pick<HookBridgeServer, "onError" | "close">): void {
    if (this.closed) {
      void server.close().catch(() => undefined);
      return;
    }
    this.server = server;
    for (const listener of this.listeners.keys()) this.listeners.set(listener, server.onError(listener));
  }

  /** Rejected or failed calls of the server, now or once it is filled; returns an unsubscribe function. */
  onError(listener: (e: HookBridgeError) => void): () => void {
    this.listeners.set(listener, this.server?.onError(listener) ?? (() => undefined));
    return () => {
      this.listeners.get(listener)?.();
      this.listeners.delete(listener);
    };
  }

  /** Closes the server (at once, or as soon as it is filled); never needed twice, harmless when repeated. */
  close(): Promise<void> {
    this.closed = true;
    return this.server?.close() ?? Promise.resolve();
  }
}
