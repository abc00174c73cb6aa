// The session's terminal handle: read-only views of the headless terminal and a typed input path.

import type { PtyHandle } from "../effects/pty/pty-handle.js";
import type { HeadlessTerminal } from "../effects/terminal/headless-terminal.js";
import { rejectWith } from "./contracts/errors.js";
import type { SessionTerminal } from "./session-types.js";

export function terminalHandle(term: HeadlessTerminal, pty: Pick<PtyHandle, "exited">): SessionTerminal {
  return {
    get xterm() {
      return term.xterm;
    },
    get size() {
      return term.size;
    },
    get title() {
      return term.title;
    },
    get renderFailed() {
      return term.renderFailed;
    },
    snapshot: () => term.snapshot(),
    settled: () => term.settled(),
    sendInput: (data: string) => {
      if (typeof data !== "string") return rejectWith("invalid_argument", "sendInput takes a string");
      if (pty.exited) return rejectWith("session_not_running", "the agent process has exited");
      try {
        term.sendInput(data);
        return Promise.resolve();
      } catch (error) {
        return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
      }
    },
  };
}
