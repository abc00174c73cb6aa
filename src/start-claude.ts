// startClaude: validate, probe, generate session-scoped settings with the hook bridge, launch, return a session.

import { randomUUID } from "node:crypto";
import { claudeAdapter } from "../adapters/claude/adapter.js";
import { claudeArgs } from "../adapters/claude/command-line.js";
import { createClaudeHookDispatcher } from "../adapters/claude/hook-dispatch.js";
import { claudeHookEventsFor, claudeHookSettings, claudeHookTimeoutSec, isClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { validateClaudeOptions, type StartClaudeOptions } from "../adapters/claude/options.js";
import { writeClaudeSettings } from "../adapters/claude/settings-file.js";
import { bootstrapSize } from "../adapters/claude/startup-plan.js";
import { probeClaudeVersion, versionDecision } from "../adapters/claude/version-probe.js";
import { bridgeCommand } from "../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError, type HookBridgeHandler } from "../effects/hook-bridge/server.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { createSessionDir, removeSessionDir } from "../effects/state-dir.js";
import { ClaudeSession } from "./claude-session.js";
import { DEFAULT_STOP_GRACE_MS } from "./agent-session.js";
import { ElwoodError } from "./errors.js";
import { launchSession } from "./launch-session.js";
import type { HookErrorEvent } from "./agent-session.js";
import type { ElwoodWarningEvent } from "./public-types.js";
import { SessionEventBuffer } from "./session-event-buffer.js";

export type { StartClaudeOptions } from "../adapters/claude/options.js";

/**
 * Hooks whose effect on the session depends on the handler's answer are delivered to the session after that
 * answer: a blocked `Stop` is not a turn end (C-HOOK-11); an undecided `PermissionRequest` means a human decides.
 */
const DELIVERED_AFTER_ANSWER: ReadonlySet<string> = new Set(["Stop", "PermissionRequest"]);

/** The salient decision in the exact JSON Claude receives; undefined when the reply decides nothing. */
export function handlerDecisionFromWire(event: string, stdout: string): string | undefined {
  if (stdout.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const out = parsed as { decision?: unknown; hookSpecificOutput?: { decision?: { behavior?: unknown } } };
  if (event === "Stop") return out.decision === "block" ? "block" : undefined;
  const behavior = out.hookSpecificOutput?.decision?.behavior;
  return typeof behavior === "string" ? behavior : undefined;
}

/**
 * Which bridge-server errors become public `hookError`s (spec B §7.4–§7.6): oversized and wrong-token calls are
 * unauthenticated noise and stay silent; malformed complete requests, unknown events and disconnects are typed
 * hook errors. A name that is not a Claude event is reported as "Unknown".
 */
export function publicBridgeError(e: HookBridgeError): HookErrorEvent | undefined {
  if (e.noise === true) return undefined;
  const name = e.event !== undefined && isClaudeHookEventName(e.event) ? e.event : "Unknown";
  return { category: e.category, hookEventName: name, message: e.message };
}

function asElwoodError(error: unknown, fallback: string): ElwoodError {
  if (error instanceof ElwoodError) return error;
  return new ElwoodError("claude_start_failed", fallback, { cause: String(error) });
}

export async function startClaude(options: StartClaudeOptions): Promise<ClaudeSession> {
  const resolved = await validateClaudeOptions(options);
  const probeEnv = buildAgentEnv(process.env, { ...resolved.env });
  const probe = await probeClaudeVersion({
    ...(resolved.executable === undefined ? {} : { executable: resolved.executable }),
    ...(resolved.shell === undefined ? {} : { shell: resolved.shell }),
    env: probeEnv,
    cwd: resolved.cwd,
  });
  const decision = versionDecision(probe.version, resolved.strictVersionCheck);
  if (decision.kind === "fail") throw decision.error;
  const warnings: Array<Pick<ElwoodWarningEvent, "code" | "message">> = [];
  if (decision.kind === "warn") warnings.push({ code: decision.warning, message: decision.message });

  const elwoodSessionId = randomUUID();
  const location = { cwd: resolved.cwd, stateDir: resolved.stateDir, elwoodSessionId };
  const sessionDir = await createSessionDir(location);
  const events = new SessionEventBuffer();
  let server: HookBridgeServer | undefined;
  try {
    const hookEvents = claudeHookEventsFor(probe.version ?? "");
    // The dispatcher calls onEvent synchronously before its first await, so `captured` pairs each deferred
    // payload with its own request even when several hooks are in flight.
    let captured: Readonly<Record<string, unknown>> | undefined;
    const dispatcher = createClaudeHookDispatcher({
      handlers: resolved.hooks ?? {},
      timeoutMs: resolved.hookTimeoutMs,
      onEvent: (name, payload) => {
        const record = payload as Readonly<Record<string, unknown>>;
        if (DELIVERED_AFTER_ANSWER.has(name)) captured = record;
        else events.hook(name, record);
      },
      onHookError: (e) =>
        events.hookError({
          category: e.category,
          hookEventName: e.event,
          message: e.message,
          ...(e.timeoutMs === undefined ? {} : { timeoutMs: e.timeoutMs }),
        }),
      onHookResult: (r) => events.hookResult(r.event, r.failedOpen, r.response),
    });
    const handler: HookBridgeHandler = async (req) => {
      captured = undefined;
      const answer = dispatcher(req);
      const deferred = captured;
      captured = undefined;
      const reply = await answer;
      // Delivered before Claude reads the reply, so the session knows the outcome before Claude acts on it.
      if (deferred !== undefined) events.hook(req.event, deferred, handlerDecisionFromWire(req.event, reply.stdout));
      return reply;
    };
    server = await HookBridgeServer.start({
      knownEvents: new Set(hookEvents),
      handler,
      timeoutMs: resolved.hookTimeoutMs,
    });
    server.onError((e) => {
      const error = publicBridgeError(e);
      if (error !== undefined) events.hookError(error);
    });
    // Claude's own hook timeout (seconds) sits above Elwood's handler deadline so Elwood always answers first.
    const hookTimeoutSec = claudeHookTimeoutSec(resolved.hookTimeoutMs);
    const settingsPath = await writeClaudeSettings(sessionDir, {
      hooks: claudeHookSettings(hookEvents, bridgeCommand, hookTimeoutSec),
      ...(resolved.settingsOverrides === undefined ? {} : { settingsOverrides: resolved.settingsOverrides }),
    });
    const args = claudeArgs(resolved, settingsPath);
    const env = buildAgentEnv(process.env, { ...resolved.env, ELWOOD_SESSION_ID: elwoodSessionId, ...server.env() });
    const hookServer = server;
    // The latest size the caller asked for, for the content-free restore-failure warning (C-API-39).
    let requestedSize = resolved.initialSize;
    const launched = launchSession({
      elwoodSessionId,
      cwd: resolved.cwd,
      adapter: claudeAdapter,
      executable: resolved.executable ?? "claude",
      args,
      env,
      ...(resolved.shell === undefined ? {} : { shell: resolved.shell }),
      spawnSize: bootstrapSize(resolved.initialSize),
      requestedSize: resolved.initialSize,
      autotrust: resolved.autotrust,
      resumed: false,
      stopGraceMs: DEFAULT_STOP_GRACE_MS,
      onResizeRestoreFailed: (error) =>
        events.warning("resize_restore_failed", "restoring the requested terminal size after the 100-column bootstrap failed", {
          cols: requestedSize.cols,
          rows: requestedSize.rows,
          // Only an allowlisted code: a native message could carry paths.
          code: error instanceof ElwoodError && error.name === "invalid_argument" ? "invalid_argument" : "resize_failed",
        }),
      release: async (how) => {
        await hookServer.close();
        if (how === "teardown") await removeSessionDir(location);
      },
    });
    const runtime = {
      ...launched,
      resize: (size: { readonly cols: number; readonly rows: number }) => {
        requestedSize = size;
        launched.resize(size);
      },
    };
    const session = new ClaudeSession(runtime);
    events.attach(session, runtime.actor);
    if (resolved.persona !== undefined) void session.sendMessage(resolved.persona).catch(() => {});
    for (const w of warnings) setImmediate(() => session.emitWarning(w.code, w.message));
    return session;
  } catch (error) {
    await server?.close().catch(() => {});
    await removeSessionDir(location).catch(() => {});
    throw asElwoodError(error, "Claude could not be started");
  }
}
