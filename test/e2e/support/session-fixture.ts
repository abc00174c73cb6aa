// Per-test e2e fixture: model server + sandbox home + a real session, with recorded traffic, failure diagnostics and cleanup.
import type { TestContext } from "vitest";
import type { AgentSession, ActivityEvent, SessionStatus, StatusDecision, TerminalSize } from "../../../src/index.js";
import { assertLoopbackOnly } from "../harness/netns.js";
import { startModelServer, type ModelServer, type RecordedRequest } from "../model-server/index.js";
import { launch, type E2EAgent, type E2EHome, type E2ELaunchOptions } from "./agents.js";
import { formatDiagnostics, type TimedHook, type TimedStatus, type TimedWrite } from "./diagnostics.js";

export type { TimedHook, TimedStatus } from "./diagnostics.js";

export interface E2ESession {
  readonly agent: E2EAgent;
  readonly session: AgentSession;
  readonly server: ModelServer;
  readonly home: E2EHome;
  /** Physical terminal size right after the start call returned (a bootstrap size shows here). */
  readonly sizeAtStart: TerminalSize;
  /** Everything observed through the public API, in arrival order. */
  readonly hooks: readonly TimedHook[];
  readonly statuses: readonly TimedStatus[];
  readonly activities: readonly ActivityEvent[];
  /** Conversation-turn requests (one per user turn; tool follow-ups and side requests excluded). */
  mainRequests(): RecordedRequest[];
  hooksNamed(name: string): TimedHook[];
  /** Number of transitions into `status` so far. */
  transitionsTo(status: SessionStatus): number;
  /** Resolves on the next transition into `status` after this call (never from the current state). */
  nextStatus(status: SessionStatus, timeoutMs?: number): Promise<void>;
  /** Resolves once the session has made `count` transitions into `status` in total. */
  untilTransitions(status: SessionStatus, count: number, timeoutMs?: number): Promise<void>;
  /** Resolves once a hook named `name` matching `pred` has been seen (already or later). */
  waitForHook(name: string, pred?: (h: TimedHook) => boolean, timeoutMs?: number): Promise<TimedHook>;
  /** Resolves once an activity matching `pred` has been seen (already or later). */
  waitForActivity(what: string, pred: (a: ActivityEvent) => boolean, timeoutMs?: number): Promise<ActivityEvent>;
  /** Polls the rendered screen until `pred` holds. */
  waitForScreen(what: string, pred: (text: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Rendered screen text (the last one captured before teardown once the session is closed). */
  screen(): string;
  /** Tears the session down (idempotent), closes the server and removes the sandbox. */
  dispose(): Promise<void>;
}

const DEFAULT_WAIT_MS = 30_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when `check` returns true, re-checking on every notification; rejects after timeoutMs. */
function waitUntil(what: string, check: () => boolean, subscribe: (wake: () => void) => () => void, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`e2e: timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const off = subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/**
 * Starts a session for `agent` and registers cleanup and diagnostics on the test: if the test fails (assertion,
 * thrown error or timeout) the last screen, the status decisions and the model server's request log are printed.
 */
export async function openSession(ctx: TestContext, agent: E2EAgent, options: E2ELaunchOptions = {}): Promise<E2ESession> {
  if (typeof ctx?.onTestFailed !== "function") throw new Error("openSession needs the test context (use it/it.for, not it.each)");
  assertLoopbackOnly();
  const server = await startModelServer();
  let launched;
  try {
    launched = await launch(agent, server, options);
  } catch (error) {
    await server.close();
    throw error;
  }
  const { session, home } = launched;
  const sizeAtStart = session.terminal.size;
  const hooks: TimedHook[] = [];
  const statuses: TimedStatus[] = [];
  const activities: ActivityEvent[] = [];
  const writes: TimedWrite[] = [];
  const wakers = new Set<() => void>();
  const wakeAll = (): void => {
    for (const w of [...wakers]) w();
  };
  const subscribe = (wake: () => void): (() => void) => {
    wakers.add(wake);
    return () => wakers.delete(wake);
  };
  session.on("hook", (h) => {
    hooks.push({ at: Date.now(), name: h.name, payload: h.payload });
    wakeAll();
  });
  session.on("status", (e) => {
    statuses.push({ at: Date.now(), from: e.previous, to: e.status });
    wakeAll();
  });
  session.on("input", (e) => writes.push({ at: e.at, text: Buffer.from(e.bytes).toString("utf8") }));
  session.on("activity", (a) => {
    activities.push(a);
    wakeAll();
  });

  let lastScreen = "";
  let lastDecisions: readonly StatusDecision[] = [];
  let disposed: Promise<void> | undefined;
  const capture = (): void => {
    try {
      lastScreen = session.terminal.snapshot().text;
      lastDecisions = session.statusDecisions();
    } catch {
      // A disposed terminal keeps the last capture.
    }
  };

  const fx: E2ESession = {
    agent,
    session,
    server,
    home,
    sizeAtStart,
    hooks,
    statuses,
    activities,
    mainRequests: () => server.requests.filter((r) => r.kind === "main"),
    hooksNamed: (name) => hooks.filter((h) => h.name === name),
    transitionsTo: (status) => statuses.filter((s) => s.to === status).length,
    nextStatus: (status, timeoutMs = DEFAULT_WAIT_MS) => {
      const target = fx.transitionsTo(status) + 1;
      return fx.untilTransitions(status, target, timeoutMs);
    },
    untilTransitions: (status, count, timeoutMs = DEFAULT_WAIT_MS) =>
      waitUntil(`transition #${count} into ${status} (now ${session.status})`, () => fx.transitionsTo(status) >= count, subscribe, timeoutMs),
    waitForHook: async (name, pred = () => true, timeoutMs = DEFAULT_WAIT_MS) => {
      const find = (): TimedHook | undefined => hooks.find((h) => h.name === name && pred(h));
      await waitUntil(`hook ${name}`, () => find() !== undefined, subscribe, timeoutMs);
      return find()!;
    },
    waitForActivity: async (what, pred, timeoutMs = DEFAULT_WAIT_MS) => {
      await waitUntil(`activity ${what}`, () => activities.some(pred), subscribe, timeoutMs);
      return activities.find(pred)!;
    },
    waitForScreen: async (what, pred, timeoutMs = DEFAULT_WAIT_MS) => {
      const deadline = Date.now() + timeoutMs;
      while (!pred(fx.screen())) {
        if (Date.now() > deadline) throw new Error(`e2e: timed out after ${timeoutMs} ms waiting for screen: ${what}`);
        await delay(50);
      }
    },
    screen: () => {
      if (disposed === undefined) capture();
      return lastScreen;
    },
    dispose: () => {
      disposed ??= (async () => {
        capture();
        try {
          await session.teardown();
        } finally {
          await server.close();
          await home.cleanup();
        }
      })();
      return disposed;
    },
  };

  ctx.onTestFailed(() => {
    if (disposed === undefined) capture();
    console.error(formatDiagnostics({ title: ctx.task.name, screen: lastScreen, decisions: lastDecisions, fx: { statuses: fx.statuses, hooks: fx.hooks, writes, server: fx.server } }));
  });
  ctx.onTestFinished(() => fx.dispose());
  return fx;
}
