// startCodex: validate, probe, install the hook bridge through session-scoped `-c` overrides, launch, return a session.

import { randomUUID } from "node:crypto";
import { codexAdapter } from "../adapters/codex/adapter.js";
import { codexArgs } from "../adapters/codex/command-line.js";
import { createCodexHookDispatcher } from "../adapters/codex/hook-dispatch.js";
import { codexHookEventsFor, codexHookOverrides, isCodexHookEventName } from "../adapters/codex/hook-events.js";
import { validateCodexOptions, type StartCodexOptions } from "../adapters/codex/options.js";
import { codexVersionDecision, probeCodex } from "../adapters/codex/version-probe.js";
import { bridgeCommand } from "../effects/hook-bridge/bridge-command.js";
import { HookBridgeServer, type HookBridgeError, type HookBridgeHandler } from "../effects/hook-bridge/server.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { createSessionDir, removeSessionDir } from "../effects/state-dir.js";
import { DEFAULT_STOP_GRACE_MS, type HookErrorEvent } from "./agent-session.js";
import { CodexSession } from "./codex-session.js";
import { ElwoodError } from "./errors.js";
import { launchSession } from "./launch-session.js";
import type { ElwoodWarningEvent } from "./public-types.js";
import { SessionEventBuffer } from "./session-event-buffer.js";
import { handlerDecisionFromWire } from "./start-claude.js";

export type { StartCodexOptions } from "../adapters/codex/options.js";

/** A blocked Stop is not a turn end; an undecided PermissionRequest means a human decides (same rule as Claude). */
const DELIVERED_AFTER_ANSWER: ReadonlySet<string> = new Set(["Stop", "PermissionRequest"]);

/** Unauthenticated bridge noise stays silent; other bridge errors become hookErrors ("Unknown" for a non-Codex name). */
function publicCodexBridgeError(e: HookBridgeError): HookErrorEvent | undefined {
  if (e.noise === true) return undefined;
  const name = e.event !== undefined && isCodexHookEventName(e.event) ? e.event : "Unknown";
  return { category: e.category, hookEventName: name, message: e.message };
}

function asElwoodError(error: unknown, fallback: string): ElwoodError {
  if (error instanceof ElwoodError) return error;
  return new ElwoodError("codex_start_failed", fallback, { cause: String(error) });
}

/**
 * Startup order (spec B §1.10): validate → probe (`--version`, `--help`) → session dir → bridge server →
 * PTY through the login shell with `-c` hook overrides. The user's config.toml and hooks.json are never written.
 */
export async function startCodex(options: StartCodexOptions): Promise<CodexSession> {
  const resolved = await validateCodexOptions(options);
  const probeEnv = buildAgentEnv(process.env, { ...resolved.env });
  const probe = await probeCodex({
    ...(resolved.executable === undefined ? {} : { executable: resolved.executable }),
    ...(resolved.shell === undefined ? {} : { shell: resolved.shell }),
    env: probeEnv,
    cwd: resolved.cwd,
  });
  const decision = codexVersionDecision(probe.version, resolved.strictVersionCheck);
  if (decision.kind === "fail") throw decision.error;
  const warnings: Array<Pick<ElwoodWarningEvent, "code" | "message">> = [];
  if (decision.kind === "warn") warnings.push({ code: decision.warning, message: decision.message });

  const elwoodSessionId = randomUUID();
  const location = { cwd: resolved.cwd, stateDir: resolved.stateDir, elwoodSessionId };
  await createSessionDir(location);
  const events = new SessionEventBuffer();
  let server: HookBridgeServer | undefined;
  try {
    const hookEvents = codexHookEventsFor(probe.version);
    let captured: Readonly<Record<string, unknown>> | undefined;
    const dispatcher = createCodexHookDispatcher({
      handlers: resolved.hooks,
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
      if (deferred !== undefined) events.hook(req.event, deferred, handlerDecisionFromWire(req.event, reply.stdout));
      return reply;
    };
    server = await HookBridgeServer.start({ knownEvents: new Set(hookEvents), handler, timeoutMs: resolved.hookTimeoutMs });
    server.onError((e) => {
      const error = publicCodexBridgeError(e);
      if (error !== undefined) events.hookError(error);
    });
    const args = codexArgs(resolved, {
      hookOverrides: codexHookOverrides(hookEvents, bridgeCommand, resolved.hookTimeoutMs),
      bypassHookTrust: probe.bypassHookTrust,
    });
    const env = buildAgentEnv(process.env, { ...resolved.env, ELWOOD_SESSION_ID: elwoodSessionId, ...server.env() });
    const hookServer = server;
    const runtime = launchSession({
      elwoodSessionId,
      cwd: resolved.cwd,
      adapter: codexAdapter,
      executable: resolved.executable ?? "codex",
      args,
      env,
      ...(resolved.shell === undefined ? {} : { shell: resolved.shell }),
      // Codex has no narrow-terminal bootstrap: it starts at the caller's size.
      spawnSize: resolved.initialSize,
      requestedSize: resolved.initialSize,
      autotrust: resolved.autotrust,
      resumed: false,
      stopGraceMs: DEFAULT_STOP_GRACE_MS,
      release: async (how) => {
        await hookServer.close();
        if (how === "teardown") await removeSessionDir(location);
      },
    });
    const session = new CodexSession(runtime);
    events.attach(session, runtime.actor);
    if (resolved.persona !== undefined) void session.sendMessage(resolved.persona).catch(() => {});
    for (const w of warnings) setImmediate(() => session.emitWarning(w.code, w.message));
    return session;
  } catch (error) {
    await server?.close().catch(() => {});
    await removeSessionDir(location).catch(() => {});
    throw asElwoodError(error, "Codex could not be started");
  }
}
