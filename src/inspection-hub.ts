// A process-wide fan-out of XState inspection events per session, so the inspector can watch live actors.
//
// XState builds and delivers an inspection event for every event, snapshot and action of every actor as long as one
// observer is attached to the actor system. Sessions are therefore only registered here, and their systems get an
// observer while someone listens: with no listener, a session pays nothing for being inspectable.

import type { InspectionEvent, Subscription } from "xstate";

export type InspectionListener = (sessionId: string, event: InspectionEvent) => void;

/** The one member of an XState actor system used here. */
interface InspectableSystem {
  inspect(observer: (event: InspectionEvent) => void): Subscription;
}

interface Registered {
  readonly sessionId: string;
  /** Weak: registering must not keep a finished session's actors alive. */
  readonly system: WeakRef<InspectableSystem>;
}

const listeners = new Set<InspectionListener>();
const registered = new Set<Registered>();
/** Keyed weakly by the system: the subscription's closures reach the system, which must stay collectable. */
const subscriptions = new WeakMap<InspectableSystem, Subscription>();

export function publishInspection(sessionId: string, event: InspectionEvent): void {
  for (const listener of listeners) {
    try {
      listener(sessionId, event);
    } catch {
      // An inspector failure must never reach the session.
    }
  }
}

function connect(entry: Registered): void {
  const system = entry.system.deref();
  if (system === undefined) {
    registered.delete(entry);
    return;
  }
  if (subscriptions.has(system)) return;
  const { sessionId } = entry;
  subscriptions.set(system, system.inspect((event) => publishInspection(sessionId, event)));
}

function disconnect(entry: Registered): void {
  const system = entry.system.deref();
  if (system === undefined) {
    registered.delete(entry);
    return;
  }
  subscriptions.get(system)?.unsubscribe();
  subscriptions.delete(system);
}

/** Makes a session's actor system inspectable; call before the actor starts so a listener sees its start-up. */
export function registerInspectable(sessionId: string, actor: { readonly system: InspectableSystem }): void {
  for (const entry of registered) if (entry.system.deref() === undefined) registered.delete(entry);
  const entry: Registered = { sessionId, system: new WeakRef(actor.system) };
  registered.add(entry);
  if (listeners.size > 0) connect(entry);
}

export function subscribeInspection(listener: InspectionListener): () => void {
  const first = listeners.size === 0;
  listeners.add(listener);
  if (first) for (const entry of registered) connect(entry);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    for (const entry of registered) disconnect(entry);
  };
}

export function hasInspectionListeners(): boolean {
  return listeners.size > 0;
}
