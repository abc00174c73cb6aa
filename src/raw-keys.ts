// sendKeys: raw input the caller writes to the CLI, bypassing the queue (a dialog answer, a control key).

import { rejectWith } from "./contracts/errors.js";
import { watchDialogKeys } from "./dialog-key-watch.js";
import type { SessionEvents } from "./session-events.js";
import type { SessionRuntime } from "./session-types.js";

/** Writes the keys; if a blocking dialog is up and the keys visibly do nothing to it, the caller gets a warning. */
export function writeRawKeys(runtime: SessionRuntime, events: SessionEvents, input: string | Uint8Array): Promise<void> {
  if (typeof input !== "string" && !(input instanceof Uint8Array)) {
    return rejectWith("invalid_argument", "sendKeys takes a string or a Uint8Array");
  }
  try {
    // Raw input hands the draft to the caller: pending recovery Enters are cancelled.
    runtime.actor.send({ type: "cmd.rawInput" });
    if (typeof input === "string") runtime.terminal.sendInput(input);
    else runtime.pty.write(input);
    watchDialogKeys({
      facts: () => events.latestFacts,
      onFrame: (listener) => events.frames.on("frame", (f) => listener(f.facts)),
      warn: (dialog) => events.warning("dialog_keys_no_effect", `keys written to the ${dialog.kind} dialog left it unchanged`, { dialog: dialog.kind }),
    });
    return Promise.resolve();
  } catch (error) {
    return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
  }
}
