// The session's terminal handle: read-only views of the headless terminal and a typed input path.

import type { PtyHandle } from "../effects/pty/pty-handle.js";
import type { TerminalSlot } from "../effects/terminal-slot.js";
import { rejectWith } from "./contracts/errors.js";
import type { SessionTerminal } from "./session-types.js";

/** Reads through the slot: the io actor creates the terminal when the tree starts, after this handle is made. */
export function terminalHandle(slot: TerminalSlot, pty: Pick<PtyHandle, "exited">): SessionTerminal {
  return {
    get xterm() {
      return slot.headless.xterm;
    },
    get size() {
      return slot.headless.size;
    },
    get title() {
      return slot.headless.title;
    },
    get renderFailed() {
      return slot.headless.renderFailed;
    },
    snapshot: () => slot.headless.snapshot(),
    settled: () => slot.headless.settled(),
    sendInput: (data: string) => {
      if (typeof data !== "string") return rejectWith("invalid_argument", "sendInput takes a string");
      if (pty.exited) return rejectWith("session_not_running", "the agent process has exited");
      try {
        slot.headless.sendInput(data);
        return Promise.resolve();
      } catch (error) {
        return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
      }
    },
  };
}
