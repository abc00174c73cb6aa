// bridge.mjs against hand-rolled Unix socket servers: reply pass-through, malformed replies and silent servers fail open.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bridgeScriptPath } from "../../effects/hook-bridge/bridge-command.js";
import { runChild } from "../support/run-child.js";

type Run = { code: number | null; stdout: string; stderr: string };

function runBridge(env: Record<string, string>, stdin = '{"hook_event_name":"Stop"}'): Promise<Run> {
  return runChild(process.execPath, [bridgeScriptPath(), "Stop"], { env: { PATH: process.env.PATH ?? "", ...env } }, stdin);
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()!();
});

/** A socket server that reads the request header and answers with `reply(headerLine)` (or nothing when undefined). */
async function fakeServer(reply: (header: Record<string, unknown>) => string | undefined): Promise<{ env: Record<string, string>; headers: Record<string, unknown>[] }> {
  const dir = mkdtempSync(join(tmpdir(), "elwood-fake-"));
  const path = join(dir, "s.sock");
  const headers: Record<string, unknown>[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    let buf = "";
    sock.setEncoding("utf8").on("data", (d: string) => {
      if (buf.includes("\n")) return;
      buf += d;
      const nl = buf.indexOf("\n");
      if (nl === -1) return;
      const header = JSON.parse(buf.slice(0, nl)) as Record<string, unknown>;
      headers.push(header);
      const line = reply(header);
      if (line !== undefined) sock.end(line);
    });
    sock.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(path, r));
  cleanups.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { env: { ELWOOD_HOOK_SOCKET: path, ELWOOD_HOOK_TOKEN: "tok", ELWOOD_HOOK_TIMEOUT_MS: "100" }, headers };
}

describe("bridge.mjs child behaviour", () => {
  it("prints the reply's stdout and stderr and exits with its exit code (exit 2 passes through for blocking errors)", async () => {
    const { env, headers } = await fakeServer(() => JSON.stringify({ stdout: "out-text", stderr: "blocked: reason", exitCode: 2 }) + "\n");
    const run = await runBridge(env);
    expect(run).toEqual({ code: 2, stdout: "out-text", stderr: "blocked: reason" });
    expect(headers).toEqual([{ v: 1, token: "tok", event: "Stop", size: Buffer.byteLength('{"hook_event_name":"Stop"}') }]);
  });

  it("C-HOOK-16: a malformed reply fails open (exit 0, no output)", async () => {
    for (const bad of ["not json\n", JSON.stringify({ stdout: 1, exitCode: 0 }) + "\n", JSON.stringify({ stdout: "x", exitCode: 300 }) + "\n", "[]\n"]) {
      const { env } = await fakeServer(() => bad);
      expect(await runBridge(env), bad).toEqual({ code: 0, stdout: "", stderr: "" });
    }
  });

  it("a server that closes without replying makes the bridge fail open", async () => {
    const { env } = await fakeServer(() => "");
    expect(await runBridge(env)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a server that never replies makes the bridge give up after its deadline and fail open", async () => {
    const { env } = await fakeServer(() => undefined);
    expect(await runBridge(env)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("a missing socket or missing environment fails open", async () => {
    expect(await runBridge({ ELWOOD_HOOK_SOCKET: "/nonexistent/elwood.sock", ELWOOD_HOOK_TOKEN: "t" })).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await runBridge({})).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("C-HOOK-16: an oversized stdin is announced as oversized with no body", async () => {
    const { env, headers } = await fakeServer(() => JSON.stringify({ stdout: "", exitCode: 0 }) + "\n");
    const run = await runBridge(env, " ".repeat(8 * 1024 * 1024 + 1));
    expect(run.code).toBe(0);
    expect(headers).toEqual([{ v: 1, token: "tok", event: "Stop", size: 0, oversized: true }]);
  });
});
