// Per-session hook IPC server: a private Unix socket that authenticates bridge.mjs calls and answers each with one reply.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { constants } from "node:fs";
import { chmod, mkdtemp, open, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElwoodError } from "../../src/contracts/errors.js";
import { writeOwner } from "../session-owner.js";
import { systemFailure } from "../system-failure.js";
import { sweepStaleHookDirs } from "../stale-sweep.js";
import { dispatchWithSafetyNet } from "./dispatch-with-safety-net.js";
import { HOOK_TOKEN_HEADER, HookHttpListener, type HookHttpChecks } from "./http-listener.js";
import { encodeReply, FAIL_OPEN_REPLY, HEADER_MAX_BYTES, HOOK_MAX_BYTES, parseHeader, type BridgeReply } from "./protocol.js";

export type HookBridgeRequest = { readonly event: string; readonly payload: Record<string, unknown> };
export type HookBridgeHandler = (req: HookBridgeRequest) => Promise<BridgeReply>;
export type HookBridgeError = {
  readonly category: "invalid_input" | "bridge_error";
  readonly event?: string;
  readonly message: string;
  /**
   * Oversized and wrong-token calls: unauthenticated IPC noise (spec B §7.4/§7.5). Reported for diagnostics only;
   * a session does not turn them into public hookError events.
   */
  readonly noise?: true;
};

export type HookBridgeServerOptions = {
  readonly knownEvents: ReadonlySet<string>;
  readonly handler: HookBridgeHandler;
  /** Body ceiling in bytes; defaults to 8 MiB, the same ceiling bridge.mjs applies before sending. */
  readonly maxBytes?: number;
  /** The handler deadline; the bridge gives up 2 s after it, the server's own safety net 1 s after it. */
  readonly timeoutMs: number;
  /** Also listen on 127.0.0.1 for hooks the CLI POSTs itself (Claude's `type: "http"`), with the same checks. */
  readonly http?: boolean;
};

/** Where a CLI's own HTTP hook reaches this session, and the header that proves it is the session's CLI. */
export type HookHttpEndpoint = {
  readonly url: (event: string) => string;
  /** Literal header values: they live only in the 0600 settings file, never in the CLI's environment. */
  readonly headers: Readonly<Record<string, string>>;
};

/** macOS sun_path is 104 bytes including the terminator. */
const SUN_PATH_MAX = 103;
const SOCKET_NAME = "hook.sock";
/** What bridge.mjs reads to reach this server: socket path, token, deadline. 0600, next to the socket. */
const CONFIG_NAME = "bridge.json";
/** What bridge.bash reads to reach the HTTP listener: one line "port token maxBytes deadlineSeconds". 0600. */
const HTTP_CONFIG_NAME = "bridge-http.conf";
/** bridge.bash waits this much past the handler deadline for an answer, as bridge.mjs does. */
const CLIENT_MARGIN_MS = 2000;
const DIR_PREFIX = "elwood-hook-";
const SAFETY_NET_MS = 1000;
/**
 * Node's default backlog (511) overflows when hundreds of hooks fire at once (parallel tool calls, subagents), and
 * connect then fails with EAGAIN. The kernel clamps this to its own limit (somaxconn); the bridge retries beyond.
 */
const LISTEN_BACKLOG = 4096;
/** Simultaneous calls held at most; beyond it new connections are closed at once (the bridge fails open). */
const MAX_CONNECTIONS = 2048;
/** How long a written reply may take to drain to a slow reader before its socket is destroyed anyway. */
const REPLY_FLUSH_MS = 5000;
/** Node turns a longer timer into 1 ms; options validation keeps deadlines below it, this is the last guard. */
const NODE_TIMER_MAX_MS = 2_147_483_647;

