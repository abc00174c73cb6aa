// Real bridge.mjs child processes (stdin JSON + env, as Claude runs hooks) against a real HookBridgeServer and dispatcher.
import { readdirSync, statSync, existsSync } from "node:fs";
import { connect } from "node:net";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClaudeHookDispatcher, type ClaudeHookError, type ClaudeHookResult } from "../../adapters/claude/hook-dispatch.js";
import { ALL_CLAUDE_HOOK_EVENTS, CLAUDE_HOOK_EVENTS_2_1_332, type ClaudeHookEventName } from "../../adapters/claude/hook-events.js";
import { REQUIRED_INPUT, type Kind } from "../../adapters/claude/hook-schema.js";
import type { ClaudeHookHandlers } from "../../adapters/claude/hook-types.js";
import { MAX_HOOK_TIMEOUT_MS } from "../../adapters/common-options.js";
import { bridgeScriptPath } from "../../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError } from "../../effects/hook-bridge/server.js";
import { bridgeEnv } from "../support/bridge-env.js";
import { runChild } from "../support/run-child.js";

type Run = { code: number | null; stdout: string; stderr: string };

function runBridge(event: string, stdin: string | Buffer, env: Record<string, string>): Promise<Run> {
  return runChild(process.execPath, [bridgeScriptPath(), event], { env: { PATH: process.env.PATH ?? "", ...env } }, stdin);
}

function sample(kind: Kind): unknown {
  if (Array.isArray(kind)) return kind[0];
  switch (kind) {
    case "string":
      return "x";
    case "boolean":
      return false;
    case "number":
      return 1;
    case "record":
      return {};
    case "array":
    case "stringArray":
      return [];
    case "stringOrNull":
      return null;
    default:
      return "x";
  }
}

/** A minimal valid payload for any event, built from the required-field table plus a Bash tool input. */
function payloadFor(event: ClaudeHookEventName, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const p: Record<string, unknown> = { session_id: "s-1", transcript_path: "/tmp/t.jsonl", cwd: "/tmp", hook_event_name: event };
  for (const [k, kind] of Object.entries(REQUIRED_INPUT[event])) p[k] = sample(kind);
  if ("tool_name" in p) {
    p.tool_name = "Bash";
    p.tool_input = { command: "ls" };
  }
  return { ...p, ...extra };
}

type Harness = {
  server: HookBridgeServer;
  bridgeErrors: HookBridgeError[];
  hookErrors: ClaudeHookError[];
  results: ClaudeHookResult[];
  events: string[];
};

let open: HookBridgeServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function harness(handlers: ClaudeHookHandlers, timeoutMs = 5000): Promise<Harness> {
  const h: Omit<Harness, "server"> = { bridgeErrors: [], hookErrors: [], results: [], events: [] };
  const handler = createClaudeHookDispatcher({
    handlers,
    timeoutMs,
    onHookError: (e) => h.hookErrors.push(e),
    onHookResult: (r) => h.results.push(r),
    onEvent: (e) => h.events.push(e),
  });
  const server = await HookBridgeServer.start({ knownEvents: ALL_CLAUDE_HOOK_EVENTS, handler, timeoutMs });
  server.onError((e) => h.bridgeErrors.push(e));
  open.push(server);
  return { ...h, server };
}

