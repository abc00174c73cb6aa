// Bounded waits for a terminal to render what it received: the observed-screen rule's wait before a write, and the
// drain that lets the CLI's last output render before the renderer is disposed.

import type { HeadlessTerminal } from "./headless-terminal.js";

/**
 * The render wait before an exit is announced, and the whole drain before a dispose (every settle pass together), each
 * get this long; then the exit is announced, or the renderer goes, anyway.
 */
export const RENDER_DRAIN_BUDGET_MS = 1000;

/** What a drain needs of a terminal (tests pass a stalled or a never-quiet one). */
export type DrainableTerminal = Pick<HeadlessTerminal, "settled" | "receivedBytes" | "dispose">;

/** True once everything received is rendered, false when `ms` ran out first. */
export function settledWithin(terminal: Pick<HeadlessTerminal, "settled">, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void terminal.settled().then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Renders what was received, then disposes. The drain ends after a full settle pass in which nothing new came from the
 * PTY (one loop turn after rendering lets a pending read arrive), or when the budget shared by all passes runs out:
 * a stalled renderer or a PTY that never goes quiet is disposed then. It always disposes, whatever failed.
 */
export async function drainThenDispose(terminal: DrainableTerminal, budgetMs = RENDER_DRAIN_BUDGET_MS): Promise<void> {
  const deadline = Date.now() + budgetMs;
  try {
    for (;;) {
      const before = terminal.receivedBytes();
      const left = deadline - Date.now();
      if (left <= 0 || !(await settledWithin(terminal, left))) return;
      await nextTurn();
      if (terminal.receivedBytes() === before) return;
    }
  } finally {
    terminal.dispose();
  }
}
