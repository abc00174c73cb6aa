// The server core of `elwood serve` without agents: router, request guards, problem replies, the session registry's cap and teardown.

import { describe, expect, it } from "vitest";
import { defaultAllowedHosts } from "../../cli/serve/http-server.js";
import { HttpProblem, problemReply, asProblem } from "../../cli/serve/problem.js";
import { hostAllowed, originAllowed, tokenMatches } from "../../cli/serve/request-guard.js";
import type { Route } from "../../cli/serve/route.js";
import { Router } from "../../cli/serve/router.js";
import { isLoopback, resolveServeSettings } from "../../cli/serve/serve-options.js";
import { channelOf } from "../../cli/serve/native-routes.js";
import { SessionRegistry, type ServedSession } from "../../cli/serve/session-registry.js";
import { ElwoodError, type TurnEvent, type TurnStream } from "../../src/index.js";

/** A stand-in that runs turns: a turn streams until interrupted; every call is recorded in order. */
function turningSession(calls: string[]): ServedSession {
  let stop: (() => void) | undefined;
  const fake = {
    session: {},
    status: "ready",
    on: () => () => {},
    stream(prompt: string): TurnStream {
      calls.push(`stream ${prompt}`);
      fake.status = "running";
      const ended = new Promise<void>((resolve) => (stop = resolve));
      const result: Extract<TurnEvent, { type: "result" }> = { type: "result", text: "", status: "interrupted", durationMs: 1, turnId: prompt };
      async function* run(): AsyncGenerator<TurnEvent> {
        await ended;
        fake.status = "ready";
        yield result;
      }
      return { result: Promise.resolve(result), [Symbol.asyncIterator]: () => run() };
    },
    interrupt: async () => {
      calls.push("interrupt");
      stop?.();
    },
    close: async () => void calls.push("close"),
    teardown: async () => void calls.push("teardown"),
    kill: async () => void calls.push("kill"),
  };
  return fake as unknown as ServedSession;
}

const settle = async (): Promise<void> => {
  for (let n = 0; n < 20; n++) await new Promise((r) => setImmediate(r));
};

const route = (method: Route["method"], path: string): Route => ({ method, path, operationId: `${method}${path}`, summary: "", group: "native", responses: {}, handle: async () => ({ status: 200, body: {} }) });

/** A stand-in library session that records how it was ended. */
function fakeSession(ended: string[], name: string, status = "ready"): ServedSession {
  const fake = {
    session: {},
    status,
    interrupt: async () => void ended.push(`${name}:interrupt`),
    close: async () => void ended.push(`${name}:close`),
    teardown: async () => void ended.push(`${name}:teardown`),
    kill: async () => void ended.push(`${name}:kill`),
  };
  return fake as unknown as ServedSession;
}

