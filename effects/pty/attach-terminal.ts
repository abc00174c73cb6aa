// Wires one AgentPty to one HeadlessTerminal: output in, xterm input out, backpressure, exit.
import type { HeadlessTerminal } from "../terminal/headless-terminal.js";
import type { AgentPty } from "./agent-pty.js";

export interface AttachOptions {
  /** A write xterm wanted delivered (typed input, query answer) failed; default: ignored. */
  readonly onWriteError?: (error: unknown) => void;
}

/** Returns a detach function. Exit releases backpressure for good (see notifyChildExited). */
export function attachTerminal(pty: AgentPty, terminal: HeadlessTerminal, opts: AttachOptions = {}): () => void {
  const offs = [
    pty.onData((data) => terminal.writeOutput(data)),
    terminal.onInput((data) => {
      try {
        pty.write(data);
      } catch (error) {
        opts.onWriteError?.(error);
      }
    }),
    terminal.onBackpressure((paused) => (paused ? pty.pause() : pty.resume())),
    pty.onExit(() => terminal.notifyChildExited()),
  ];
  return () => {
    for (const off of offs) off();
  };
}
