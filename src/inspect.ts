// The `elwood/inspector` entry point: inspect() opens the local web inspector on live sessions and returns its URL.

import { startInspectorServer } from "../inspector/server.js";
import { SessionFacade } from "./agent-session.js";
import type { AgentSession } from "./session-api.js";
import { ElwoodError } from "./contracts/errors.js";

export interface InspectOptions {
  /** TCP port on 127.0.0.1; 0 or absent picks a free one. */
  readonly port?: number;
  /** Path of a model-coverage report (`npm test` writes .artifacts/model-coverage/coverage-report.json): the page can colour each graph by what the tests walk. */
  readonly coverageReport?: string;
}

export interface InspectorHandle {
  /** `http://127.0.0.1:<port>/?token=<per-run token>`; only this URL can load the page or drive the sessions. */
  readonly url: string;
  /** Stops the server and disconnects every page; the sessions keep running. Never rejects. */
  close(): Promise<void>;
}

/**
 * Serves the inspector page for the given sessions on 127.0.0.1. The page shows each session's live terminal,
 * actor tree, machine graphs, status decisions and event timeline, and drives the session through its public
 * methods. Hook point for other tools: `subscribeInspection` (exported beside this) carries the same XState
 * inspection stream, e.g. to forward it to @statelyai/inspect (not a dependency) behind a caller's own flag.
 */
export async function inspect(target: AgentSession | readonly AgentSession[], options: InspectOptions = {}): Promise<InspectorHandle> {
  const sessions = Array.isArray(target) ? [...(target as readonly unknown[])] : [target];
  // Every session Elwood returns is a facade; the inspector reads its actor tree, which only the facade has.
  if (sessions.length === 0 || !sessions.every((s): s is SessionFacade => s instanceof SessionFacade)) {
    throw new ElwoodError("invalid_argument", "inspect takes a session or a non-empty array of sessions");
  }
  if (new Set(sessions.map((s) => s.elwoodSessionId)).size !== sessions.length) {
    throw new ElwoodError("invalid_argument", "the same session was given twice");
  }
  if (typeof options !== "object" || options === null) throw new ElwoodError("invalid_argument", "options must be an object");
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ElwoodError("invalid_argument", "port must be an integer 0–65535");
  if (options.coverageReport !== undefined && typeof options.coverageReport !== "string") throw new ElwoodError("invalid_argument", "coverageReport must be a file path");
  try {
    const server = await startInspectorServer(sessions, { port, ...(options.coverageReport === undefined ? {} : { coverageReport: options.coverageReport }) });
    return { url: server.url, close: () => server.close().catch(() => {}) };
  } catch (error) {
    throw new ElwoodError("start_failed", "the inspector server could not listen", { port, cause: String(error) });
  }
}