export class HookBridgeServer {
  readonly socketPath: string;
  /**
   * The 0600 file the hook command names as its last argument. The token travels only here, never through the
   * environment: the CLI hands its environment to every tool and MCP server it runs.
   */
  readonly configPath: string;
  readonly #dir: string;
  readonly #server: Server;
  readonly #tokenDigest: Buffer;
  readonly #token: string;
  readonly #opts: HookBridgeServerOptions;
  readonly #maxBytes: number;
  readonly #sockets = new Set<Socket>();
  readonly #listeners = new Set<(e: HookBridgeError) => void>();
  #http: HookHttpListener | undefined;
  #closing: Promise<void> | undefined;

  private constructor(dir: string, socketPath: string, server: Server, token: string, opts: HookBridgeServerOptions) {
    this.#dir = dir;
    this.socketPath = socketPath;
    this.configPath = join(dir, CONFIG_NAME);
    this.#server = server;
    this.#token = token;
    this.#tokenDigest = digest(token);
    this.#opts = opts;
    this.#maxBytes = opts.maxBytes ?? HOOK_MAX_BYTES;
  }

  static async start(opts: HookBridgeServerOptions): Promise<HookBridgeServer> {
    let dir: string | undefined;
    let bridge: HookBridgeServer | undefined;
    try {
      dir = await mkdtemp(join(socketBase(), DIR_PREFIX));
      await chmod(dir, 0o700);
      const socketPath = join(dir, SOCKET_NAME);
      // The token lives only in memory and in the private config file; a restart mints a new one.
      const token = randomBytes(32).toString("base64url");
      const server = createServer({ allowHalfOpen: true });
      server.maxConnections = MAX_CONNECTIONS;
      bridge = new HookBridgeServer(dir, socketPath, server, token, opts);
      const started = bridge;
      server.on("connection", (sock) => started.#accept(sock));
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ path: socketPath, backlog: LISTEN_BACKLOG }, () => {
          server.off("error", reject);
          resolve();
        });
      });
      server.on("error", (e: Error) => started.#report({ category: "bridge_error", message: `hook server error: ${e.message}` }));
      await chmod(socketPath, 0o600);
      if (opts.http === true) bridge.#http = await HookHttpListener.start(bridge.#httpChecks());
      await writePrivateFile(bridge.configPath, JSON.stringify({ socket: socketPath, token, timeoutMs: opts.timeoutMs }));
      if (bridge.#http !== undefined) {
        const deadlineSec = ((opts.timeoutMs + CLIENT_MARGIN_MS) / 1000).toFixed(3);
        await writePrivateFile(join(dir, HTTP_CONFIG_NAME), `${bridge.#http.port} ${token} ${bridge.#maxBytes} ${deadlineSec}\n`);
      }
      // A crashed owner cannot remove this directory; the record lets the next start's sweep do it.
      await writeOwner(dir);
      return bridge;
    } catch (e) {
      await bridgeClose(bridge);
      if (dir !== undefined) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      throw new ElwoodError("hook_bridge_failed", "could not start the hook bridge server", systemFailure(e));
    }
  }

  /** Removes hook directories (dead sockets, configs) left by owners that died without closing; never rejects. */
  static sweepStale(): Promise<readonly string[]> {
    return sweepStaleHookDirs(socketBase(), DIR_PREFIX).catch(() => []);
  }

  /** Rejected or failed calls; returns an unsubscribe function. */
  onError(listener: (e: HookBridgeError) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The 0600 file bridge.bash reads (port, token, size ceiling, deadline), when started with `http: true`. */
  get httpConfigPath(): string | undefined {
    return this.#http === undefined ? undefined : join(this.#dir, HTTP_CONFIG_NAME);
  }

  /** The loopback HTTP endpoint, when started with `http: true`. */
  get http(): HookHttpEndpoint | undefined {
    const listener = this.#http;
    if (listener === undefined) return undefined;
    return { url: (event) => listener.url(event), headers: { [HOOK_TOKEN_HEADER]: this.#token } };
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#http?.close();
      await new Promise<void>((resolve) => {
        this.#server.close(() => resolve());
        for (const s of this.#sockets) s.destroy();
      });
      await rm(this.#dir, { recursive: true, force: true });
    })();
    return this.#closing;
  }

  #report(e: HookBridgeError): void {
    for (const l of this.#listeners) {
      try {
        l(e);
      } catch {
        // A failing observer must not take the bridge down or change the reply.
      }
    }
  }

  /** Hook connections currently open (each is destroyed after its reply or its deadline). */
  get connectionCount(): number {
    return this.#sockets.size;
  }

  /** The same limits, token check, event check, deadlines and fail-open answers as the socket's connections. */
  #httpChecks(): HookHttpChecks {
    return {
      maxBytes: this.#maxBytes,
      timeoutMs: this.#opts.timeoutMs,
      maxConnections: MAX_CONNECTIONS,
      safetyNetMs: Math.min(this.#opts.timeoutMs + SAFETY_NET_MS, NODE_TIMER_MAX_MS),
      authenticate: (token) => timingSafeEqual(digest(token), this.#tokenDigest),
      knownEvent: (ev) => this.#opts.knownEvents.has(ev),
      dispatch: (req) => this.#opts.handler(req),
      report: (e) => this.#report(e),
      closed: () => this.#closing !== undefined,
    };
  }

  #accept(sock: Socket): void {
    this.#sockets.add(sock);
    sock.on("close", () => this.#sockets.delete(sock));
    sock.on("error", () => sock.destroy());
    new Connection(sock, this.#opts.timeoutMs, this.#maxBytes, {
      authenticate: (token) => timingSafeEqual(digest(token), this.#tokenDigest),
      knownEvent: (ev) => this.#opts.knownEvents.has(ev),
      dispatch: (req) => this.#opts.handler(req),
      report: (e) => this.#report(e),
      closed: () => this.#closing !== undefined,
    });
  }
}

type ConnectionHooks = {
  authenticate(token: string): boolean;
  knownEvent(event: string): boolean;
  dispatch(req: HookBridgeRequest): Promise<BridgeReply>;
  report(e: HookBridgeError): void;
  closed(): boolean;
};

/** One bridge call: header line, then exactly `size` body bytes, then one reply; anything else is rejected. */
class Connection {
  #state: "header" | "body" | "answered" = "header";
  #head: Buffer[] = [];
  #headLen = 0;
  #body: Buffer[] = [];
  #bodyLen = 0;
  #size = 0;
  #event: string | undefined;
  readonly #deadline: NodeJS.Timeout;

  constructor(
    readonly sock: Socket,
    readonly timeoutMs: number,
    readonly maxBytes: number,
    readonly hooks: ConnectionHooks,
  ) {
    // A request must arrive whole within the handler deadline; a stalled client is not a request.
    this.#deadline = setTimeout(() => this.#reject("bridge_error", "incomplete request before the deadline"), timeoutMs);
    sock.on("data", (chunk: Buffer) => this.#onData(chunk));
    sock.on("end", () => {
      if (this.#state !== "answered") this.#reject("bridge_error", "client closed before a complete request");
    });
    sock.on("close", () => clearTimeout(this.#deadline));
  }

  #onData(chunk: Buffer): void {
    if (this.#state === "header") {
      const nl = chunk.indexOf(10);
      if (nl === -1) {
        this.#headLen += chunk.length;
        if (this.#headLen > HEADER_MAX_BYTES) this.#reject("bridge_error", "request header too long");
        else this.#head.push(chunk);
        return;
      }
      this.#head.push(chunk.subarray(0, nl));
      const line = Buffer.concat(this.#head).toString("utf8");
      this.#head = [];
      if (this.#onHeader(line)) this.#onBody(chunk.subarray(nl + 1));
    } else if (this.#state === "body") {
      this.#onBody(chunk);
    }
    // Bytes after a complete request are ignored: one call per connection.
  }

  /** True when the body should be read next; otherwise the call was already rejected. */
  #onHeader(line: string): boolean {
    const parsed = parseHeader(line);
    if (!parsed.ok) return this.#reject("bridge_error", parsed.reason);
    const h = parsed.header;
    this.#event = h.event;
    // Size first, before authentication and parsing (spec B §7.5).
    if (h.oversized === true || h.size > this.maxBytes) {
      return this.#reject("invalid_input", `hook payload over ${this.maxBytes} bytes`, true);
    }
    if (!this.hooks.authenticate(h.token)) return this.#reject("bridge_error", "hook call with a wrong token", true);
    if (!this.hooks.knownEvent(h.event)) return this.#reject("invalid_input", "unknown hook event");
    this.#size = h.size;
    this.#state = "body";
    return true;
  }

  #onBody(chunk: Buffer): void {
    const need = this.#size - this.#bodyLen;
    const take = chunk.length > need ? chunk.subarray(0, need) : chunk;
    this.#body.push(take);
    this.#bodyLen += take.length;
    if (this.#bodyLen < this.#size) return;
    const text = Buffer.concat(this.#body).toString("utf8");
    this.#body = [];
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      this.#reject("invalid_input", "hook payload is not valid JSON");
      return;
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      this.#reject("invalid_input", "hook payload is not a JSON object");
      return;
    }
    this.#dispatch(this.#event ?? "", payload as Record<string, unknown>);
  }

  #dispatch(event: string, payload: Record<string, unknown>): void {
    this.#state = "answered";
    clearTimeout(this.#deadline);
    // The request is whole: whatever else the client streams is not read (one call per connection).
    this.sock.pause();
    dispatchWithSafetyNet(this.hooks, event, payload, Math.min(this.timeoutMs + SAFETY_NET_MS, NODE_TIMER_MAX_MS), (reply) => this.#reply(reply));
  }

  #reject(category: HookBridgeError["category"], message: string, noise = false): false {
    if (this.#state === "answered") return false;
    this.#state = "answered";
    clearTimeout(this.#deadline);
    const base: HookBridgeError = this.#event === undefined ? { category, message } : { category, event: this.#event, message };
    this.hooks.report(noise ? { ...base, noise: true } : base);
    this.#reply(FAIL_OPEN_REPLY);
    return false;
  }

  /** Writes the one reply, then destroys the socket: a client that never closes its side must not hold a descriptor. */
  #reply(reply: BridgeReply): void {
    if (this.sock.destroyed || this.sock.writableEnded) return;
    this.sock.pause();
    if (this.hooks.closed()) {
      this.sock.destroy();
      return;
    }
    let line: string;
    try {
      line = encodeReply(reply);
    } catch {
      line = encodeReply(FAIL_OPEN_REPLY);
    }
    this.sock.end(line, () => this.sock.destroy());
    // A peer that never reads cannot hold the socket open either.
    setTimeout(() => this.sock.destroy(), REPLY_FLUSH_MS).unref();
  }
}

/** Best-effort stop of a half-started bridge's HTTP listener. */
async function bridgeClose(bridge: HookBridgeServer | undefined): Promise<void> {
  await bridge?.close().catch(() => undefined);
}

/** Exclusive create with 0600 from the start, never through a planted link. */
async function writePrivateFile(path: string, text: string): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    await handle.writeFile(text, "utf8");
  } finally {
    await handle.close();
  }
}

function digest(token: string): Buffer {
  // Equal-length digests let timingSafeEqual compare tokens of any length in constant time.
  return createHash("sha256").update(token, "utf8").digest();
}

function socketBase(): string {
  const base = tmpdir();
  // mkdtemp appends 6 characters; keep the whole socket path under the macOS limit.
  const probe = join(base, `${DIR_PREFIX}XXXXXX`, SOCKET_NAME);
  return Buffer.byteLength(probe) <= SUN_PATH_MAX ? base : "/tmp";
}
