// Raw sockets an HTTP server hands over (clientError, CONNECT, upgrade): answered with a bare status and closed, never able to throw.

import type { Server } from "node:http";
import type { Duplex } from "node:stream";

/** How long a refused peer that never reads (or never closes its side) may keep its socket. */
const REFUSAL_LINGER_MS = 1000;

function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * Gives a socket taken out of Node's HTTP handling an `error` listener. Node removes its own when it hands a socket
 * to a `connect` or `upgrade` listener; a peer that resets before we write (EPIPE, ECONNRESET) would then throw in
 * the embedding process. Idempotent.
 */
export function guardRawSocket(socket: Duplex): void {
  if (!socket.listeners("error").includes(destroyOnError)) socket.on("error", destroyOnError);
}

/** Answers a raw socket with a status line (`"405 Method Not Allowed"`) and closes it; a peer gone already is just dropped. */
export function refuseRawSocket(socket: Duplex, status: string): void {
  endSoon(socket, `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/** Ends a socket after `last` (and whatever is already queued) is written; a peer that never reads or never closes its side is cut off a moment later. */
function endSoon(socket: Duplex, last?: string): void {
  guardRawSocket(socket);
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Destroyed after a moment rather than at once: closing with unread request bytes would reset the connection and
  // could discard our last bytes before the peer reads them.
  const linger = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
  if (last === undefined) socket.end();
  else socket.end(last);
}

/** The status for a request Node's parser refused (or timed out) before any handler saw it. */
function clientErrorStatus(code: string | undefined): string {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "408 Request Timeout";
  if (code === "HPE_HEADER_OVERFLOW") return "431 Request Header Fields Too Large";
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return "413 Payload Too Large";
  return "400 Bad Request";
}

/** Node keeps the response being written on its socket as `_httpMessage` (undocumented, stable since Node 0.x). */
function replyUnderway(socket: Duplex): boolean {
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return current?.headersSent === true;
}

/**
 * The raw-socket paths every Elwood HTTP server shares: a request Node cannot parse gets its 4xx, a CONNECT (no
 * server of ours tunnels) a 405, each through `refuseRawSocket`. An `upgrade` listener, where a server has one,
 * calls `guardRawSocket` first and refuses through `refuseRawSocket` too.
 */
export function refuseUnservedSockets(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A parse error in a pipelined request while an earlier reply is already on the wire: a status line written now
    // would land inside that reply. What the reply has written so far still goes out, then the connection ends.
    if (replyUnderway(socket)) endSoon(socket);
    else refuseRawSocket(socket, clientErrorStatus(error.code));
  });
  server.on("connect", (_req, socket: Duplex) => refuseRawSocket(socket, "405 Method Not Allowed"));
}
