// `elwood serve`: builds the registry, the route table and the HTTP server, prints where it listens, and runs until a signal.

import { isElwoodError } from "../../src/index.js";
import { CliError, EXIT } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { RunValues } from "../options.js";
import type { OutputWriter } from "../output-writer.js";
import type { RunSettings } from "../settings.js";
import { compatTarget } from "./compat-routes.js";
import { ServeServer } from "./http-server.js";
import { HttpProblem } from "./problem.js";
import { jsonLineLogger } from "./request-log.js";
import { serveRouteTable } from "./route-table.js";
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
  let compat: ReturnType<typeof compatTarget> | undefined;
  const { routes, schemas } = serveRouteTable(registry, () => compat, { maxUploadBytes: serve.maxUploadBytes });
  const note = (line: string) => {
    io.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), note: line })}\n`);
  };
  const server = new ServeServer({
    routes,
    token: serve.token,
    allowedHosts: serve.allowedHosts,
    allowedOrigins: serve.allowedOrigins,
    maxBodyBytes: serve.maxBodyBytes,
    log: jsonLineLogger(io.stderr),
    onInternalError: (error, method, path) => note(`${method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    // agentapi's routes are about the default session.
    sessionOf: (route, params) => params.id ?? (route.group === "compat" ? DEFAULT_SESSION_ID : undefined),
    schemas,
  });

  if (values.agent !== undefined) {
    // --agent: one default session that agentapi's routes serve; a bad setting fails the command before it listens.
    const live = await registry.create({}, DEFAULT_SESSION_ID).catch((error: unknown) => {
      throw error instanceof HttpProblem ? new CliError(error.code, error.detail, EXIT.usage) : error;
    });
    compat = compatTarget(live);
  }
  const shutdown = awaitShutdown({ server, registry, onSignal: deps.onSignal ?? processSignals, note, teardown: values.ephemeral === true });
  const bound = await server.listen(serve.port, serve.host).catch(async (error: unknown) => {
    shutdown.trigger("listen failed");
    await shutdown.done;
    throw new CliError("listen_failed", `cannot listen on ${serve.host}:${serve.port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, EXIT.failure);
  });
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
  if (compat !== undefined) {
    // Started at once, so the first message finds the agent ready; a failed start is reported on /events.
    const target = compat;
    registry
      .require(DEFAULT_SESSION_ID)
      .session.start()
      .catch((error: unknown) => target.conversation.startFailed(isElwoodError(error) ? error.code : "start_failed", error instanceof Error ? error.message : String(error)));
  }
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
