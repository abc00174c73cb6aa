// Runs a page's control request through the session's public API (SessionFacade methods only).

import type { SessionFacade } from "../src/agent-session.js";
import type { ClientCommand } from "./protocol.js";

/** Resolves when the session accepted the request; rejects with the session's own error. */
export function runCommand(session: SessionFacade, cmd: ClientCommand): Promise<void> {
  switch (cmd.op) {
    case "send":
      return session.sendMessage(cmd.text ?? "").then(() => undefined);
    case "keys":
      return session.sendKeys(cmd.text ?? "");
    case "interrupt":
      return session.interrupt();
    case "resize":
      return session.resize({ cols: cmd.cols ?? Number.NaN, rows: cmd.rows ?? Number.NaN });
    case "stop":
      return session.stop();
    case "kill":
      return session.kill();
    case "teardown":
      return session.teardown();
    default:
      return Promise.reject(new Error(`unknown operation ${String((cmd as { op: unknown }).op)}`));
  }
}

/** Parses one socket message; anything malformed is dropped rather than guessed at. */
export function parseCommand(raw: string): ClientCommand | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v["t"] !== "cmd" || typeof v["reqId"] !== "number" || typeof v["sid"] !== "string" || typeof v["op"] !== "string") return undefined;
  if (v["text"] !== undefined && typeof v["text"] !== "string") return undefined;
  return value as ClientCommand;
}
