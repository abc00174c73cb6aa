// Issue 14 item 7: hook socket resource limits — replies destroy their socket, 1000 simultaneous calls are all answered,
// and the bridge retries a full backlog (EAGAIN) or a not-yet-listening socket (ECONNREFUSED) inside its deadline.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bridgeScriptPath } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeHandler } from "../../effects/hook-bridge/server.js";
import { bridgeEnv } from "../support/bridge-env.js";
import { prng } from "../support/prng.js";
import { uncaughtDuring } from "../support/uncaught-during.js";
import { runChild } from "../support/run-child.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(handler: HookBridgeHandler, timeoutMs = 5000): Promise<HookBridgeServer> {
  const s = await HookBridgeServer.start({ knownEvents: new Set(["Stop"]), handler, timeoutMs });
  cleanups.push(() => s.close());
  return s;
}

/** One hook call over a raw socket, in bridge.mjs's wire format; resolves with the reply line. */
function call(socketPath: string, token: string, payload: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(JSON.stringify(payload));
    const sock = connect(socketPath);
    let out = "";
    sock.setEncoding("utf8").on("data", (d: string) => (out += d));
    sock.on("close", () => resolve(out));
    sock.on("error", reject);
    sock.on("connect", () => sock.write(`${JSON.stringify({ v: 1, token, event: "Stop", size: body.length })}\n${body.toString()}`));
  });
}

