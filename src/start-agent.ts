// Shared launch skeleton for every agent: preflight (probe, autoupdate, version gate) → session dir → launchSession (its tree listens on the hook bridge,
// builds the agent's args and spawns it) → session.

import type { ResumeTarget } from "./contracts/start-or-resume.js";
import type { HookReplyProfile } from "./contracts/agent-adapter.js";
import { randomUUID } from "node:crypto";
import { preflight } from "./start-preflight.js";
import { HookSessionGuard } from "../adapters/hook-session-guard.js";
import { selectHookEvents } from "../adapters/hook-selection.js";
import { unsupportedPlatform } from "./platform-support.js";
import { bashBridgeCommand, bridgeCommand, systemBash, } from "../effects/hook-bridge/bridge-command.js";
import { FAIL_OPEN_REPLY } from "../effects/hook-bridge/protocol.js";
import { HookBridgeServer, type HookBridgeHandler, } from "../effects/hook-bridge/server.js";
import { HookServerSlot } from "../effects/hook-bridge/server-slot.js";
import { buildAgentEnv } from "../effects/pty/agent-env.js";
import { registerJournalDir, unregisterJournalDir } from "../effects/config-journal.js";
import { claimOwner, releaseOwner, writeOwner } from "../effects/session-owner.js";
import { SessionRecordKeeper } from "../effects/session-record-keeper.js";
import { markResumeTranscript } from "../effects/resume-transcript-mark.js";
import { LoopSidecarStore, readLoopSidecar } from "../effects/loop-sidecar-store.js";
import { unexpiredLoops } from "./contracts/loop-sidecar.js";
import { claimSessionGeneration } from "./session-generations.js";
import { sweepStaleSessions } from "../effects/stale-sweep.js";
import { startSupervisor, type Supervisor } from "../effects/supervisor/start-supervisor.js";
import { createSessionDir, removeSessionDir } from "../effects/state-dir.js";
import { resolveLoginShell } from "../effects/probe.js";
import { DEFAULT_STOP_GRACE_MS, type SessionFacade, type SessionRuntime } from "./agent-session.js";
import { ElwoodError, isElwoodError, type ElwoodErrorCode } from "./contracts/errors.js";
import { settleTranscript } from "../effects/transcript-settle.js";
import { launchSession, whenSpawned } from "./launch-session.js";
import { HookFeed } from "../effects/hook-bridge-actor.js";
import type { AgentLaunchPlan, AgentProbeRequest, CommonResolvedOptions, HookDispatchSinks } from "../adapters/agent-launch-plan.js";
import { recordPostures } from "./record-postures.js";
import { nestingEnv } from "./nesting-env.js";

/** The launch plan with the session object the skeleton hands back (the facade the caller gets). */
export type AgentStartPlan<P, S extends SessionFacade> = AgentLaunchPlan<P> & { readonly createSession: (runtime: SessionRuntime) => S };

export type { AgentLaunchPlan, AgentProbeRequest, CommonResolvedOptions, HookDispatchSinks };

/** What a resume relaunches: the session, the CLI's conversation, and the conversation file its record names. */

/** Which bridge-server errors become public `hookError`s (the hooks actor reports them). */
export { publicBridgeErrorFor } from "../effects/hook-bridge-actor.js";

function asElwoodError(error: unknown, code: ElwoodErrorCode, fallback: string): ElwoodError {
  if (isElwoodError(error)) return error;
  return new ElwoodError(code, fallback, { cause: String(error) });
}

