// Issue 16 item 1: the hook bridge's loopback HTTP listener applies the IPC socket's checks: token, size, event, deadline, fail-open.
import { afterEach, describe, expect, it } from "vitest";
import type { ClaudeHookEventName } from "../../adapters/claude/hook-events.js";
import { REQUIRED_INPUT, type Kind } from "../../adapters/claude/hook-schema.js";
import type { ClaudeHookHandlers } from "../../adapters/claude/hook-types.js";
import type { HookBridgeServer } from "../../effects/hook-bridge/server.js";
import { httpHarness, post, type HttpHarness } from "../support/hook-http.js";

function sample(kind: Kind): unknown {
  if (Array.isArray(kind)) return kind[0];
  return { string: "x", boolean: false, number: 1, record: {}, array: [], stringArray: [], stringOrNull: null }[kind as string] ?? "x";
}

function payloadFor(event: ClaudeHookEventName): Record<string, unknown> {
  const p: Record<string, unknown> = { session_id: "s-1", transcript_path: "/tmp/t.jsonl", cwd: "/tmp", hook_event_name: event };
  for (const [k, kind] of Object.entries(REQUIRED_INPUT[event])) p[k] = sample(kind);
  if ("tool_name" in p) {
    p.tool_name = "Bash";
    p.tool_input = { command: "ls" };
  }
  return p;
}

let open: HookBridgeServer[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function harness(handlers: ClaudeHookHandlers, timeoutMs = 5000, maxBytes?: number): Promise<HttpHarness & { call: (event: string, body: unknown, headers?: Record<string, string>) => ReturnType<typeof post> }> {
  const h = await httpHarness(handlers, timeoutMs, maxBytes);
  open.push(h.server);
  const call = (event: string, body: unknown, headers?: Record<string, string>) =>
    post(`http://127.0.0.1:${h.port}/hook/${event}`, typeof body === "string" ? body : JSON.stringify(body), headers ?? { "x-elwood-hook-token": h.token });
  return { ...h, call };
}

describe("hook HTTP listener (issue 16 item 1)", () => {
  it("issue 16 item 1 C-HRESP-01: a token-bearing POST reaches the typed handler and gets Claude's JSON decision", async () => {
    const h = await harness({ PreToolUse: (p) => ({ permissionDecision: "deny", permissionDecisionReason: `no ${p.tool_name}` }) });
    expect(h.server.http?.url("PreToolUse")).toBe(`http://127.0.0.1:${h.port}/hook/PreToolUse`);
    const r = await h.call("PreToolUse", payloadFor("PreToolUse"));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no Bash" } });
    expect(h.events).toEqual(["PreToolUse"]);
    expect(h.bridgeErrors).toEqual([]);
  });

  it("issue 16 item 1 C-HOOK-03: an event without a handler is answered 200 with an empty body (no decision)", async () => {
    const h = await harness({});
    const r = await h.call("Stop", payloadFor("Stop"));
    expect(r).toEqual({ status: 200, body: "" });
    expect(h.results).toEqual([{ event: "Stop", failedOpen: false }]);
  });

  it("issue 16 item 1 C-HOOK-02: without the token, or with a wrong one, nothing is reachable: 401, never dispatched, reported as noise", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "x" }) });
    const none = await h.call("Stop", payloadFor("Stop"), {});
    const wrong = await h.call("Stop", payloadFor("Stop"), { "x-elwood-hook-token": `${h.token}x` });
    const unknownPath = await h.call("NoSuchEvent", payloadFor("Stop"), {});
    const get = await post(`http://127.0.0.1:${h.port}/`, "", {}, "GET");
    expect([none.status, wrong.status, unknownPath.status, get.status]).toEqual([401, 401, 401, 401]);
    expect(h.events).toEqual([]);
    expect(h.bridgeErrors.every((e) => e.noise === true)).toBe(true);
  });

  it("issue 16 item 1 C-HOOK-16: size is checked first: an over-limit declared or streamed body is 413 and never dispatched", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "x" }) }, 5000, 1024);
    const declared = await h.call("Stop", JSON.stringify({ ...payloadFor("Stop"), pad: "p".repeat(2000) }), {});
    const streamed = await h.call("Stop", JSON.stringify({ ...payloadFor("Stop"), pad: "p".repeat(2000) }));
    expect(declared.status).toBe(413);
    expect(streamed.status).toBe(413);
    expect(h.events).toEqual([]);
    expect(h.bridgeErrors.map((e) => e.noise)).toEqual([true, true]);
  });

  it("issue 16 item 1 C-HOOK-07: with the token, a wrong method, an unknown event or a malformed body is a 4xx, never dispatched", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "x" }) });
    const auth = { "x-elwood-hook-token": h.token };
    const statuses = [
      (await post(`http://127.0.0.1:${h.port}/hook/Stop`, "", auth, "GET")).status,
      (await h.call("NoSuchEvent", payloadFor("Stop"))).status,
      (await h.call("Stop", "{not json")).status,
      (await h.call("Stop", "[1,2]")).status,
      (await h.call("Stop", "5")).status,
    ];
    expect(statuses).toEqual([405, 404, 400, 400, 400]);
    expect(h.events).toEqual([]);
    const ok = await h.call("Stop", payloadFor("Stop"));
    expect(JSON.parse(ok.body)).toEqual({ decision: "block", reason: "x" });
  });

  it("issue 16 item 1 C-HOOK-05 C-HOOK-04: a throwing or hanging handler fails open: 200, empty body, a typed hook error", async () => {
    const h = await harness(
      {
        Stop: () => {
          throw new Error("boom");
        },
        PreToolUse: () => new Promise<never>(() => undefined),
      },
      300,
    );
    const thrown = await h.call("Stop", payloadFor("Stop"));
    const hung = await h.call("PreToolUse", payloadFor("PreToolUse"));
    expect(thrown).toEqual({ status: 200, body: "" });
    expect(hung).toEqual({ status: 200, body: "" });
    expect(h.hookErrors.map((e) => e.category)).toEqual(["handler_error", "timeout"]);
  });

  it("issue 16 item 1: a client that never finishes its body is answered 408 at the deadline and not dispatched", async () => {
    const h = await harness({ Stop: () => ({ decision: "block", reason: "x" }) }, 300);
    const { connect } = await import("node:net");
    const status = await new Promise<string>((resolve) => {
      const sock = connect(h.port, "127.0.0.1", () => {
        sock.write(`POST /hook/Stop HTTP/1.1\r\nHost: x\r\nx-elwood-hook-token: ${h.token}\r\nContent-Length: 100\r\n\r\n{"a":`);
      });
      let got = "";
      sock.on("data", (d) => (got += d.toString("latin1")));
      sock.on("close", () => resolve(got.split("\r\n")[0] ?? ""));
    });
    expect(status).toBe("HTTP/1.1 408 Request Timeout");
    expect(h.events).toEqual([]);
  });

  it("issue 16 item 1: close() stops the listener with the socket", async () => {
    const h = await harness({});
    await h.server.close();
    await expect(h.call("Stop", payloadFor("Stop"))).rejects.toThrow();
  });
});
