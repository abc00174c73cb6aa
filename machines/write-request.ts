// The write-request protocol every writing machine shares: one pending request id, the write sent straight to the
// I/O edge by its system id with the writer as reply-to, and the edge's answer matched on that id.

import { assign, enqueueActions, type AnyActorRef, type EventObject } from "xstate";
import { ElwoodError } from "../src/contracts/errors.js";
import { IO_SYSTEM_ID, type IoFailedEvent, type IoWriteCommand, type IoWriteRequest } from "../src/contracts/events.js";

/** The context fields of a machine that asks the edge to write (or an effect to run), one request at a time. */
export interface WriteRequestContext {
  readonly seq: number;
  readonly pendingRequestId: string | null;
}

/** The edge's answer (`io.written` / `io.held` / `io.failed`, `effect.result`) is for the request still pending. */
export function isOurs<C extends WriteRequestContext, E extends EventObject>({ context, event }: { readonly context: C; readonly event: E }): boolean {
  return "requestId" in event && (event as { readonly requestId?: unknown }).requestId === context.pendingRequestId;
}

/** What `sendWrite` needs of an action's arguments: the actor system and the writer itself. */
interface WriterScope {
  readonly system: { get(systemId: string): AnyActorRef | undefined };
  readonly self: AnyActorRef;
  readonly enqueue: { sendTo(target: AnyActorRef, event: EventObject): void };
}

/**
 * Sends one write to the I/O edge by its system id, the writer as its reply-to: the edge answers the writer alone,
 * nothing relays it. With no edge in the system (the tree is gone) the write fails at once, as a write to an exited
 * process does.
 */
export function sendWrite({ system, self, enqueue }: WriterScope, write: IoWriteRequest): void {
  const io = system.get(IO_SYSTEM_ID);
  if (io === undefined) {
    const failed: IoFailedEvent = { type: "io.failed", requestId: write.requestId, error: new ElwoodError("session_not_running", "the session has no I/O edge") };
    enqueue.sendTo(self, failed);
    return;
  }
  const command: IoWriteCommand = { ...write, replyTo: self };
  enqueue.sendTo(io, command);
}

/**
 * The actions of the protocol: `nextRequest` allocates the next request id (`idFor` names it from the context
 * and the new sequence number), `clearRequest` forgets it once answered, `toParent` sends what the machine
 * built: an `io.write` straight to the edge (`sendWrite`), every other event to the parent. It is the one side
 * effect, so graph traversal can stub it.
 */
export function writeRequestActions<C extends WriteRequestContext, E extends EventObject, P extends EventObject>(idFor: (context: C, seq: number) => string) {
  return {
    nextRequest: assign<C, E, undefined, E, never>(({ context }) => ({ seq: context.seq + 1, pendingRequestId: idFor(context, context.seq + 1) }) as Partial<C>),
    clearRequest: assign<C, E, undefined, E, never>(() => ({ pendingRequestId: null }) as Partial<C>),
    toParent: enqueueActions<C, E, { readonly events: readonly P[] }, E, never, never, never, never, P>(({ enqueue, system, self }, params) => {
      for (const event of params.events) {
        if (event.type === "io.write") sendWrite({ system, self, enqueue: enqueue as unknown as WriterScope["enqueue"] }, event as unknown as IoWriteRequest);
        else enqueue.sendParent(event);
      }
    }),
  };
}
