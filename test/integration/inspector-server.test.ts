// Integration test of the inspector server: token and host guard, the WebSocket stream and controls on a real sim session.

import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { isElwoodError } from "../../src/contracts/errors.js";
import { inspect, type InspectorHandle } from "../../src/inspect.js";
import type { ServerMessage } from "../../inspector/protocol.js";
import { startSimSession, type SimSession } from "../support/sim-session.js";

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

/** Collects every server message and lets the test wait for one that matches. */
function client(url: string) {
  const ws = new WebSocket(url.replace("http://", "ws://").replace("/?", "/ws?"));
  const seen: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (raw) => {
    seen.push(JSON.parse(String(raw)) as ServerMessage);
    for (const w of [...waiters]) w();
  });
  const waitFor = <T extends ServerMessage>(what: string, pred: (m: ServerMessage) => m is T, timeoutMs = 20_000): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = seen.find(pred);
        if (!hit) return false;
        clearTimeout(timer);
        waiters.delete(onMessage);
        resolve(hit);
        return true;
      };
      const onMessage = (): void => void check();
      const timer = setTimeout(() => {
        waiters.delete(onMessage);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) waiters.add(onMessage);
    });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return { ws, seen, waitFor, opened };
}

describe("inspector server (C-APP-03, C-APP-05, C-APP-09)", () => {
  let sim: SimSession;
  let inspector: InspectorHandle;

  beforeAll(async () => {
    sim = startSimSession({ size: { cols: 100, rows: 30 } });
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    inspector = await inspect(sim.session);
  }, 40_000);

  afterAll(async () => {
    await inspector?.close();
    await sim?.cleanup();
  });

  it("rejects bad arguments with ElwoodError invalid_argument", async () => {
    for (const bad of [[], {}, [sim.session, sim.session]] as unknown[]) {
      const error = await inspect(bad as never).catch((e: unknown) => e);
      expect(isElwoodError(error) && error.name === "invalid_argument").toBe(true);
    }
    const badPort = await inspect(sim.session, { port: 70_000 }).catch((e: unknown) => e);
    expect(isElwoodError(badPort) && badPort.name === "invalid_argument").toBe(true);
  });

  it("serves the page only on 127.0.0.1 with the per-run token, offline by its CSP", async () => {
    const url = new URL(inspector.url);
    expect(url.hostname).toBe("127.0.0.1");
    const token = url.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[0-9a-f]{48}$/);

    expect((await get(`${url.origin}/`)).status).toBe(403);
    expect((await get(`${url.origin}/?token=${"0".repeat(48)}`)).status).toBe(403);
    expect((await get(inspector.url, { host: `evil.example:${url.port}` })).status).toBe(403);

    const page = await get(inspector.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`/app.js?token=${token}`);
    expect(String(page.headers["content-security-policy"])).toContain("default-src 'none'");
    const js = await get(`${url.origin}/app.js?token=${token}`);
    expect(js.status).toBe(200);
    expect(js.body.length).toBeGreaterThan(10_000); // xterm.js is bundled in, nothing comes from a CDN
    expect((await get(`${url.origin}/xterm.css?token=${token}`)).status).toBe(200);
  });

  it("refuses a socket without the token or from another origin", async () => {
    const url = new URL(inspector.url);
    const refused = (target: string, headers: Record<string, string> = {}) =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(target, { headers });
        ws.once("open", () => {
          ws.close();
          resolve(false);
        });
        ws.once("error", () => resolve(true));
      });
    expect(await refused(`ws://${url.host}/ws`)).toBe(true);
    expect(await refused(`ws://${url.host}/ws?${url.searchParams}`, { origin: "http://evil.example" })).toBe(true);
  });

  it("streams graphs, the actor tree, decisions and the replayed terminal, and runs controls through the session", async () => {
    const c = client(inspector.url);
    await c.opened;
    const hello = await c.waitFor("hello", (m): m is Extract<ServerMessage, { t: "hello" }> => m.t === "hello");
    expect(hello.sessions.map((s) => s.sid)).toEqual([sim.session.elwoodSessionId]);

    const graph = await c.waitFor("status graph", (m): m is Extract<ServerMessage, { t: "graph" }> => m.t === "graph" && m.graph.machineId === "status");
    expect(graph.graph.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(["status.starting", "status.running", "status.ready", "status.blocked"]));
    expect(graph.graph.edges.some((e) => e.source === "status.running" && e.target === "status.ready")).toBe(true);

    const tree = await c.waitFor("tree", (m): m is Extract<ServerMessage, { t: "tree" }> => m.t === "tree");
    const status = tree.actors.find((a) => a.path === "session/status");
    expect(status?.active).toContain("status.ready");
    expect(tree.actors.map((a) => a.path)).toEqual(expect.arrayContaining(["session", "session/io", "session/queue", "session/turn", "session/interrupt", "session/trust"]));

    // Replay: bytes the agent wrote before this socket existed still arrive.
    await c.waitFor("replayed terminal bytes", (m): m is Extract<ServerMessage, { t: "term" }> => m.t === "term" && m.data.includes("Claude Code"));
    const decisions = await c.waitFor("decisions", (m): m is Extract<ServerMessage, { t: "decisions" }> => m.t === "decisions");
    expect(decisions.rows.some((r) => r.to === "ready")).toBe(true);

    c.ws.send(JSON.stringify({ t: "cmd", reqId: 1, sid: sim.session.elwoodSessionId, op: "send", text: "inspector says hi" }));
    const sent = await c.waitFor("send result", (m): m is Extract<ServerMessage, { t: "result" }> => m.t === "result" && m.reqId === 1);
    expect(sent).toMatchObject({ ok: true });
    await c.waitFor("transition into ready", (m): m is Extract<ServerMessage, { t: "transition" }> =>
      m.t === "transition" && m.transition.machineId === "status" && m.transition.source === "status.running" && m.transition.targets.includes("status.ready"),
    );
    await c.waitFor("reply on the terminal", (m): m is Extract<ServerMessage, { t: "term" }> => m.t === "term" && m.data.includes("inspector says hi"));
    await c.waitFor("status timeline entry", (m): m is Extract<ServerMessage, { t: "timeline" }> =>
      m.t === "timeline" && m.entries.some((e) => e.kind === "status" && e.label === "running → ready"),
    );

    c.ws.send(JSON.stringify({ t: "cmd", reqId: 2, sid: sim.session.elwoodSessionId, op: "resize", cols: 90, rows: 28 }));
    expect(await c.waitFor("resize result", (m): m is Extract<ServerMessage, { t: "result" }> => m.t === "result" && m.reqId === 2)).toMatchObject({ ok: true });
    await c.waitFor("size message", (m): m is Extract<ServerMessage, { t: "size" }> => m.t === "size" && m.cols === 90 && m.rows === 28);

    c.ws.send(JSON.stringify({ t: "cmd", reqId: 3, sid: sim.session.elwoodSessionId, op: "resize", cols: 1, rows: 1 }));
    const refused = await c.waitFor("bad resize", (m): m is Extract<ServerMessage, { t: "result" }> => m.t === "result" && m.reqId === 3);
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain("invalid_argument");
    c.ws.close();
  }, 60_000);

  it("shows the root session graph with its states, and an op deadline and a wait timeout as visible transitions", async () => {
    const c = client(inspector.url);
    await c.opened;
    const root = await c.waitFor("session graph", (m): m is Extract<ServerMessage, { t: "graph" }> => m.t === "graph" && m.graph.machineId === "session");
    expect(root.graph.nodes.map((n) => n.id)).toEqual(
      expect.arrayContaining([
        "session.open",
        "session.open.starting",
        "session.open.starting.listening",
        "session.open.starting.spawning",
        "session.open.live",
        "session.over",
        "session.over.closing",
        "session.over.ended",
      ]),
    );
    expect(root.graph.edges.some((e) => e.source === "session.open.starting.listening" && e.target === "session.open.starting.spawning")).toBe(true);
    expect(root.graph.edges.some((e) => e.source === "session.open.starting.spawning" && e.target === "session.open.live")).toBe(true);
    expect(root.graph.edges.some((e) => e.source === "session.open" && e.target === "session.over.closing")).toBe(true);
    const queue = await c.waitFor("queue graph", (m): m is Extract<ServerMessage, { t: "graph" }> => m.t === "graph" && m.graph.machineId === "controlQueue");
    expect(queue.graph.edges.some((e) => e.events.some((label) => label.includes("queue.deadline")))).toBe(true);

    // A deadline far shorter than the picker needs: the timeout is the queue's own transition, then a typed rejection.
    const listed = await sim.session.listModels({ timeoutMs: 1 }).then(
      () => "resolved",
      (error: unknown) => (isElwoodError(error) ? error.name : "untyped"),
    );
    expect(listed).toBe("model_automation_failed");
    await c.waitFor("deadline transition", (m): m is Extract<ServerMessage, { t: "transition" }> =>
      m.t === "transition" && m.transition.machineId === "controlQueue" && m.transition.eventType === "queue.deadline",
    );
    // The session is still usable afterwards.
    await sim.session.waitForStatus((s) => s === "ready", 20_000);
    // A wait's timeout is a transition too: the wait machine's own deadline, not a timer in the facade.
    await expect(sim.session.waitForStatus((s) => s === "blocked", 1)).rejects.toMatchObject({ name: "wait_timeout" });
    await c.waitFor("wait deadline transition", (m): m is Extract<ServerMessage, { t: "transition" }> =>
      m.t === "transition" && m.transition.machineId === "waits" && m.transition.eventType === "wait.deadline",
    );
    c.ws.close();
  }, 60_000);

  it("close() stops the server", async () => {
    const other = await inspect(sim.session);
    await other.close();
    await expect(get(other.url)).rejects.toThrow();
    await other.close(); // idempotent
  });
});
