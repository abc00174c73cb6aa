// Test support for loops: collects a session's `loop` events and waits for the next one that matches (no timing).

import type { ElwoodLoopEvent } from "../../src/contracts/loop.js";

interface LoopEventSource {
  on(event: "loop", listener: (payload: ElwoodLoopEvent) => void): () => void;
}

export class LoopEvents {
  readonly seen: ElwoodLoopEvent[] = [];
  private waiters: Array<{ match: (e: ElwoodLoopEvent) => boolean; resolve: (e: ElwoodLoopEvent) => void }> = [];

  constructor(source: LoopEventSource) {
    source.on("loop", (event) => {
      this.seen.push(event);
      for (const waiter of [...this.waiters]) {
        if (!waiter.match(event)) continue;
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(event);
      }
    });
  }

  /** The first event (already seen after `from`, or still to come) that matches. */
  next<K extends ElwoodLoopEvent["kind"]>(kind: K, loopId?: string, from = 0): Promise<Extract<ElwoodLoopEvent, { kind: K }>> {
    const match = (e: ElwoodLoopEvent): boolean => e.kind === kind && (loopId === undefined || e.loopId === loopId);
    const earlier = this.seen.slice(from).find(match);
    if (earlier) return Promise.resolve(earlier as Extract<ElwoodLoopEvent, { kind: K }>);
    return new Promise((resolve) => this.waiters.push({ match, resolve: resolve as (e: ElwoodLoopEvent) => void }));
  }

  count(kind: ElwoodLoopEvent["kind"]): number {
    return this.seen.filter((e) => e.kind === kind).length;
  }
}
