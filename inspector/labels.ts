// Short readable names for XState's generated event types, shared by the server's graphs and the page.

/** `xstate.after.<delay>.<state id>` → `after <delay>`; `xstate.done.actor.<id>` → `done <id>`. */
export function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done ${done[1]}`;
  return eventType;
}
