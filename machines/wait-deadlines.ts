// The deadlines of waitForStatus / waitForActivity: each wait's timeout is a delayed event of this machine, so it is a
// transition the inspector shows (the facade only matches statuses and activities, it keeps no timer).

import { enqueueActions, sendParent, setup } from "xstate";

/** The facade began a wait that gives up after `timeoutMs`. */
export type WaitStartEvent = { readonly type: "wait.start"; readonly waitId: string; readonly timeoutMs: number };
/** The wait settled (matched, or the session ended): its deadline is dropped. */
export type WaitEndEvent = { readonly type: "wait.end"; readonly waitId: string };
/** A wait's own deadline passed (scheduled when it began). */
export type WaitDeadlineEvent = { readonly type: "wait.deadline"; readonly waitId: string };
/** Sent to the parent: the wait `waitId` timed out. */
export type WaitTimedOutEvent = { readonly type: "wait.timedOut"; readonly waitId: string };

export type WaitDeadlinesEvent = WaitStartEvent | WaitEndEvent | WaitDeadlineEvent;

/** The id of a wait's scheduled deadline event, so it can be cancelled when the wait settles. */
const deadlineId = (waitId: string): string => `wait:${waitId}`;

export const waitDeadlinesMachine = setup({
  types: { events: {} as WaitDeadlinesEvent },
  actions: {
    timedOut: sendParent(({ event }) => ({ type: "wait.timedOut", waitId: (event as WaitDeadlineEvent).waitId }) satisfies WaitTimedOutEvent),
  },
}).createMachine({
  id: "waits",
  initial: "watching",
  states: {
    watching: {
      description: "Each wait in flight has its deadline scheduled here; none is a state of its own, waits overlap freely.",
      on: {
        "wait.start": {
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.raise({ type: "wait.deadline", waitId: event.waitId }, { delay: event.timeoutMs, id: deadlineId(event.waitId) });
          }),
          description: "A wait began: its timeout is scheduled as its own delayed event.",
        },
        "wait.end": {
          actions: enqueueActions(({ event, enqueue }) => enqueue.cancel(deadlineId(event.waitId))),
          description: "The wait settled first: its deadline is cancelled.",
        },
        "wait.deadline": {
          actions: "timedOut",
          description: "A wait's deadline passed: the facade rejects it with wait_timeout.",
        },
      },
    },
  },
});
