// The session's headless terminal as everyone outside the io actor reaches it: the io actor creates the terminal when
// it starts and fills this slot (with how a caller's size reaches it); the facade reads the terminal's views, replays
// its output, types into it and resizes it through here.

import type { TerminalSize } from "../src/contracts/public-types.js";
import type { HeadlessTerminal } from "./terminal/headless-terminal.js";
import { drainThenDispose } from "./terminal/render-drain.js";

/** Created empty by the launcher and handed to the io actor, which alone may `fill` it. */
export class TerminalSlot {
  private current: HeadlessTerminal | undefined;
  private applySize: ((size: TerminalSize) => void) | undefined;

  /** Called by the io actor once it created the terminal, with how it applies a size the caller asks for. */
  fill(terminal: HeadlessTerminal, resize: (size: TerminalSize) => void): void {
    this.current = terminal;
    this.applySize = resize;
  }

  /** The session's terminal; it exists once the tree started (the facade starts it in its constructor). */
  get headless(): HeadlessTerminal {
    if (this.current === undefined) throw new Error("the session's terminal is created when its io actor starts");
    return this.current;
  }

  /**
   * The caller's size: applied to the PTY and the terminal at once, or, while the spawn's bootstrap size holds, kept
   * for the restore at initial readiness. Throws what the PTY's resize throws.
   */
  resize(size: TerminalSize): void {
    if (this.applySize === undefined) throw new Error("the session's terminal is created when its io actor starts");
    this.applySize(size);
  }

  /** Releases the terminal at once, dropping output not rendered yet (nothing to release if the io actor never started). */
  dispose(): void {
    this.current?.dispose();
  }

  /**
   * Releases the terminal once the session closed, after the output it received has rendered (bounded: see
   * render-drain.ts), so the last screen holds the CLI's last words.
   */
  drainThenDispose(budgetMs?: number): Promise<void> {
    return this.current === undefined ? Promise.resolve() : drainThenDispose(this.current, budgetMs);
  }
}