async function inBatches<T>(items: readonly T[], size: number, fn: (t: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

describe("hook bridge: real bridge.mjs ⇄ HookBridgeServer", () => {
  it("C-HOOK-01 C-HOOK-02 C-HOOK-07 C-HRESP-06: every 2.1.332 event round-trips to its typed handler and back", async () => {
    const seen = new Map<string, unknown>();
    const handlers: Record<string, (p: { hook_event_name: string }) => unknown> = {};
    for (const ev of CLAUDE_HOOK_EVENTS_2_1_332) {
      handlers[ev] = (p) => {
        seen.set(ev, p.hook_event_name);
        return ev === "WorktreeCreate" ? { worktreePath: "/tmp/wt-1" } : { systemMessage: `ok:${ev}` };
      };
    }
    const h = await harness(handlers as ClaudeHookHandlers);
    expect(CLAUDE_HOOK_EVENTS_2_1_332).toHaveLength(34);
    await inBatches(CLAUDE_HOOK_EVENTS_2_1_332, 6, async (ev) => {
      const run = await runBridge(ev, JSON.stringify(payloadFor(ev)), bridgeEnv(h.server));
      expect(run.code, ev).toBe(0);
      if (ev === "WorktreeCreate") expect(run.stdout).toBe("/tmp/wt-1\n");
      else expect(JSON.parse(run.stdout), ev).toEqual({ systemMessage: `ok:${ev}` });
    });
    expect([...seen.keys()].sort()).toEqual([...CLAUDE_HOOK_EVENTS_2_1_332].sort());
    for (const [ev, name] of seen) expect(name).toBe(ev);
    expect(h.hookErrors).toEqual([]);
    expect(h.bridgeErrors).toEqual([]);
    expect(h.results.every((r) => !r.failedOpen)).toBe(true);
  });

  it("C-HRESP-01 C-HRESP-06: a PreToolUse deny is printed as Claude's hookSpecificOutput JSON with exit 0", async () => {
    const h = await harness({
      PreToolUse: (p) => (p.tool_name === "Bash" ? { permissionDecision: "deny", permissionDecisionReason: "not here" } : undefined),
    });
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), bridgeEnv(h.server));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not here" },
    });
  });

  it("C-HRESP-03 C-HOOK-11: a Stop handler can block stopping with a reason", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "run the tests first" }) });
    const run = await runBridge("Stop", JSON.stringify(payloadFor("Stop")), bridgeEnv(h.server));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ decision: "block", reason: "run the tests first" });
  });

  it("C-HOOK-03: an event with no parent handler returns no decision and is not failed-open", async () => {
    const h = await harness({});
    const run = await runBridge("Notification", JSON.stringify(payloadFor("Notification")), bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.events).toEqual(["Notification"]);
    expect(h.results).toEqual([{ event: "Notification", failedOpen: false }]);
    expect(h.hookErrors).toEqual([]);
  });

  it("C-HOOK-16: an oversized (>8 MiB) payload fails open without dispatch, and the server keeps serving", async () => {
    let calls = 0;
    const h = await harness({ Notification: () => void (calls += 1) });
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 0x20);
    const run = await runBridge("Notification", big, bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(calls).toBe(0);
    expect(h.bridgeErrors).toEqual([expect.objectContaining({ category: "invalid_input", event: "Notification" })]);
    const next = await runBridge("Notification", JSON.stringify(payloadFor("Notification")), bridgeEnv(h.server));
    expect(next.code).toBe(0);
    expect(calls).toBe(1);
  });

  it("C-HOOK-07 C-HOOK-16: a malformed JSON body fails open as invalid_input without dispatch", async () => {
    let calls = 0;
    const h = await harness({ Stop: () => void (calls += 1) });
    const run = await runBridge("Stop", '{"session_id": "s-1", ', bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(calls).toBe(0);
    expect(h.bridgeErrors).toEqual([expect.objectContaining({ category: "invalid_input", event: "Stop" })]);
  });

  it("C-HOOK-02: a wrong token is rejected (bridge_error), never dispatched, and the bridge fails open", async () => {
    let calls = 0;
    const h = await harness({ PreToolUse: () => ((calls += 1), { permissionDecision: "deny" }) });
    const env = { ...bridgeEnv(h.server), ELWOOD_HOOK_TOKEN: "not-the-token" };
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), env);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(calls).toBe(0);
    expect(h.bridgeErrors).toEqual([expect.objectContaining({ category: "bridge_error" })]);
    expect(h.hookErrors).toEqual([]);
  });

  it("C-HOOK-02: a bridge without the token in its environment exits 0 with no output and no dispatch", async () => {
    let calls = 0;
    const h = await harness({ PreToolUse: () => ((calls += 1), { permissionDecision: "deny" }) });
    const { ELWOOD_HOOK_TOKEN: _drop, ...env } = bridgeEnv(h.server);
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), env);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(calls).toBe(0);
  });

  it("C-HOOK-07: an unknown event name is rejected as invalid_input and fails open", async () => {
    const h = await harness({});
    const run = await runBridge("FutureEvent", JSON.stringify({ ...payloadFor("Stop"), hook_event_name: "FutureEvent" }), bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.bridgeErrors).toEqual([expect.objectContaining({ category: "invalid_input", event: "FutureEvent" })]);
    expect(h.events).toEqual([]);
  });

  it("C-HOOK-07: a hook_event_name that does not match the command's event is invalid_input", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "no" }) });
    const run = await runBridge("Stop", JSON.stringify({ ...payloadFor("Stop"), hook_event_name: "Notification" }), bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.hookErrors).toEqual([expect.objectContaining({ category: "invalid_input", event: "Stop" })]);
    expect(h.results).toEqual([{ event: "Stop", failedOpen: true }]);
  });

  it("a closed server (socket gone) makes the bridge exit 0 with no output", async () => {
    const h = await harness({});
    const env = bridgeEnv(h.server);
    await h.server.close();
    expect(existsSync(dirname(env.ELWOOD_HOOK_SOCKET!))).toBe(false);
    const run = await runBridge("Stop", JSON.stringify(payloadFor("Stop")), env);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("C-HOOK-04: a handler slower than timeoutMs yields a fail-open reply and a timeout hook error", async () => {
    let release: () => void = () => undefined;
    const h = await harness(
      { PreToolUse: () => new Promise<void>((r) => (release = r)).then(() => ({ permissionDecision: "deny" as const })) },
      300,
    );
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), bridgeEnv(h.server));
    release();
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.hookErrors).toEqual([expect.objectContaining({ category: "timeout", event: "PreToolUse", timeoutMs: 300 })]);
    expect(h.results).toEqual([{ event: "PreToolUse", failedOpen: true }]);
  });

  it("issue 14 item 3: at the largest accepted hookTimeoutMs a slow blocking handler still takes effect", async () => {
    const h = await harness(
      { PreToolUse: () => new Promise((r) => setTimeout(r, 300)).then(() => ({ permissionDecision: "deny" as const, permissionDecisionReason: "slow no" })) },
      MAX_HOOK_TIMEOUT_MS,
    );
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), bridgeEnv(h.server));
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "slow no" } });
    expect(h.results).toEqual([expect.objectContaining({ event: "PreToolUse", failedOpen: false })]);
  });

  it("C-HOOK-05: a throwing handler yields no decision and a handler_error", async () => {
    const h = await harness({
      Stop: () => {
        throw new Error("boom");
      },
      UserPromptSubmit: async () => Promise.reject(new Error("async boom")),
    });
    const a = await runBridge("Stop", JSON.stringify(payloadFor("Stop")), bridgeEnv(h.server));
    const b = await runBridge("UserPromptSubmit", JSON.stringify(payloadFor("UserPromptSubmit")), bridgeEnv(h.server));
    expect(a).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(b).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.hookErrors.map((e) => [e.category, e.event])).toEqual([
      ["handler_error", "Stop"],
      ["handler_error", "UserPromptSubmit"],
    ]);
  });

  it("C-HOOK-06: an invalid handler result yields no decision and an invalid_response", async () => {
    const h = await harness({ PreToolUse: () => ({ permissionDecision: "maybe" }) as never });
    const run = await runBridge("PreToolUse", JSON.stringify(payloadFor("PreToolUse")), bridgeEnv(h.server));
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(h.hookErrors).toEqual([expect.objectContaining({ category: "invalid_response", event: "PreToolUse" })]);
  });

  it("C-HOOK-16: the server dispatches only once a request is complete, however it is chunked", async () => {
    const got: string[] = [];
    const h = await harness({ UserPromptSubmit: (p) => (got.push(p.prompt), { additionalContext: "ctx" }) });
    const body = Buffer.from(JSON.stringify(payloadFor("UserPromptSubmit", { prompt: "héllo" })));
    const env = bridgeEnv(h.server);
    const header = JSON.stringify({ v: 1, token: env.ELWOOD_HOOK_TOKEN, event: "UserPromptSubmit", size: body.length }) + "\n";
    const wire = Buffer.concat([Buffer.from(header), body]);
    const reply = await new Promise<string>((resolve, reject) => {
      const sock = connect(env.ELWOOD_HOOK_SOCKET!);
      let out = "";
      sock.setEncoding("utf8").on("data", (d: string) => (out += d));
      sock.on("end", () => resolve(out));
      sock.on("error", reject);
      // Split inside the header, at the header/body edge and inside a multi-byte character.
      const cuts = [5, header.length - 1, header.length + 3, wire.indexOf(0xc3) + 1, wire.length];
      let at = 0;
      const next = (i: number): void => {
        if (i >= cuts.length) return;
        expect(got).toEqual([]);
        sock.write(wire.subarray(at, cuts[i]));
        at = cuts[i]!;
        setTimeout(() => next(i + 1), 20);
      };
      next(0);
    });
    expect(got).toEqual(["héllo"]);
    expect(JSON.parse(reply)).toEqual({
      stdout: JSON.stringify({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } }),
      exitCode: 0,
    });
  });

  it("issue 14 item 6: socket, its 0600 config and its owner record live alone in a private 0700 directory that close() removes", async () => {
    const h = await harness({});
    const dir = dirname(h.server.socketPath);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir).sort()).toEqual(["bridge.json", "hook.sock", "owner.json"]);
    expect(dirname(h.server.configPath)).toBe(dir);
    expect(statSync(h.server.configPath).mode & 0o777).toBe(0o600);
    expect(Buffer.byteLength(h.server.socketPath)).toBeLessThan(104);
    const env = bridgeEnv(h.server);
    expect(env.ELWOOD_HOOK_TOKEN!.length).toBeGreaterThanOrEqual(32);
    const other = await harness({});
    expect(bridgeEnv(other.server).ELWOOD_HOOK_TOKEN).not.toBe(env.ELWOOD_HOOK_TOKEN);
    await h.server.close();
    expect(existsSync(dir)).toBe(false);
  });
});
