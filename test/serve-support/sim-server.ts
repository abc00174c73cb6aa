// Test support: an `elwood serve` HTTP server on 127.0.0.1 with the native routes (sessions on the simulated Claude CLI,
// or any factory), and a JSON client that checks every reply against the server's generated OpenAPI document.

import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument, type OpenApiDocument } from "../../cli/serve/openapi.js";
import { ServeServer } from "../../cli/serve/http-server.js";
import { nativeRoutes, type NativeRouteOptions } from "../../cli/serve/native-routes.js";
import type { Route } from "../../cli/serve/route.js";
import { type ServedSession, type SessionFactory, SessionRegistry, type SessionSpec } from "../../cli/serve/session-registry.js";
import { ClaudeSession } from "../../src/index.js";
import { simDir, TEST_LOGIN_SHELL, writeSimWrapper } from "../integration/claude-sim-start.js";
import { simEnv, type SimScript } from "../sim/sim-control.js";
import { expectMatchesDocument } from "./openapi-check.js";

export const TEST_TOKEN = "test-token-0123456789";

export interface SimServer {
  readonly url: string;
  readonly doc: OpenApiDocument;
  readonly registry: SessionRegistry;
  readonly routes: readonly Route[];
  /** A JSON request with the bearer token; the reply is checked against the document (by `pattern`) before it is returned. */
  call<T = unknown>(method: "GET" | "POST" | "DELETE", path: string, pattern: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

export interface ServeWithOptions extends NativeRouteOptions {
  readonly maxSessions?: number;
  /** More routes on the same registry (e.g. agentapi's, for the bench). */
  readonly extraRoutes?: (registry: SessionRegistry) => readonly Route[];
}

export interface SimServerOptions extends ServeWithOptions {
  readonly script?: SimScript;
}

/** A server on 127.0.0.1 serving the native routes over sessions the factory builds; `cleanup` runs after it closed. */
export async function startServeWith(factory: SessionFactory, options: ServeWithOptions = {}, cleanup: () => void = () => {}): Promise<SimServer> {
  const registry = new SessionRegistry(factory, options.maxSessions ?? 16);
  const routes = [...nativeRoutes(registry, options), ...(options.extraRoutes?.(registry) ?? [])];
  const doc = buildOpenApiDocument(routes, { title: "Elwood (test)", version: "0.0.0" });
  const server = new ServeServer({ routes, token: TEST_TOKEN });
  const { port } = await server.listen(0, "127.0.0.1");
  const url = `http://127.0.0.1:${String(port)}`;
  return {
    url,
    doc,
    registry,
    routes,
    async call<T>(method: "GET" | "POST" | "DELETE", path: string, pattern: string, body?: unknown) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${TEST_TOKEN}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const parsed = (await res.json()) as T;
      expectMatchesDocument(doc, method, pattern, res.status, parsed);
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await registry.closeAll({ teardown: true });
      await server.close(500);
      cleanup();
    },
  };
}

/** Every session of the server: a public ClaudeSession whose executable is the simulated Claude behind a wrapper. */
export async function startSimServer(options: SimServerOptions = {}): Promise<SimServer> {
  const dirs: string[] = [];
  const factory = async (spec: SessionSpec): Promise<{ agent: "claude"; cwd: string; session: ServedSession }> => {
    const dir = simDir("elwood-serve-sim-");
    dirs.push(dir);
    const session = new ClaudeSession({
      cwd: dir,
      executable: writeSimWrapper(dir),
      shell: TEST_LOGIN_SHELL,
      initialSize: { cols: 120, rows: 40 },
      env: simEnv({ log: join(dir, "sim.jsonl"), ...(options.script !== undefined ? { script: options.script } : {}) }),
      ...(spec.model !== undefined ? { model: spec.model } : {}),
    });
    return { agent: "claude", cwd: dir, session };
  };
  return startServeWith(factory, options, () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
}
