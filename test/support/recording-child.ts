// A stand-in child for a machine that invokes children: it records every event its parent forwards, sends its parent
// what a test tells it to, and finishes with the output it is given, so the parent's routing can be asserted.

import { assign, sendParent, setup, type AnyActorRef, type EventObject } from "xstate";

/** Tell the recording child to send `event` to its parent (as the real child's effect.request or report would). */
export type ToParentCommand = { readonly type: "recording.toParent"; readonly event: EventObject };
/** Tell the recording child to finish with `output` (as the real child's final state would). */
export type FinishCommand = { readonly type: "recording.finish"; readonly output: unknown };

interface RecordingContext {
  readonly got: readonly EventObject[];
  readonly output: unknown;
}

export const recordingChild = setup({
  types: { context: {} as RecordingContext, events: {} as EventObject, output: {} as unknown },
}).createMachine({
  id: "recordingChild",
  context: { got: [], output: undefined },
  initial: "running",
  states: {
    running: {
      on: {
        "recording.toParent": { actions: sendParent(({ event }) => (event as ToParentCommand).event) },
        "recording.finish": { target: "finished", actions: assign({ output: ({ event }) => (event as FinishCommand).output }) },
        "*": { actions: assign({ got: ({ context, event }) => [...context.got, event] }) },
      },
    },
    finished: { type: "final" },
  },
  output: ({ context }: { readonly context: RecordingContext }) => context.output,
});

/** The events a recording child (invoked under `id` by `parent`) has been forwarded so far. */
export function forwardedTo(parent: AnyActorRef, id: string): readonly EventObject[] {
  const child = (parent.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
  if (!child) throw new Error(`no child ${id} is running`);
  return (child.getSnapshot() as { context: RecordingContext }).context.got;
}

/** Sends a command to the recording child invoked under `id` by `parent`. */
export function commandChild(parent: AnyActorRef, id: string, command: ToParentCommand | FinishCommand): void {
  const child = (parent.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
  if (!child) throw new Error(`no child ${id} is running`);
  child.send(command);
}
