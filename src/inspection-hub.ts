// A process-wide fan-out of XState inspection events per session, so the inspector can watch live actors.

import type { InspectionEvent } from "xstate";

export type InspectionListener = (sessionId: string, event: InspectionEvent) => void;

const listeners = new Set<InspectionListener>();

export function publishInspection(sessionId: string, event: InspectionEvent): void {
  for (const listener of listeners) {
    try {
      listener(sessionId, event);
    } catch {
      // An inspector failure must never reach the session.
    }
  }
}

export function subscribeInspection(listener: InspectionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasInspectionListeners(): boolean {
  return listeners.size > 0;
}
