// The inspector's local server: node http + WebSocket on 127.0.0.1, guarded by a per-run token in the URL.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnyStateMachine } from "xstate";
import { WebSocketServer, WebSocket } from "ws";
import type { SessionFacade } from "../src/agent-session.js";
import { guardRawSocket, refuseRawSocket, refuseUnservedSockets } from "../effects/raw-socket-refusal.js";
import { subscribeInspection } from "../src/inspection-hub.js";
import { parseCommand, runCommand } from "./commands.js";
import { readCoverageReport } from "./coverage-file.js";
import { machineGraph } from "./machine-graph.js";
import { pageAssets, type PageAssets } from "./page-assets.js";
import type { MachineGraph, ServerMessage } from "./protocol.js";
import { SessionWatch } from "./session-watch.js";

export interface InspectorServerOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** A model-coverage report file; each page that connects gets it (re-read, so a newer test run shows). */
  readonly coverageReport?: string;
}

export interface InspectorServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** A page that cannot keep up (a stalled tab) is cut off instead of growing the server's memory without bound. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const HOST = "127.0.0.1";
const HEADERS_TIMEOUT_MS = 5000;

function encode(message: ServerMessage): string {
  try {
    return JSON.stringify(message);
  } catch {
    // A detail that cannot be serialised (a cycle) is dropped, the entry itself still shown.
    if (message.t === "timeline") return JSON.stringify({ ...message, entries: message.entries.map(({ detail: _d, ...rest }) => rest) });
    throw new Error("inspector message could not be encoded");
  }
}

/** Equal-length digests: timingSafeEqual throws on buffers of different byte lengths, and any string may be given. */
const tokenDigest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

function sameToken(given: string | null, token: string): boolean {
  return given !== null && timingSafeEqual(tokenDigest(given), tokenDigest(token));
}

/** The request target as a URL, or undefined for one no URL parser accepts (`GET http://[ HTTP/1.1`). */
function requestUrl(req: IncomingMessage, base: string): URL | undefined {
  try {
    return new URL(req.url ?? "/", base);
  } catch {
    return undefined;
  }
}

/** Last-resort answer for a request whose handling failed: a 400 if nothing was sent yet, else the socket goes. */
function refuse(res: ServerResponse): void {
  try {
    if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain", connection: "close" }).end("bad request");
    else res.destroy();
  } catch {
    res.destroy();
  }
}