/** A bridge call (whole, wrong-token or garbage) cut at a random byte, its client closing or half-closing in the same tick as the write. */
function cutShortCall(socketPath: string, token: string, next: () => number): Promise<void> {
  const body = JSON.stringify({ session_id: "s", hook_event_name: "Stop", n: Math.floor(next() * 1e6) });
  const kind = next();
  const header = JSON.stringify({ v: 1, token: kind < 0.2 ? "wrong" : token, event: kind < 0.3 && kind >= 0.2 ? "NoSuch" : "Stop", size: Buffer.byteLength(body) });
  const wire = kind > 0.9 ? Buffer.from(Array.from({ length: 1 + Math.floor(next() * 300) }, () => Math.floor(next() * 256))) : Buffer.from(`${header}\n${body}`);
  const where = next();
  const cutAt = where < 0.25 ? header.length + 1 : where < 0.45 ? wire.length : Math.floor(next() * (wire.length + 1));
  const halfClose = next() < 0.3;
  return new Promise((resolve) => {
    const sock = connect(socketPath);
    const giveUp = setTimeout(() => sock.destroy(), 2000);
    sock.on("data", () => undefined);
    sock.on("error", () => sock.destroy());
    sock.on("close", () => {
      clearTimeout(giveUp);
      resolve();
    });
    sock.on("connect", () => {
      if (cutAt > 0) sock.write(wire.subarray(0, cutAt));
      if (halfClose) sock.end();
      else sock.destroy();
    });
  });
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runBridge(configPath: string, stdin: string): Promise<{ code: number | null; stdout: string }> {
  const { code, stdout } = await runChild(process.execPath, [bridgeScriptPath(), "Stop", configPath], { env: { PATH: process.env.PATH ?? "" } }, stdin);
  return { code, stdout };
}

/** A minimal answering server at `path`: reads one header + body per connection, replies "answered". */
function answeringServer(path: string): Promise<Server> {
  const s = createServer((sock: Socket) => {
    let got = Buffer.alloc(0);
    sock.on("data", (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const nl = got.indexOf(10);
      if (nl < 0) return;
      const size = (JSON.parse(got.subarray(0, nl).toString()) as { size: number }).size;
      if (got.length - nl - 1 >= size) sock.end(`${JSON.stringify({ stdout: "answered", exitCode: 0 })}\n`);
    });
    sock.on("error", () => sock.destroy());
  });
  return new Promise((resolve) => s.listen(path, () => resolve(s)));
}

describe("hook socket limits (issue 14 item 7)", () => {
  it("issue 14 item 7: 1000 concurrent hook calls all get their handler's own answer", async () => {
    let inFlight = 0;
    let peak = 0;
    const s = await server(async (req) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 50));
      inFlight--;
      return { stdout: `answer-${String(req.payload["n"])}`, exitCode: 0 };
    });
    const { ELWOOD_HOOK_TOKEN: token } = bridgeEnv(s);
    const replies = await Promise.all(Array.from({ length: 1000 }, (_, n) => call(s.socketPath, token!, { n }).catch((e: Error) => `error ${e.message}`)));
    const wrong = replies.filter((r, n) => r !== `${JSON.stringify({ stdout: `answer-${n}`, exitCode: 0 })}\n`);
    console.log(`hook limits: ${1000 - wrong.length}/1000 concurrent calls answered by the handler (peak ${peak} in flight)`);
    expect(wrong.slice(0, 5)).toEqual([]);
    await until(() => s.connectionCount === 0, "every connection to close");
  }, 60_000);

  it("issue 14 item 7: 200 clients that never close their side are destroyed after the reply or the deadline", async () => {
    const s = await server(async () => ({ stdout: "ok", exitCode: 0 }), 300);
    const { ELWOOD_HOOK_TOKEN: token } = bridgeEnv(s);
    const clients: Socket[] = [];
    const replies: string[] = [];
    for (let i = 0; i < 200; i++) {
      const sock = connect(s.socketPath);
      sock.setEncoding("utf8").on("data", (d: string) => replies.push(d));
      sock.on("error", () => undefined);
      // Half of them send a whole request and wait, half send nothing: neither ever ends its side.
      if (i % 2 === 0) sock.on("connect", () => sock.write(`${JSON.stringify({ v: 1, token, event: "Stop", size: 2 })}\n{}`));
      clients.push(sock);
    }
    cleanups.push(() => clients.forEach((c) => c.destroy()));
    await until(() => replies.length >= 200, "a reply on every connection");
    // No client ever called end(): only the server's destroy can free these descriptors.
    await until(() => s.connectionCount === 0, "the server to let go of every descriptor");
  });

  it("issue 38 item 2: 600 seeded bridge calls cut at a random byte, each client gone in the same tick; nothing throws in this process, every connection is let go and a whole call still works", async () => {
    const s = await server(async (req) => {
      // Answers after the client has gone, so the reply meets a closed peer (EPIPE).
      await new Promise((r) => setTimeout(r, 5));
      return { stdout: `answer-${String(req.payload["n"])}`, exitCode: 0 };
    });
    const { ELWOOD_HOOK_TOKEN: token } = bridgeEnv(s);
    const next = prng(0x38_02);
    // Run in this process: an `error` event on a socket with no listener would surface here as an uncaught exception.
    const caught = await uncaughtDuring(async () => {
      let left = 600;
      const worker = async (): Promise<void> => {
        while (left-- > 0) await cutShortCall(s.socketPath, token!, next);
      };
      await Promise.all(Array.from({ length: 16 }, () => worker()));
      await until(() => s.connectionCount === 0, "the server to let go of every connection");
    });
    expect(caught.slice(0, 3)).toEqual([]);
    expect(await call(s.socketPath, token!, { n: 1 })).toBe(`${JSON.stringify({ stdout: "answer-1", exitCode: 0 })}\n`);
  });

  it("issue 14 item 7: a client streaming after its rejection is cut off", async () => {
    const s = await server(async () => ({ stdout: "never", exitCode: 0 }));
    const sock = connect(s.socketPath);
    const closed = new Promise<void>((resolve) => sock.on("close", () => resolve()));
    sock.on("error", () => undefined);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    sock.on("connect", () => {
      sock.write(`${JSON.stringify({ v: 1, token: "wrong", event: "Stop", size: 10 })}\n`);
      const pump = (): void => {
        while (!sock.destroyed && sock.write(chunk)) {
          // keep writing until the kernel buffer is full or the server cut us off
        }
        if (!sock.destroyed) sock.once("drain", pump);
      };
      pump();
    });
    await closed;
    expect(s.connectionCount).toBe(0);
  });

  it("issue 14 item 7: the bridge retries ECONNREFUSED (stale socket) and EAGAIN (full backlog) until the server answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "elwood-hook-retry-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const payload = JSON.stringify({ session_id: "s", hook_event_name: "Stop" });

    // ECONNREFUSED: a socket file left by a SIGKILLed listener; the real listener appears 400 ms later.
    const stale = join(dir, "stale.sock");
    const dead = spawn(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(stale)}, () => console.log("up"))`], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve) => dead.stdout!.once("data", () => resolve()));
    dead.kill("SIGKILL");
    await new Promise((r) => dead.once("exit", r));
    const refusedConfig = join(dir, "refused.json");
    writeFileSync(refusedConfig, JSON.stringify({ socket: stale, token: "t", timeoutMs: 10_000 }), { mode: 0o600 });
    const refused = runBridge(refusedConfig, payload);
    await new Promise((r) => setTimeout(r, 400));
    unlinkSync(stale);
    const late = await answeringServer(stale);
    cleanups.push(() => new Promise<void>((r) => late.close(() => r())));
    expect(await refused).toEqual({ code: 0, stdout: "answered" });

    // EAGAIN: a listener whose event loop stalls, so its backlog of 1 is full while the bridges connect.
    const stalled = join(dir, "stalled.sock");
    const child: ChildProcess = spawn(
      process.execPath,
      [
        "-e",
        `const net = require("net");
         const s = net.createServer((c) => { let b = ""; c.on("data", (d) => { b += d; const nl = b.indexOf("\\n"); if (nl >= 0 && b.length - nl - 1 >= JSON.parse(b.slice(0, nl)).size) c.end(JSON.stringify({ stdout: "answered", exitCode: 0 }) + "\\n"); }); c.on("error", () => {}); });
         s.listen({ path: ${JSON.stringify(stalled)}, backlog: 0 }, () => { process.stdout.write("up\\n"); process.stdin.once("data", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2500)); });`,
      ],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    cleanups.push(() => void child.kill("SIGKILL"));
    await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
    child.stdin!.write("stall\n");
    await new Promise((r) => setTimeout(r, 100));
    // Fill the backlog, then start bridges against the full queue.
    const fillers = Array.from({ length: 4 }, () => connect(stalled).on("error", () => undefined));
    cleanups.push(() => fillers.forEach((f) => f.destroy()));
    const stalledConfig = join(dir, "stalled.json");
    writeFileSync(stalledConfig, JSON.stringify({ socket: stalled, token: "t", timeoutMs: 10_000 }), { mode: 0o600 });
    const runs = await Promise.all(Array.from({ length: 6 }, () => runBridge(stalledConfig, payload)));
    expect(runs).toEqual(Array.from({ length: 6 }, () => ({ code: 0, stdout: "answered" })));
  }, 60_000);
});
