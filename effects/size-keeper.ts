// The io actor's size keeper: the caller's size against the physical one of a CLI spawned at a bootstrap size, and the
// one restore at initial readiness (a native failure there becomes io.resizeRestoreFailed, never a throw).

import type { IoResizeRestoreFailedEvent } from "../src/contracts/events.js";
import { isElwoodError } from "../src/contracts/errors.js";
import type { TerminalSize } from "../src/contracts/public-types.js";
import type { PtyHandle } from "./pty/pty-handle.js";
import type { HeadlessTerminal } from "./terminal/headless-terminal.js";

/**
 * The caller's size against the physical one: while a bootstrap size holds, a resize is only kept (the CLI paints its
 * first screen at the bootstrap width); the restore at initial readiness applies the latest one, once.
 */
export function sizeKeeper(pty: Pick<PtyHandle, "resize">, terminal: Pick<HeadlessTerminal, "resize">, spawned: TerminalSize, requestedSize?: TerminalSize) {
  let requested = requestedSize ?? spawned;
  let bootstrapping = requested.cols !== spawned.cols || requested.rows !== spawned.rows;
  // The PTY first: a native failure leaves the terminal at the size the CLI still paints at.
  const applyPhysical = (size: TerminalSize): void => {
    pty.resize(size);
    terminal.resize(size);
  };
  return {
    resize: (size: TerminalSize): void => {
      requested = size;
      if (!bootstrapping) applyPhysical(size);
    },
    restore: (): IoResizeRestoreFailedEvent | undefined => {
      if (!bootstrapping) return undefined;
      bootstrapping = false;
      try {
        applyPhysical(requested);
        return undefined;
      } catch (error) {
        const errorCode = isElwoodError(error, "invalid_argument") ? "invalid_argument" : "resize_failed";
        return { type: "io.resizeRestoreFailed", requestedCols: requested.cols, requestedRows: requested.rows, errorCode };
      }
    },
  };
}
