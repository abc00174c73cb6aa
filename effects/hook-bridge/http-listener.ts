// The hook bridge's loopback HTTP listener: Claude's `type: "http"` hooks POST here, so a hook costs no process spawn.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { refuseUnservedSockets } from "../raw-socket-refusal.js";
import type { BridgeReply } from "./protocol.js";
import { dispatchWithSafetyNet } from "./dispatch-with-safety-net.js";

/** The header Claude sends the session token in (a literal value from the 0600 settings file). */
export const HOOK_TOKEN_HEADER = "x-elwood-hook-token";
/** `POST /hook/<Event>`: the event name is in the path, so a body naming another event is caught by the dispatcher. */
const PATH = /^\/hook\/([A-Za-z][A-Za-z0-9]{0,63})$/;
/** Token and event fit in far less; a larger header block is not a hook call. */
const MAX_HEADER_BYTES = 16 * 1024;

/** The checks the IPC socket server applies, shared so both transports decide alike. */
export type HookHttpChecks = {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxConnections: number;
  readonly safetyNetMs: number;
  authenticate(token: string): boolean;
  knownEvent(event: string): boolean;
  dispatch(req: { readonly event: string; readonly payload: Record<string, unknown> }): Promise<BridgeReply>;
  report(e: { readonly category: "invalid_input" | "bridge_error"; readonly event?: string; readonly message: string; readonly noise?: true }): void;
  closed(): boolean;
};

export class HookHttpListener {
  readonly #server: Server;
  readonly #checks: HookHttpChecks;
  readonly #sockets = new Set<Socket>();
  #port = 0;

  private constructor(server: Server, checks: HookHttpChecks) {
    this.#server = server;
    this.#checks = checks;
  }

  static async start(checks: HookHttpChecks): Promise<HookHttpListener> {
    const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: checks.timeoutMs, headersTimeout: checks.timeoutMs });
    server.maxConnections = checks.maxConnections;
    const listener = new HookHttpListener(server, checks);
    server.on("connection", (sock: Socket) => {
      listener.#sockets.add(sock);
      sock.on("close", () => listener.#sockets.delete(sock));
    });
    server.on("request", (req: IncomingMessage, res: ServerResponse) => listener.#onRequest(req, res));
    // Unparseable HTTP (bad request line, header overflow, bad framing) gets a 4xx, a CONNECT a 405, never a throw.
    refuseUnservedSockets(server);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host: "127.0.0.1", port: 0 }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    server.on("error", (e: Error) => checks.report({ category: "bridge_error", message: `hook http listener error: ${e.message}` }));
    const address = server.address();
    listener.#port = typeof address === "object" && address !== null ? address.port : 0;
    return listener;
  }

  /** The URL Claude POSTs `event`'s hook input to. */
  url(event: string): string {
    return `http://127.0.0.1:${this.#port}/hook/${event}`;
  }

  get port(): number {
    return this.#port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      for (const s of this.#sockets) s.destroy();
    });
  }

  #onRequest(req: IncomingMessage, res: ServerResponse): void {
    try {
      new HttpCall(req, res, this.#checks).run();
    } catch {
      respond(res, 400);
    }
  }
}

/** One hook POST, checked in the IPC server's order: size, token, then the event, then the body. */
class HttpCall {
  #event: string | undefined;
  #done = false;
  #deadline: NodeJS.Timeout | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly checks: HookHttpChecks,
  ) {}

  run(): void {
    const { req, checks } = this;
    req.on("error", () => this.#fail(400));
    this.res.on("error", () => req.socket.destroy());
    const match = PATH.exec(req.url ?? "");
    this.#event = match?.[1];
    const declared = req.headers["content-length"];
    const length = declared === undefined ? undefined : Number(declared);
    // Size first, before authentication and parsing: an oversized call is noise.
    if (length !== undefined && (!Number.isSafeInteger(length) || length < 0)) return this.#reject(400, "bridge_error", "hook request has no valid content length");
    if (length !== undefined && length > checks.maxBytes) return this.#reject(413, "invalid_input", `hook payload over ${checks.maxBytes} bytes`, true);
    const token = req.headers[HOOK_TOKEN_HEADER];
    if (typeof token !== "string" || !checks.authenticate(token)) return this.#reject(401, "bridge_error", "hook call with a wrong token", true);
    if (req.method !== "POST") return this.#reject(405, "bridge_error", "hook call is not a POST");
    if (this.#event === undefined || !checks.knownEvent(this.#event)) return this.#reject(404, "invalid_input", "unknown hook event");
    // A request must arrive whole within the handler deadline; a stalled client is not a request.
    this.#deadline = setTimeout(() => this.#reject(408, "bridge_error", "incomplete request before the deadline"), checks.timeoutMs);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (this.#done) return;
      size += chunk.length;
      if (size > checks.maxBytes) {
        chunks.length = 0;
        this.#reject(413, "invalid_input", `hook payload over ${checks.maxBytes} bytes`, true);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (this.#done) return;
      clearTimeout(this.#deadline);
      this.#body(Buffer.concat(chunks).toString("utf8"));
    });
  }

  #body(text: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return this.#reject(400, "invalid_input", "hook payload is not valid JSON");
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return this.#reject(400, "invalid_input", "hook payload is not a JSON object");
    }
    this.#dispatch(this.#event ?? "", payload as Record<string, unknown>);
  }

  #dispatch(event: string, payload: Record<string, unknown>): void {
    dispatchWithSafetyNet(this.checks, event, payload, this.checks.safetyNetMs, (reply) => this.#answer(reply));
  }

  /**
   * Claude reads a 2xx body as the hook's JSON output (an empty body is "no decision") and treats anything else as
   * a non-blocking error. A reply that is not JSON (or a non-zero exit, which HTTP cannot carry) fails open.
   */
  #answer(reply: BridgeReply): void {
    if (this.#done) return;
    const stdout = typeof reply.stdout === "string" ? reply.stdout : "";
    const json = reply.exitCode === 0 && (stdout === "" || stdout.trimStart().startsWith("{"));
    if (!json) {
      this.checks.report({ category: "bridge_error", ...(this.#event === undefined ? {} : { event: this.#event }), message: "hook reply cannot be carried over HTTP; failed open" });
    }
    this.#send(200, json ? stdout : "");
  }

  #reject(status: number, category: "invalid_input" | "bridge_error", message: string, noise = false): void {
    if (this.#done) return;
    const base = this.#event === undefined ? { category, message } : { category, event: this.#event, message };
    this.checks.report(noise ? { ...base, noise: true } : base);
    this.#send(status, "");
    // Whatever else the client streams is not read.
    this.req.socket.destroySoon?.();
  }

  #fail(status: number): void {
    if (this.#done) return;
    this.#send(status, "");
    this.req.socket.destroy();
  }

  #send(status: number, body: string): void {
    if (this.#done) return;
    this.#done = true;
    clearTimeout(this.#deadline);
    if (this.checks.closed()) {
      this.req.socket.destroy();
      return;
    }
    respond(this.res, status, body);
  }
}

function respond(res: ServerResponse, status: number, body = ""): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  try {
    const bytes = Buffer.from(body, "utf8");
    const headers: Record<string, string | number> = { "content-length": bytes.length, "cache-control": "no-store" };
    if (bytes.length > 0) headers["content-type"] = "application/json";
    if (status >= 400) headers.connection = "close";
    res.writeHead(status, headers);
    res.end(bytes);
  } catch {
    res.destroy();
  }
}
