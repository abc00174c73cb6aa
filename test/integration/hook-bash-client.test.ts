// Issue 16 item 1: bridge.bash (Codex's hook command) against the real bridge server: answers over the loopback HTTP
// listener, hands a refused call to bridge.mjs, and fails open on silence, oversize, a wrong token and a closed session.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bashBridgeCommand, systemBash } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError, type HookBridgeRequest } from "../../effects/hook-bridge/server.js";
import { runChild } from "../support/run-child.js";

type Run = { code: number | null; stdout: string; stderr: string };

const PAYLOAD = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls é" } });
const bash = systemBash();
if (bash === undefined) throw new Error("these tests need bash at /bin/bash or /usr/bin/bash");

/** Runs a hook command the way Codex does: `sh -c`, the hook input on stdin, a bare environment. */
function runHook(command: string, stdin: string): Promise<Run> {
  return runChild("sh", ["-c", command], { env: { PATH: process.env.PATH ?? "" } }, stdin);
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function session(opts: { maxBytes?: number; answer?: (req: HookBridgeRequest) => Promise<{ stdout: string; exitCode: number }> } = {}) {
  const seen: HookBridgeRequest[] = [];
  const errors: HookBridgeError[] = [];
  const server = await HookBridgeServer.start({
    knownEvents: new Set(["PreToolUse"]),
    timeoutMs: 5000,
    http: true,
    ...(opts.maxBytes === undefined ? {} : { maxBytes: opts.maxBytes }),
    handler: async (req) => {
      seen.push(req);
      return opts.answer ? opts.answer(req) : { stdout: JSON.stringify({ decision: "block", reason: `saw ${String((req.payload["tool_input"] as { command: string }).command)}` }), exitCode: 0 };
    },
  });
  server.onError((e) => errors.push(e));
  cleanups.push(() => server.close());
  const httpConfigPath = server.httpConfigPath!;
  const command = (paths: { httpConfigPath?: string; configPath?: string } = {}) =>
    bashBridgeCommand("PreToolUse", { bash: bash!, httpConfigPath: paths.httpConfigPath ?? httpConfigPath, configPath: paths.configPath ?? server.configPath });
  return { server, seen, errors, httpConfigPath, command };
}

/** A loopback TCP server that accepts and reads but never answers. */
async function silentListener(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on("error", () => undefined);
    s.resume();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  cleanups.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return (server.address() as { port: number }).port;
}

describe("bridge.bash, Codex's hook command (issue 16 item 1)", () => {
  it("issue 16 item 1 C-HOOK-02: answers over the loopback listener with the token read from the 0600 file, never from argv or the environment", async () => {
    const s = await session();
    const command = s.command({ configPath: "/nonexistent/bridge.json" }); // no way round the HTTP path
    const [port, token] = readFileSync(s.httpConfigPath, "utf8").trim().split(" ");
    expect(statSync(s.httpConfigPath).mode & 0o777).toBe(0o600);
    expect(command).not.toContain(token);
    expect(command).not.toContain(port);
    const run = await runHook(command, PAYLOAD);
    expect(run).toEqual({ code: 0, stdout: JSON.stringify({ decision: "block", reason: "saw ls é" }), stderr: "" });
    expect(s.seen).toEqual([{ event: "PreToolUse", payload: JSON.parse(PAYLOAD) }]);
  });

  it("issue 16 item 1: a refused connection hands the untouched call to bridge.mjs, which answers over the Unix socket", async () => {
    const s = await session();
    const closedPort = await silentListener().then(async (p) => {
      await cleanups.pop()!();
      return p;
    });
    const conf = join(s.httpConfigPath, "..", "refused.conf");
    const [, token, max, deadline] = readFileSync(s.httpConfigPath, "utf8").trim().split(" ");
    writeFileSync(conf, `${closedPort} ${token} ${max} ${deadline}\n`, { mode: 0o600 });
    const run = await runHook(s.command({ httpConfigPath: conf }), PAYLOAD);
    expect(run).toEqual({ code: 0, stdout: JSON.stringify({ decision: "block", reason: "saw ls é" }), stderr: "" });
    expect(s.seen).toHaveLength(1);
  });

  it("issue 16 item 1 C-HOOK-16: a listener that never answers fails open (exit 0, no output) after the deadline in the file", async () => {
    const s = await session();
    const port = await silentListener();
    const conf = join(s.httpConfigPath, "..", "silent.conf");
    writeFileSync(conf, `${port} tok 1000 0.3\n`, { mode: 0o600 });
    expect(await runHook(s.command({ httpConfigPath: conf }), PAYLOAD)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("issue 16 item 1 C-HOOK-15: a body over the ceiling is not sent: the listener refuses it unread, reports noise, the hook fails open", async () => {
    const s = await session({ maxBytes: 1000 });
    const big = JSON.stringify({ hook_event_name: "PreToolUse", pad: "x".repeat(5000) });
    expect(await runHook(s.command(), big)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(s.seen).toEqual([]);
    expect(s.errors).toEqual([expect.objectContaining({ category: "invalid_input", noise: true })]);
  });

  it("issue 16 item 1 C-HOOK-02: a wrong token in the file gets a 401 and the hook fails open without dispatching", async () => {
    const s = await session();
    const conf = join(s.httpConfigPath, "..", "wrong.conf");
    const [port, token, max, deadline] = readFileSync(s.httpConfigPath, "utf8").trim().split(" ");
    writeFileSync(conf, `${port} ${token}x ${max} ${deadline}\n`, { mode: 0o600 });
    expect(await runHook(s.command({ httpConfigPath: conf }), PAYLOAD)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(s.seen).toEqual([]);
  });

  it("issue 16 item 1: an observed-only event is sent and the client exits before the answer; the call still arrives, nothing errs", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const s = await session({ answer: async () => (await held, { stdout: "", exitCode: 0 }) });
    const observe = bashBridgeCommand("PreToolUse", { bash: bash!, httpConfigPath: s.httpConfigPath, configPath: s.server.configPath }, "observe");
    expect(observe.endsWith(" observe")).toBe(true);
    // The handler is still holding its answer when the client has already exited: it never waited for it.
    expect(await runHook(observe, PAYLOAD)).toEqual({ code: 0, stdout: "", stderr: "" });
    await expect.poll(() => s.seen.length).toBe(1);
    release();
    // Back to back, as a tool-heavy turn sends them: every call arrives, and answering a gone client is no error. (Which
    // of two sent calls the server reads first is the kernel's choice once nobody waits, so the order is not asserted.)
    const order: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const payload = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: `n${i}` } });
      expect(await runHook(observe, payload)).toEqual({ code: 0, stdout: "", stderr: "" });
      order.push(`n${i}`);
    }
    await expect.poll(() => s.seen.length).toBe(21);
    expect(s.seen.slice(1).map((r) => (r.payload["tool_input"] as { command: string }).command).sort()).toEqual([...order].sort());
    expect(s.errors).toEqual([]);
  });

  it("issue 16 item 1 C-HOOK-16: after the session closed (config files gone) the hook fails open at once", async () => {
    const s = await session();
    const command = s.command();
    await s.server.close();
    expect(await runHook(command, PAYLOAD)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
