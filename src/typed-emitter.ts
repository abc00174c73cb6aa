// A tiny typed event emitter whose listeners can never break the emitter (observer isolation).

import type { Unsubscribe } from "./contracts/public-types.js";

type Listener<T> = (payload: T) => void;

export class TypedEmitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Called when a listener throws; the error never reaches the emitter's caller. */
  constructor(private readonly onListenerError: (event: string, error: unknown) => void = () => {}) {}

  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => this.off(event, listener);
  }

  off<E extends keyof Events>(event: E, listener: Listener<Events[E]>): void {
    this.listeners.get(event)?.delete(listener as Listener<never>);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[E]>)(payload);
      } catch (error) {
        this.onListenerError(String(event), error);
      }
    }
  }

  listenerCount(event: keyof Events): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  clear(): void {
    this.listeners.clear();
  }
}
