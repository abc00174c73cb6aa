// startClaude: validate, probe, generate session-scoped settings with the hook bridge, launch, return a session.

import { randomUUID } from "node:crypto";
import { claudeAdapter } from "../adapters/claude/adapter.js";
import { claudeArgs } from "../adapters/claude/command-line.js";
import { createClaudeHookDispatcher } from "../adapters/claude/hook-dispatch.js";
import { claudeHookEventsFor, claudeHookSettings } from "../adapters/claude/hook-events.js";
import type { ClaudeHookHandlers } from "../adapters/claude/hook-types.js";
import { validateClaudeOptions, type StartClaudeOptions } from "../adapters/claude/options.js";
import { writeClaudeSettings } from "../adapters/claude/settings-file.js";
import { bootstrapSize } from "../adapters/claude/startup-plan.js";
import { probeClaudeVersion, versionDecision } from "../adapters/claude/version-probe.js";
import { bridgeCommand } from "../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer } from "../effects/hook-bridge/server.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { createSessionDir, removeSessionDir } from "../effects/state-dir.js";
import { ClaudeSession } from "./claude-session.js";
import { DEFAULT_STOP_GRACE_MS } from "./agent-session.js";
import { ElwoodError } from "./errors.js";
import { launchSession } from "./launch-session.js";
import type { ElwoodWarningEvent } from "./public-types.js";
import { SessionEventBuffer } from "./session-event-buffer.js";

export type { StartClaudeOptions } from "../adapters/claude/options.js";

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
    const dispatcher = createClaudeHookDispatcher({
      handlers: (resolved.hooks ?? {}) as ClaudeHookHandlers,
      timeoutMs: resolved.hookTimeoutMs,
      onEvent: (name, payload) => events.hook(name, payload as Readonly<Record<string, unknown>>),
      onHookError: (e) => events.hookError({ category: e.category, hookEventName: e.event, message: e.message }),
      onHookResult: (r) => events.hookResult(r.event, r.failedOpen, r.response),
    });
    server = await HookBridgeServer.start({
      knownEvents: new Set(hookEvents),
      handler: dispatcher,
      timeoutMs: resolved.hookTimeoutMs,
    });
    server.onError((e) => events.hookError({ category: e.category, ...(e.event === undefined ? {} : { hookEventName: e.event }), message: e.message }));
    // Claude's own hook timeout (seconds) sits above Elwood's handler deadline so Elwood always answers first.
    const hookTimeoutSec = Math.ceil(resolved.hookTimeoutMs / 1000) + 5;
    const settingsPath = await writeClaudeSettings(sessionDir, {
      hooks: claudeHookSettings(hookEvents, bridgeCommand, hookTimeoutSec),
      ...(resolved.settingsOverrides === undefined ? {} : { settingsOverrides: resolved.settingsOverrides }),
    });
    const args = claudeArgs(resolved, settingsPath);
    const env = buildAgentEnv(process.env, { ...resolved.env, ELWOOD_SESSION_ID: elwoodSessionId, ...server.env() });
    const hookServer = server;
    const runtime = launchSession({
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
        events.warning("resize_restore_failed", "restoring the requested terminal size after the 100-column bootstrap failed", { cause: String(error) }),
      release: async (how) => {
        await hookServer.close();
        if (how === "teardown") await removeSessionDir(location);
      },
    });
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
