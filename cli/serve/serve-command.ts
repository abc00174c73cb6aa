// `elwood serve`: builds the registry, the route table and the HTTP server, prints where it listens, and runs until a signal.

import type { CliIo } from "../cli-io.js";
import type { RunValues } from "../options.js";
import type { OutputWriter } from "../output-writer.js";
import type { RunSettings } from "../settings.js";
import { ServeServer } from "./http-server.js";
import { opsRoutes } from "./ops-routes.js";
import { jsonLineLogger } from "./request-log.js";
import type { Route } from "./route.js";
import { resolveServeSettings, type ServeValues } from "./serve-options.js";
import { sessionFactory } from "./session-factory.js";
import { SessionRegistry } from "./session-registry.js";
import { awaitShutdown } from "./shutdown.js";

/** The id of the session the agentapi-compatible routes serve. */
export const DEFAULT_SESSION_ID = "default";

export interface ServeDeps {
  readonly io: CliIo;
  readonly stdout: OutputWriter;
  /** Subscribes to SIGTERM/SIGINT (the process's by default). */
  readonly onSignal?: (listener: (signal: string) => void) => () => void;
}

export async function serveCommand(values: RunValues & ServeValues, settings: RunSettings, deps: ServeDeps): Promise<number> {
  const { io, stdout } = deps;
  const serve = resolveServeSettings(values, io.env);
  const registry = new SessionRegistry(sessionFactory(values, settings, io.cwd, io.env), serve.maxSessions);
  const routes: Route[] = [];
  routes.push(...opsRoutes({ sessions: () => registry.size, maxSessions: serve.maxSessions, routes: () => routes }));
  const server = new ServeServer({
    routes,
    token: serve.token,
    allowedHosts: serve.allowedHosts,
    allowedOrigins: serve.allowedOrigins,
    maxBodyBytes: serve.maxBodyBytes,
    log: jsonLineLogger(io.stderr),
  });
  const note = (line: string) => {
    io.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), note: line })}\n`);
  };
  const shutdown = awaitShutdown({ server, registry, onSignal: deps.onSignal ?? processSignals, note });
  const bound = await server.listen(serve.port, serve.host);
  const urlHost = bound.host.includes(":") ? `[${bound.host}]` : bound.host;
  await stdout.write(
    `${JSON.stringify({
      type: "listening",
      url: `http://${urlHost}:${bound.port}`,
      host: bound.host,
      port: bound.port,
      auth: serve.token === undefined ? "none" : "bearer",
      // Only a token the server made up is printed: a given one is the caller's secret already.
      ...(serve.tokenGenerated ? { token: serve.token } : {}),
      allowedHosts: server.allowedHostList,
    })}\n`,
  );
  await shutdown.done;
  return 0;
}

function processSignals(listener: (signal: string) => void): () => void {
  const onTerm = () => listener("SIGTERM");
  const onInt = () => listener("SIGINT");
  process.on("SIGTERM", onTerm);
  process.on("SIGINT", onInt);
  return () => {
    process.off("SIGTERM", onTerm);
    process.off("SIGINT", onInt);
  };
}
