// sendKeys: raw input the caller writes to the CLI, bypassing the queue (a dialog answer, a control key).

import { rejectWith } from "./contracts/errors.js";
import type { SessionRuntime } from "./session-types.js";

/** Writes the keys; if a blocking dialog is up and the keys visibly do nothing to it, the caller gets a warning. */
export function writeRawKeys(runtime: SessionRuntime, input: string | Uint8Array): Promise<void> {
  if (typeof input !== "string" && !(input instanceof Uint8Array)) {
    return rejectWith("invalid_argument", "sendKeys takes a string or a Uint8Array");
  }
  try {
    // Raw input hands the draft to the caller (pending recovery Enters are cancelled), and the root's key watch
    // (machines/dialog-key-watch.ts) warns if keys sent to a blocking dialog leave it unchanged.
    runtime.actor.send({ type: "cmd.rawInput" });
    if (typeof input === "string") runtime.terminal.headless.sendInput(input);
    else runtime.pty.write(input);
    return Promise.resolve();
  } catch (error) {
    return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
  }
}