/** The bridge handler: dispatches, and delivers answer-dependent hooks to the session with the handler's decision. */
function bridgeHandler(
  createDispatcher: AgentStartPlan<unknown, SessionFacade>["createDispatcher"],
  replies: HookReplyProfile,
  events: HookFeed,
  onConversationId: (id: string) => void,
  onTranscriptPath: (file: string) => void = () => undefined,
  onTurnEnd: (lastMessage: string) => void = () => undefined,
): HookBridgeHandler {
  // The dispatcher calls onEvent synchronously before its first await, so `captured` pairs each deferred
  // payload with its own request even when several hooks are in flight.
  let captured: Readonly<Record<string, unknown>> | undefined;
  const dispatcher = createDispatcher({
    onEvent: (name, payload) => {
      const record = payload as Readonly<Record<string, unknown>>;
      // Both CLIs name their conversation in SessionStart (anew after /clear): what a later resume passes back.
      if (name === "SessionStart" && typeof record["session_id"] === "string") onConversationId(record["session_id"]);
      if (typeof record["transcript_path"] === "string" && record["transcript_path"] !== "") onTranscriptPath(record["transcript_path"]);
      // The turn's final words, which the conversation file must hold before a stop may end the CLI.
      if (name === "Stop") onTurnEnd(typeof record["last_assistant_message"] === "string" ? record["last_assistant_message"] : "");
      if (replies.deliveredAfterAnswer.includes(name)) captured = record;
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
  const guard = new HookSessionGuard();
  return async (req) => {
    if (!guard.admit(req.event, req.payload)) {
      events.hookError({
        category: "invalid_input",
        hookEventName: req.event,
        message: `hook call names another session than the CLI's own; dropped (${guard.dropped} so far)`,
      });
      return FAIL_OPEN_REPLY;
    }
    captured = undefined;
    const answer = dispatcher(req);
    const deferred = captured;
    captured = undefined;
    const reply = await answer;
    // Delivered before the agent reads the reply, so the session knows the outcome before the agent acts on it.
    if (deferred !== undefined) {
      events.hook(req.event, deferred, replies.decision(req.event, reply.stdout));
      await events.delivered();
    }
    return reply;
  };
}

export async function startAgent<P, S extends SessionFacade>(plan: AgentStartPlan<P, S>): Promise<S> {
  const unsupported = unsupportedPlatform(process.platform);
  if (unsupported !== undefined) throw unsupported;
  const resolved = plan.resolved;
  // One login shell for the probe and the PTY, so both resolve the same installation (account shell, not $SHELL).
  const shell = resolveLoginShell(resolved.shell);
  const { probe, warnings } = await preflight(
    plan,
    {
      ...(resolved.executable === undefined ? {} : { executable: resolved.executable }),
      shell,
      env: buildAgentEnv(process.env, { ...resolved.env }, nestingEnv()),
      cwd: resolved.cwd,
      ...(resolved.stateDir === undefined ? {} : { stateDir: resolved.stateDir }),
      callerEnv: resolved.env,
    },
    { autoupdate: resolved.autoupdate, strict: resolved.strictVersionCheck },
  );

  const elwoodSessionId = plan.resume?.elwoodSessionId ?? randomUUID();
  const location = { cwd: resolved.cwd, stateDir: resolved.stateDir, elwoodSessionId };
  // What a crashed earlier embedder left behind goes first (its config.toml restored from the journal).
  await Promise.all([sweepStaleSessions(location, recordPostures()).catch(() => undefined), HookBridgeServer.sweepStale()]);
  const sessionDir = await createSessionDir(location);
  const events = new HookFeed();
  // Filled by the tree's listen actor once the bridge listens; closed by the release, or here when the start fails.
  const hookServer = new HookServerSlot();
  try {
    // A resume claims the directory across processes: a second resumer of a live session gets session_in_use.
    if (plan.resume === undefined) await writeOwner(sessionDir);
    else await claimOwner(sessionDir);
    // A resume restores its loops: a bad sidecar fails it before anything is rewritten or launched.
    const loopStore = new LoopSidecarStore(sessionDir);
    const stored = plan.resume === undefined ? [] : await readLoopSidecar(sessionDir, elwoodSessionId);
    // Definitions that expired while no process ran go silently.
    const restored = unexpiredLoops(stored, Date.now());
    if (restored.length !== stored.length) await loopStore.save(restored);
    // A resume reads its conversation file from where it ends now, before the relaunch: what it holds is history.
    const resumedTranscript = plan.resume === undefined ? undefined : await markResumeTranscript(plan.resume.transcriptPath);
    // The CLI's own conversation file, as its hooks name it: a stop lets it settle first (effects/transcript-settle).
    let transcriptPath: string | undefined;
    let lastTurnWords: string | undefined;
    const keeper = new SessionRecordKeeper({
      sessionDir,
      elwoodSessionId,
      cwd: resolved.cwd,
      seed: plan.recordSeed,
      conversationId: plan.resume?.conversationId ?? null,
      ...(plan.resume?.transcriptPath === undefined ? {} : { transcriptPath: plan.resume.transcriptPath }),
      onWriteFailed: (errno) =>
        events.warning("state_write_failed", "the session record could not be updated with the CLI's conversation id", errno ? { errno } : {}),
    });
    await keeper.write();
    registerJournalDir(elwoodSessionId, sessionDir);
    const hookEvents = selectHookEvents(plan.hookEvents(probe), resolved.hookEvents, plan.adapter, resolved.hooks);
    // No hook socket or token here: the CLI hands this environment to every tool it runs.
    const env = buildAgentEnv(process.env, { ...resolved.env, ...plan.sessionEnv?.(sessionDir), ELWOOD_SESSION_ID: elwoodSessionId }, nestingEnv());
    // The agent's command line names the bridge's socket, config file and HTTP endpoint: built by the tree's listen
    // actor once the server listens, before the io actor spawns the agent with it.
    const args = (server: HookBridgeServer): Promise<readonly string[]> => {
      const configPath = server.configPath;
      const bash = systemBash();
      const httpConfigPath = server.httpConfigPath;
      return plan.args({
        probe,
        hookEvents,
        sessionDir,
        bridgeCommand: (event) => bridgeCommand(event, configPath),
        http: server.http,
        bashBridgeCommand: bash === undefined || httpConfigPath === undefined ? undefined : (event, mode) => bashBridgeCommand(event, { bash, httpConfigPath, configPath }, mode),
      });
    };
    let supervisor: Supervisor | undefined;
    let isCurrent = (): boolean => true;
    const launched = launchSession({
      elwoodSessionId,
      cwd: resolved.cwd,
      adapter: plan.adapter,
      executable: resolved.executable ?? plan.defaultExecutable,
      env,
      shell,
      spawnSize: plan.spawnSize,
      requestedSize: resolved.initialSize,
      autotrust: resolved.autotrust,
      resumed: plan.resume !== undefined,
      stopGraceMs: DEFAULT_STOP_GRACE_MS,
      beforeStop: () => (transcriptPath === undefined ? Promise.resolve() : settleTranscript(transcriptPath, undefined, undefined, undefined, lastTurnWords)),
      hooks: events,
      hookServer: {
        options: {
          knownEvents: new Set(hookEvents),
          handler: bridgeHandler(
            plan.createDispatcher,
            plan.adapter.hookReply,
            events,
            (id) => keeper.observeConversationId(id),
            (file) => {
              transcriptPath = file;
              keeper.observeTranscriptPath(file);
            },
            (words) => (lastTurnWords = words),
          ),
          timeoutMs: resolved.hookTimeoutMs,
          http: plan.httpHooks?.(probe, env) ?? false,
        },
        slot: hookServer,
        args,
        isHookEventName: plan.isHookEventName,
      },
      current: () => isCurrent(),
      release: async (how) => {
        supervisor?.stop();
        await hookServer.close();
        await keeper.flush();
        // Superseded by a resume in this process: the journal entry, the owner claim and the directory are the
        // resumed object's now, and a late kill or teardown of this one must not take them from it.
        if (!isCurrent()) return;
        unregisterJournalDir(elwoodSessionId);
        // A directory kept on purpose (stop/kill) is released, so no later crash sweep takes it.
        if (how === "teardown") await removeSessionDir(location);
        else await releaseOwner(sessionDir).catch(() => undefined);
      },
    });
    // Reaps every process of the session should this process die, and what the CLI leaves when it exits: registered
    // with this process's supervisor when the io actor announces the spawn (once the facade started the tree and its
    // bridge listens), told when the CLI exits.
    launched.actor.on("public.spawned", (spawned) => {
      supervisor = startSupervisor({ cliPgid: spawned.pgid, tagName: "ELWOOD_SESSION_ID", tagValue: elwoodSessionId });
    });
    launched.actor.on("public.exit", () => supervisor?.cliExited());
    const spawned = whenSpawned(launched.actor);
    const imagesRefusal = plan.imagesUnavailable?.(sessionDir);
    const runtime: SessionRuntime = {
      ...launched,
      ...(imagesRefusal === undefined ? {} : { imagesRefusal }),
      ...(plan.modelSelectionUnavailable === undefined ? {} : { modelSelectionRefusal: plan.modelSelectionUnavailable }),
      loops: { store: loopStore, restored, current: () => isCurrent() },
      ...(resumedTranscript === undefined ? {} : { resumedTranscript }),
    };
    const session = plan.createSession(runtime);
    try {
      await spawned;
    } catch (error) {
      // The bridge could not listen, the args could not be built, or node-pty could not fork: the start rejects with it.
      launched.actor.stop();
      throw error;
    }
    // From here this object speaks for the session: an earlier one of the same directory (resumed from) no longer does.
    isCurrent = claimSessionGeneration(sessionDir);
    events.gateOnRender(() => runtime.terminal.headless.settled());
    if (resolved.persona !== undefined && plan.resume === undefined) void session.sendMessage(resolved.persona).catch(() => {});
    for (const w of warnings) setImmediate(() => session.emitWarning(w.code, w.message, w.details));
    return session;
  } catch (error) {
    unregisterJournalDir(elwoodSessionId);
    await hookServer.close().catch(() => {});
    // A failed resume keeps the record it came from (only the claim goes); a failed fresh start leaves nothing.
    if (plan.resume === undefined) await removeSessionDir(location).catch(() => {});
    else if (!isElwoodError(error, "session_in_use")) await releaseOwner(sessionDir).catch(() => undefined);
    throw asElwoodError(error, plan.startFailedCode, plan.startFailedMessage);
  }
}

export type { ResumeTarget };
