// The write-request protocol every writing machine shares: one pending request id, matched on the edge's answer.

import { assign, enqueueActions, type EventObject } from "xstate";

/** The context fields of a machine that asks the edge to write (or an effect to run), one request at a time. */
export interface WriteRequestContext {
  readonly seq: number;
  readonly pendingRequestId: string | null;
}

/** The edge's answer (`io.written` / `io.held` / `io.failed`, `effect.result`) is for the request still pending. */
export function isOurs<C extends WriteRequestContext, E extends EventObject>({ context, event }: { readonly context: C; readonly event: E }): boolean {
  return "requestId" in event && (event as { readonly requestId?: unknown }).requestId === context.pendingRequestId;
}

/**
 * The actions of the protocol: `nextRequest` allocates the next request id (`idFor` names it from the context
 * and the new sequence number), `clearRequest` forgets it once answered, `toParent` sends what the machine
 * built. Every event to the parent goes through `toParent`, so graph traversal can stub the one side effect.
 */
export function writeRequestActions<C extends WriteRequestContext, E extends EventObject, P extends EventObject>(idFor: (context: C, seq: number) => string) {
  return {
    nextRequest: assign<C, E, undefined, E, never>(({ context }) => ({ seq: context.seq + 1, pendingRequestId: idFor(context, context.seq + 1) }) as Partial<C>),
    clearRequest: assign<C, E, undefined, E, never>(() => ({ pendingRequestId: null }) as Partial<C>),
    toParent: enqueueActions<C, E, { readonly events: readonly P[] }, E, never, never, never, never, P>(({ enqueue }, params) => {
      for (const event of params.events) enqueue.sendParent(event);
    }),
  };
}
