// `input` listeners: they tap the PTY's own write path, so they see exactly the bytes Elwood writes.

import type { PtyHandle } from "../effects/pty/pty-handle.js";
import type { InputEvent, Unsubscribe } from "./contracts/public-types.js";

export class PtyInputTap {
  private readonly subscriptions = new Map<(e: InputEvent) => void, Unsubscribe>();

  /** `onListenerError` turns a throwing listener into a warning, never a failed write. */
  constructor(
    private readonly pty: Pick<PtyHandle, "onInput">,
    private readonly onListenerError: () => void,
  ) {}

  on(listener: (e: InputEvent) => void): Unsubscribe {
    const off = this.pty.onInput((bytes) => {
      try {
        listener({ at: Date.now(), bytes });
      } catch {
        this.onListenerError();
      }
    });
    this.subscriptions.set(listener, off);
    return () => this.off(listener);
  }

  off(listener: (e: InputEvent) => void): void {
    this.subscriptions.get(listener)?.();
    this.subscriptions.delete(listener);
  }
}