describe("elwood serve core (issue 20)", () => {
  it("routes by method and pattern, decodes parameters, and tells 404 from 405 and a malformed parameter", () => {
    const router = new Router([route("GET", "/v1/sessions/:id"), route("DELETE", "/v1/sessions/:id"), route("GET", "/status")]);
    expect(router.match("GET", "/v1/sessions/a%20b")).toMatchObject({ kind: "found", params: { id: "a b" } });
    expect(router.match("POST", "/v1/sessions/x")).toEqual({ kind: "method_not_allowed", allowed: ["GET", "DELETE"] });
    expect(router.match("GET", "/v1/sessions")).toEqual({ kind: "not_found" });
    expect(router.match("GET", "/v1/sessions/%E0%A4%A")).toEqual({ kind: "bad_path" });
    expect(router.match("GET", "/status/")).toMatchObject({ kind: "found" });
  });

  it("Host allowlist: name with or without port, IPv6 brackets, case; Origin allowlist: exact origins, none by default, no Origin accepted", () => {
    const hosts = ["localhost:8080", "[::1]:8080", "example.com"];
    expect(hostAllowed("LOCALHOST:8080", hosts)).toBe(true);
    expect(hostAllowed("localhost:8081", hosts)).toBe(false);
    expect(hostAllowed("[::1]:8080", hosts)).toBe(true);
    expect(hostAllowed("example.com:1234", hosts)).toBe(true);
    expect(hostAllowed("evil.com", hosts)).toBe(false);
    expect(hostAllowed(undefined, hosts)).toBe(false);
    expect(hostAllowed("anything", ["*"])).toBe(true);
    expect(defaultAllowedHosts(80)).toEqual(["localhost:80", "127.0.0.1:80", "[::1]:80"]);
    expect(defaultAllowedHosts(80, "10.0.0.5")).toEqual(["localhost:80", "127.0.0.1:80", "[::1]:80", "10.0.0.5:80"]);
    expect(defaultAllowedHosts(80, "0.0.0.0")).toEqual(["localhost:80", "127.0.0.1:80", "[::1]:80"]);
    expect(defaultAllowedHosts(80, "fe80::1")).toContain("[fe80::1]:80");
    expect(originAllowed(undefined, [])).toBe(true);
    expect(originAllowed("http://evil.example", [])).toBe(false);
    expect(originAllowed("http://ui.example/", ["http://ui.example"])).toBe(true);
    expect(originAllowed("http://ui.example:81", ["http://ui.example"])).toBe(false);
  });

  it("tokens compare by content only; --no-auth is refused off loopback; a short token is refused; a missing one is generated", () => {
    expect(tokenMatches("a".repeat(20), "a".repeat(20))).toBe(true);
    expect(tokenMatches("a".repeat(20), "a".repeat(21))).toBe(false);
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("[::1]")).toBe(true);
    expect(isLoopback("0.0.0.0")).toBe(false);
    expect(() => resolveServeSettings({ "no-auth": true, host: "0.0.0.0" }, {})).toThrow(/non-loopback/);
    expect(() => resolveServeSettings({ token: "short" }, {})).toThrow(/at least 16/);
    expect(() => resolveServeSettings({ persona: "x" }, {})).toThrow(/--persona/);
    expect(() => resolveServeSettings({ port: "70000" }, {})).toThrow(/--port/);
    const generated = resolveServeSettings({}, {});
    expect(generated.tokenGenerated).toBe(true);
    expect(generated.token?.length).toBeGreaterThanOrEqual(32);
    expect(resolveServeSettings({}, { ELWOOD_SERVE_TOKEN: "x".repeat(16) })).toMatchObject({ token: "x".repeat(16), tokenGenerated: false });
    expect(resolveServeSettings({ "no-auth": true }, {})).toMatchObject({ token: undefined });
  });

  it("problems carry the stable code in type and title; library errors map to their status; anything else is a 500 naming no internals", () => {
    expect(problemReply(new HttpProblem(429, "session_limit", "full")).body).toEqual({ type: "urn:elwood:problem:session_limit", title: "session_limit", status: 429, detail: "full" });
    expect(asProblem(new ElwoodError("invalid_argument", "bad")).status).toBe(400);
    expect(asProblem(new ElwoodError("session_not_running", "gone")).status).toBe(409);
    const internal = asProblem(new Error("secret path /home/x"));
    expect([internal.status, internal.code, internal.detail]).toEqual([500, "internal_error", "the server failed to handle the request"]);
  });

  it("the registry refuses sessions past its cap with 429 session_limit, frees the slot on delete, and closeAll ends every session and refuses new ones", async () => {
    const ended: string[] = [];
    let n = 0;
    const registry = new SessionRegistry(async () => ({ agent: "claude", cwd: "/tmp", session: fakeSession(ended, `s${++n}`, n === 2 ? "running" : "ready") }), 2);
    const a = await registry.create({});
    const b = await registry.create({});
    const hooks: string[] = [];
    b.onClose(() => void hooks.push("b"));
    await expect(registry.create({})).rejects.toMatchObject({ status: 429, code: "session_limit" });
    expect(registry.list().map((s) => s.id)).toEqual([a.id, b.id]);
    expect(await registry.delete(a.id, { teardown: true })).toBe(true);
    expect(await registry.delete(a.id)).toBe(false);
    expect(registry.get(a.id)).toBeUndefined();
    expect(() => registry.require(a.id)).toThrow(HttpProblem);
    const c = await registry.create({});
    await registry.closeAll();
    expect(registry.size).toBe(0);
    expect(hooks).toEqual(["b"]);
    // Sessions close in parallel; the running one is interrupted before it is stopped.
    expect([...ended].sort()).toEqual(["s1:teardown", "s2:close", "s2:interrupt", "s3:close"]);
    expect(ended.filter((e) => e.startsWith("s2"))).toEqual(["s2:interrupt", "s2:close"]);
    expect(c.id).not.toBe(a.id);
    await expect(registry.create({})).rejects.toMatchObject({ status: 503, code: "shutting_down" });
  });

  it("concurrent creations count against the cap while they build", async () => {
    const ended: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const registry = new SessionRegistry(async () => {
      await gate;
      return { agent: "codex", cwd: "/tmp", session: fakeSession(ended, "x") };
    }, 1);
    const first = registry.create({});
    await expect(registry.create({})).rejects.toMatchObject({ status: 429 });
    release();
    await first;
    expect(registry.size).toBe(1);
  });

  it("review A: deleting a session with a running and a queued turn interrupts the running one and never types the queued one (also at shutdown)", async () => {
    for (const how of ["delete", "closeAll"] as const) {
      const calls: string[] = [];
      const registry = new SessionRegistry(async () => ({ agent: "claude", cwd: "/tmp", session: turningSession(calls) }), 2);
      const live = await registry.create({});
      const channel = channelOf(live);
      channel.send({ text: "A" });
      channel.send({ text: "B" });
      await settle();
      expect(calls).toEqual(["stream A"]);
      await (how === "delete" ? registry.delete(live.id) : registry.closeAll());
      await settle();
      expect(calls).toEqual(["stream A", "interrupt", "close"]);
      const events = channel.log.cursor(channel.log.firstId - 1).take().flatMap((i) => (i.kind === "event" ? [i.event.event] : []));
      expect(events.slice(-2)).toEqual(["turn_error", "session_ended"]);
    }
  });

  it("review C: once a session's close has begun, require() refuses it with 409 session_closing and a late onClose hook runs at once", async () => {
    const calls: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const registry = new SessionRegistry(async () => ({ agent: "claude", cwd: "/tmp", session: turningSession(calls) }), 2);
    const live = await registry.create({});
    live.onClose(() => gate);
    const deleting = registry.delete(live.id);
    expect(() => registry.require(live.id)).toThrow(expect.objectContaining({ status: 409, code: "session_closing" }));
    const late: string[] = [];
    live.onClose(() => void late.push("ran"));
    await settle();
    expect(late).toEqual(["ran"]);
    release();
    await deleting;
    expect(() => registry.require(live.id)).toThrow(expect.objectContaining({ status: 404, code: "session_not_found" }));
  });
});
