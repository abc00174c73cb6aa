// Test host: runs a machine as the invoked child of a tiny recording parent, so its sendParent traffic can be asserted;
// a recording stand-in for the I/O edge (by its system id) records the writes it asks for in the same list.

import { createActor, fromCallback, setup, SimulatedClock, type AnyActorLogic, type AnyActorRef, type EventObject } from "xstate";
import { IO_SYSTEM_ID, type IoReplyTo, type IoWriteCommand, type IoWriteRequest } from "../../src/contracts/events.js";
import { ElwoodError } from "../../src/contracts/errors.js";
import { coverageInspect } from "./model-coverage.js";

/** An event with any payload (EventObject alone rejects payload fields on object literals). */
export type AnyEvent = EventObject & Readonly<Record<string, unknown>>;

export interface HostedChild {
  readonly clock: SimulatedClock;
  /** Every event the child sent to its parent, and every write it sent the I/O edge (without its reply-to), in order. */
  readonly received: EventObject[];
  /** Events sent after the child finished: dropped here on purpose, as the session drops them (never delivered). */
  readonly late: EventObject[];
  /** The hosted child's own actor ref (its invoked children are in its snapshot). */
  readonly ref: AnyActorRef;
  send(event: AnyEvent): void;
  advance(ms: number): void;
  /** The child's current state value (its final one once it is done). */
  value(): unknown;
  /** The child's current context. */
  context(): unknown;
  /** The child's done output, or undefined while it runs. */
  output(): unknown;
  writes(): IoWriteRequest[];
  lastWrite(): IoWriteRequest;
  /** Answer the latest io.write as the I/O edge would: to the machine that asked (its reply-to). */
  answer(kind: "written" | "held" | "failed"): void;
  stop(): void;
}

/**
 * SimulatedClock.increment(n) only fires timers due at the *start* of the jump, and timers armed while it
 * flushes start from the end time; stepping one millisecond at a time keeps chained `after` delays exact.
 */
export function advanceClock(clock: SimulatedClock, ms: number): void {
  for (let i = 0; i < ms; i++) clock.increment(1);
}

export function hostChild(logic: AnyActorLogic, input: unknown): HostedChild {
  const received: EventObject[] = [];
  const late: EventObject[] = [];
  let output: unknown;
  // The I/O edge stand-in: writes arrive here by system id, as the real edge's do; the test answers them itself.
  const replyTos = new Map<EventObject, IoReplyTo>();
  const io = fromCallback<IoWriteCommand>(({ receive }) => {
    receive(({ replyTo, ...write }) => {
      replyTos.set(write, replyTo);
      received.push(write);
    });
  });
  const parent = setup({ actors: { child: logic, io } }).createMachine({
    invoke: [
      { id: "io", systemId: IO_SYSTEM_ID, src: "io" },
      {
        id: "child",
        src: "child",
        input: () => input,
        onDone: { actions: ({ event }) => void (output = event.output) },
      },
    ],
    // A write must go to the I/O edge by its system id, never up: one sent to the parent is recorded as a wrong turn.
    on: { "*": { actions: ({ event }) => void received.push(event.type === "io.write" ? { type: "io.write.sentToParent" } : event) } },
  });
  const clock = new SimulatedClock();
  const actor = createActor(parent, { clock, inspect: coverageInspect });
  actor.start();
  const child = actor.getSnapshot().children["child"] as AnyActorRef;
  const writes = (): IoWriteRequest[] => received.filter((e): e is IoWriteRequest => e.type === "io.write");
  const lastWrite = (): IoWriteRequest => {
    const all = writes();
    const last = all[all.length - 1];
    if (!last) throw new Error("no io.write was requested");
    return last;
  };
  return {
    clock,
    received,
    late,
    ref: child,
    send: (event) => {
      // A finished child would only log "sent to stopped actor"; the session never forwards to one either.
      if ((child.getSnapshot() as { status: string }).status !== "active") late.push(event);
      else child.send(event);
    },
    advance: (ms) => advanceClock(clock, ms),
    value: () => (child.getSnapshot() as { value: unknown }).value,
    context: () => (child.getSnapshot() as { context: unknown }).context,
    output: () => output,
    writes,
    lastWrite,
    answer(kind) {
      const write = lastWrite();
      const { requestId } = write;
      const writer = replyTos.get(write) ?? child;
      if (kind === "failed") {
        writer.send({ type: "io.failed", requestId, error: new ElwoodError("pty_write_failed", "write failed") });
      } else {
        writer.send({ type: kind === "written" ? "io.written" : "io.held", requestId });
      }
    },
    stop: () => actor.stop(),
  };
}

/** `xstate.after.<delay>.<stateId>` → the delay's name, or undefined for an ordinary event. */
export function afterDelayName(eventType: string): string | undefined {
  const match = /^xstate\.after\.([^.]+)\./.exec(eventType);
  return match?.[1];
}

/**
 * The delayed-transition events enabled in a snapshot. A caller-supplied `events` function replaces
 * xstate/graph's own event discovery, so the `after` events must be listed explicitly.
 */
export function afterEvents(snapshot: { readonly _nodes: ReadonlyArray<{ readonly ownEvents: readonly string[] }> }): EventObject[] {
  const types = new Set(snapshot._nodes.flatMap((node) => node.ownEvents).filter((type) => type.startsWith("xstate.after.")));
  return [...types].map((type) => ({ type }));
}