export async function startInspectorServer(sessions: readonly SessionFacade[], options: InspectorServerOptions = {}): Promise<InspectorServer> {
  const token = randomBytes(24).toString("hex");
  const graphs = new Map<string, MachineGraph>();
  const clients = new Set<WebSocket>();
  let seq = 0;
  let port = 0;

  const broadcast = (message: ServerMessage): void => {
    if (clients.size === 0) return;
    const text = encode(message);
    for (const ws of clients) send(ws, text);
  };
  const sink = {
    broadcast,
    nextSeq: () => ++seq,
    machine: (machine: AnyStateMachine) => {
      if (graphs.has(machine.id)) return;
      const graph = machineGraph(machine);
      graphs.set(machine.id, graph);
      broadcast({ t: "graph", graph });
    },
  };
  const watches = new Map(sessions.map((s) => [s.elwoodSessionId, new SessionWatch(s, sink)] as const));
  const offInspection = subscribeInspection((sid, event) => watches.get(sid)?.onInspection(event));

  // Only this origin may load the page or open the socket: other local pages lack the token, and a rebound DNS
  // name fails the Host check.
  const allowedHost = (req: IncomingMessage): boolean => req.headers.host === `${HOST}:${port}` || req.headers.host === `localhost:${port}`;
  const authorised = (req: IncomingMessage): URL | undefined => {
    if (!allowedHost(req)) return undefined;
    const url = requestUrl(req, `http://${HOST}:${port}`);
    return url && sameToken(url.searchParams.get("token"), token) ? url : undefined;
  };

  // Nothing a request does may escape into the embedding process: every handler's failure becomes a 4xx or a
  // destroyed socket, and a parse error on the wire is answered by Node with 400 before the socket goes.
  // The page only ever sends small GETs: a client that takes seconds over its headers is stalling, not loading.
  const server = http.createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 }, (req, res) => {
    serve(req, res).catch(() => refuse(res));
  });
  refuseUnservedSockets(server);
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = authorised(req);
    if (!url || req.method !== "GET") {
      res.writeHead(url ? 405 : 403, { "content-type": "text/plain" }).end(url ? "method not allowed" : "forbidden");
      return;
    }
    let assets: PageAssets;
    try {
      assets = await pageAssets();
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(`inspector page could not be built: ${String(error)}`);
      return;
    }
    const files: Record<string, [string, string]> = {
      "/": ["text/html; charset=utf-8", assets.html.replaceAll("__TOKEN__", token)],
      "/app.js": ["text/javascript; charset=utf-8", assets.js],
      "/style.css": ["text/css; charset=utf-8", assets.css],
      "/xterm.css": ["text/css; charset=utf-8", assets.xtermCss],
    };
    const file = files[url.pathname];
    if (!file) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": file[0],
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      // Offline by construction: the page may load nothing but its own origin.
      "content-security-policy": `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src ws://${req.headers.host}`,
    });
    res.end(file[1]);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on("upgrade", (req, socket, head) => {
    guardRawSocket(socket);
    try {
      const url = authorised(req);
      const origin = req.headers.origin;
      if (!url || url.pathname !== "/ws" || (origin !== undefined && origin !== `http://${req.headers.host}`)) {
        refuseRawSocket(socket, "403 Forbidden");
        return;
      }
      // ws answers a malformed handshake (bad key, version) with its own 400 itself.
      wss.handleUpgrade(req, socket, head, (ws) => {
        try {
          connect(ws);
        } catch {
          ws.terminate();
        }
      });
    } catch {
      refuseRawSocket(socket, "400 Bad Request");
    }
  });

  function send(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  function connect(ws: WebSocket): void {
    clients.add(ws);
    const offs: Array<() => void> = [];
    send(ws, encode({ t: "hello", sessions: sessions.map((s) => ({ sid: s.elwoodSessionId, agent: s.agent, cwd: s.cwd })) }));
    for (const watch of watches.values()) {
      const catchUp = watch.catchUp(); // reads the tree, which registers every machine's graph first
      for (const graph of graphs.values()) send(ws, encode({ t: "graph", graph }));
      for (const message of catchUp) send(ws, encode(message));
    }
    if (options.coverageReport !== undefined) {
      void readCoverageReport(options.coverageReport).then((machines) => {
        if (machines && clients.has(ws)) send(ws, encode({ t: "coverage", machines }));
      });
    }
    for (const session of sessions) {
      const sid = session.elwoodSessionId;
      let size = `${session.terminal.size.cols}x${session.terminal.size.rows}`;
      try {
        // Replays the live buffer, then streams: the page's xterm is fed bytes, never repainted from snapshots.
        offs.push(
          session.on("terminal:data", (data) => {
            const now = session.terminal.size;
            if (`${now.cols}x${now.rows}` !== size) {
              size = `${now.cols}x${now.rows}`;
              send(ws, encode({ t: "size", sid, cols: now.cols, rows: now.rows }));
            }
            send(ws, encode({ t: "term", sid, data }));
          }),
        );
      } catch {
        // A closed session's terminal is gone; its graph, tree and logs are still shown.
      }
    }
    ws.on("message", (raw) => {
      const cmd = parseCommand(String(raw));
      if (!cmd) return;
      const session = sessions.find((s) => s.elwoodSessionId === cmd.sid);
      const reply = (ok: boolean, error?: string): void =>
        send(ws, encode({ t: "result", reqId: cmd.reqId, ok, ...(error === undefined ? {} : { error }) }));
      if (!session) return reply(false, "unknown session");
      // A session method that broke its promise contract and threw still becomes a rejected command.
      Promise.resolve()
        .then(() => runCommand(session, cmd))
        .then(
          () => reply(true),
          (error: unknown) => {
            const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            watches.get(cmd.sid)?.error(`${cmd.op} failed: ${text}`);
            reply(false, text);
          },
        );
    });
    ws.on("close", () => {
      clients.delete(ws);
      for (const off of offs) off();
    });
    ws.on("error", () => ws.terminate());
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: unknown) => {
    offInspection();
    for (const watch of watches.values()) watch.dispose();
    throw error;
  });
  port = (server.address() as AddressInfo).port;
  // A listening server's later errors (EMFILE on accept under a connection flood) must not become uncaught ones.
  server.on("error", () => undefined);

  let closing: Promise<void> | undefined;
  return {
    url: `http://${HOST}:${port}/?token=${token}`,
    port,
    close: () => {
      closing ??= (async () => {
        offInspection();
        for (const watch of watches.values()) watch.dispose();
        for (const ws of clients) ws.terminate();
        clients.clear();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}
