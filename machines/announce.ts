// How a child machine announces an edge: observers of a standalone actor see the emit, a parent receives it directly.

import type { EventObject } from "xstate";

interface Announcer<E extends EventObject> {
  emit(event: E): void;
  sendParent(event: E): void;
}

export function announce<E extends EventObject>(enqueue: Announcer<NoInfer<E>>, self: { readonly _parent?: unknown }, event: E): void {
  enqueue.emit(event);
  if (self._parent !== undefined) enqueue.sendParent(event);
}
