// @ts-check
// Hook bridge child: the CLI runs this per hook; it forwards stdin to the Elwood session over a Unix socket and prints the reply.
//
// Kept to node:net only and no work before connecting, because Claude waits on every blocking hook.
// Every failure exits 0 with empty stdout (fail open): a broken bridge must never block the CLI.
//
// Wire protocol (see protocol.ts, the server-side twin of these constants):
//   request = one JSON header line {"v":1,"token":…,"event":…,"size":N[,"oversized":true]} + "\n" + N raw body bytes
//   reply   = one JSON line {"stdout":…,"stderr"?:…,"exitCode":…} + "\n"
import { readFileSync } from "node:fs";
import { connect } from "node:net";

const MAX_BYTES = 8 * 1024 * 1024;
const REPLY_MAX = 16 * 1024 * 1024;
const MARGIN_MS = 2000;
/** connect errors that mean "try again shortly", not "there is no session". */
const RETRYABLE = new Set(["EAGAIN", "ECONNREFUSED"]);
const RETRY_FIRST_MS = 5;
const RETRY_MAX_MS = 100;

let done = false;

/** @param {number} code @param {string} [out] @param {string} [err] */
function finish(code, out, err) {
  if (done) return;
  done = true;
  // Exit only after stdout/stderr drained, so a large decision is never cut off.
  let pending = 1;
  const step = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  if (out) {
    pending += 1;
    process.stdout.write(out, step);
  }
  if (err) {
    pending += 1;
    process.stderr.write(err, step);
  }
  step();
}

const failOpen = () => finish(0);

/**
 * Where the server is and how to prove we are its bridge. Elwood names its private 0600 config file as the last
 * argument, so the token is never in the environment the CLI hands to its tools; the ELWOOD_HOOK_* variables are
 * only for running this script by hand.
 * @returns {{ socket?: unknown, token?: unknown, timeoutMs?: unknown }}
 */
function readConfig() {
  const file = process.argv[3];
  if (file === undefined) {
    return { socket: process.env.ELWOOD_HOOK_SOCKET, token: process.env.ELWOOD_HOOK_TOKEN, timeoutMs: Number(process.env.ELWOOD_HOOK_TIMEOUT_MS) };
  }
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

const event = process.argv[2];
const config = readConfig();
const socketPath = typeof config.socket === "string" && config.socket !== "" ? config.socket : undefined;
const token = typeof config.token === "string" && config.token !== "" ? config.token : undefined;
const timeoutMs = typeof config.timeoutMs === "number" && Number.isFinite(config.timeoutMs) && config.timeoutMs > 0 ? config.timeoutMs : 30000;
/** Node turns a longer timer into 1 ms, which would fail every hook open at once. */
const TIMER_MAX_MS = 2147483647;

if (!event || !socketPath || !token) {
  failOpen();
} else {
  const timer = setTimeout(failOpen, Math.min(timeoutMs + MARGIN_MS, TIMER_MAX_MS));
  timer.unref?.();
  run(event, socketPath, token);
}

/** @param {string} ev @param {string} path @param {string} tok */
function run(ev, path, tok) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  let oversized = false;
  let stdinDone = false;
  let connected = false;

  // Connect while stdin is still arriving: the two waits overlap. A full listen backlog (EAGAIN, hundreds of
  // simultaneous hooks) or a server not listening yet (ECONNREFUSED) is retried with a short backoff until the
  // bridge's own deadline fails it open; any other error fails open at once.
  let sock = open();
  let backoffMs = RETRY_FIRST_MS;

  function open() {
    const s = connect(path);
    s.on("error", (/** @type {NodeJS.ErrnoException} */ e) => {
      if (connected || !RETRYABLE.has(String(e.code))) return failOpen();
      s.removeAllListeners("close");
      s.destroy();
      setTimeout(() => {
        sock = open();
      }, backoffMs);
      backoffMs = Math.min(backoffMs * 2, RETRY_MAX_MS);
    });
    s.on("close", failOpen);
    s.on("connect", () => {
      connected = true;
      if (stdinDone) send();
    });
    return s;
  }

  const stdin = process.stdin;
  stdin.on("data", (/** @type {Buffer} */ chunk) => {
    if (oversized) return;
    size += chunk.length;
    if (size > MAX_BYTES) {
      // OOM guard: stop buffering at the ceiling and only tell the server the body was too big.
      oversized = true;
      chunks.length = 0;
      stdin.pause();
      stdin.destroy();
      onStdinEnd();
      return;
    }
    chunks.push(chunk);
  });
  stdin.on("end", onStdinEnd);
  stdin.on("error", onStdinEnd);

  function onStdinEnd() {
    if (stdinDone) return;
    stdinDone = true;
    if (connected) send();
  }

  function send() {
    const body = oversized ? Buffer.alloc(0) : Buffer.concat(chunks);
    /** @type {Record<string, unknown>} */
    const header = { v: 1, token: tok, event: ev, size: body.length };
    if (oversized) header.oversized = true;
    sock.write(JSON.stringify(header) + "\n");
    if (body.length > 0) sock.write(body);
    readReply();
  }

  function readReply() {
    /** @type {Buffer[]} */
    const parts = [];
    let got = 0;
    sock.on("data", (/** @type {Buffer} */ chunk) => {
      const nl = chunk.indexOf(10);
      if (nl === -1) {
        got += chunk.length;
        if (got > REPLY_MAX) failOpen();
        else parts.push(chunk);
        return;
      }
      parts.push(chunk.subarray(0, nl));
      onReply(Buffer.concat(parts).toString("utf8"));
    });
  }

  /** @param {string} line */
  function onReply(line) {
    /** @type {unknown} */
    let reply;
    try {
      reply = JSON.parse(line);
    } catch {
      return failOpen();
    }
    if (typeof reply !== "object" || reply === null) return failOpen();
    const r = /** @type {Record<string, unknown>} */ (reply);
    const code = r.exitCode;
    if (typeof r.stdout !== "string" || typeof code !== "number" || !Number.isInteger(code) || code < 0 || code > 255) {
      return failOpen();
    }
    if (r.stderr !== undefined && typeof r.stderr !== "string") return failOpen();
    sock.destroy();
    finish(code, r.stdout, /** @type {string | undefined} */ (r.stderr));
  }
}
