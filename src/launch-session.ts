// Builds one session's actor tree (the io actor creates the headless terminal when the tree starts and spawns the PTY
// into it once the listen actor's hook bridge listens) and the runtime the facade works on.

import { createActor, type Actor } from "xstate";
import type { AgentAdapter } from "./contracts/agent-adapter.js";
import { PtyHandle } from "../effects/pty/pty-handle.js";
import { sessionIoLogic, type SessionIoInput } from "../effects/session-io.js";
import { HookFeed, hookBridgeLogic } from "../effects/hook-bridge-actor.js";
import { hookListenLogic, type HookListenBridge, type HookListenInput } from "../effects/hook-listen.js";
import { transactionEffectsLogic, type TransactionEffectsInput } from "../effects/transaction-effects-actor.js";
import type { LoginCallbacks } from "../effects/transaction-effects.js";
import { sessionConfigJournal } from "../effects/config-journal.js";
import { endProcessesLogic, type EndProcessesRuntime } from "../effects/end-processes.js";
import { imageMaterialiserLogic } from "../effects/image-materialiser.js";
import { TerminalSlot } from "../effects/terminal-slot.js";
import { ExitGate } from "../effects/exit-gate.js";
import { createSessionMachine, type SessionMachine } from "../machines/session.js";
import type { SessionRuntime } from "./agent-session.js";
import { registerInspectable } from "./inspection-hub.js";
import type { TerminalSize } from "./contracts/public-types.js";
import { TEARDOWN_GRACE_MS } from "./session-defaults.js";
import { loopLogic } from "./loop-test-timing.js";

export interface LaunchPlan {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly adapter: AgentAdapter;
  readonly executable: string;
  /** The command line of a session launched without a bridge (tests, benches); with `hookServer` its listen builds it. */
  readonly args?: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly shell?: string;
  readonly viaLoginShell?: boolean;
  /** Physical size at spawn (may be a bootstrap size). */
  readonly spawnSize: TerminalSize;
  /** The caller's requested size, restored by the io actor at initial readiness when it differs. */
  readonly requestedSize: TerminalSize;
  readonly autotrust: boolean;
  readonly resumed: boolean;
  readonly stopGraceMs: number;
  readonly release: SessionRuntime["release"];
  /** False once a resume in this process superseded this object (see EndProcessesRuntime.current). */
  readonly current?: () => boolean;
  /** Runs before a stop() signals the CLI (see EndProcessesRuntime.beforeStop). */
  readonly beforeStop?: () => Promise<void>;
  /** What the hook bridge server's handler reports; a session launched without a bridge gets an empty feed. */
  readonly hooks?: HookFeed;
  /**
   * The bridge server the feed's handler runs in, started by the tree's listen actor (which builds the command line from
   * its addresses): the hooks actor reports its rejected calls and closes it when it stops.
   */
  readonly hookServer?: HookListenBridge & { readonly isHookEventName: (name: string) => boolean };
}

export function launchSession(plan: LaunchPlan): SessionRuntime {
  // Filled by the io actor: it creates the terminal when the tree starts, spawns the PTY on the root's io.spawn (once
  // the listen actor's bridge listens) and wires the two itself.
  const terminal = new TerminalSlot();
  const pty = new PtyHandle();
  // The facade adds the transcript's final flush; the io actor (an exit) and the ending actor (a close) pass it first.
  const exitGate = new ExitGate();
  const spawn = {
    executable: plan.executable,
    cwd: plan.cwd,
    env: plan.env,
    cols: plan.spawnSize.cols,
    rows: plan.spawnSize.rows,
    ...(plan.shell === undefined ? {} : { shell: plan.shell }),
    ...(plan.viaLoginShell === undefined ? {} : { viaLoginShell: plan.viaLoginShell }),
  };

  const loginCallbacks = new Map<string, LoginCallbacks>();
  const effectsInput: TransactionEffectsInput = {
    configFile: () => {
      const file = plan.adapter.configFile;
      return file === undefined ? undefined : { path: file.path(plan.env), persistedWarning: file.persistedWarning };
    },
    agentEnv: plan.env,
    login: (opId) => loginCallbacks.get(opId),
    ...(plan.adapter.login === undefined ? {} : { loginProfile: plan.adapter.login }),
    processExited: () => pty.whenExited(),
    // The picker's config file snapshot is journalled in the session dir, so a crash mid-picker is undone later.
    configJournal: sessionConfigJournal(plan.elwoodSessionId, plan.adapter.kind),
  };
  const machine = createSessionMachine({ io: sessionIoLogic, listen: hookListenLogic, effects: transactionEffectsLogic, hooks: hookBridgeLogic, end: endProcessesLogic, loop: loopLogic(), images: imageMaterialiserLogic });
  const endInput: EndProcessesRuntime = {
    pty,
    elwoodSessionId: plan.elwoodSessionId,
    stopGraceMs: plan.stopGraceMs,
    teardownGraceMs: TEARDOWN_GRACE_MS,
    release: plan.release,
    exitGate,
    ...(plan.current === undefined ? {} : { current: plan.current }),
    ...(plan.beforeStop === undefined ? {} : { beforeStop: plan.beforeStop }),
  };
  const actor = createActor(machine, {
    input: {
      elwoodSessionId: plan.elwoodSessionId,
      adapter: plan.adapter,
      autotrust: plan.autotrust,
      resumed: plan.resumed,
      ioInput: {
        terminal,
        terminalOptions: plan.adapter.stateChannel === undefined ? {} : { stateChannel: plan.adapter.stateChannel },
        spawn,
        requestedSize: plan.requestedSize,
        pty,
        readScreen: plan.adapter.readScreen,
        exitGate,
      } satisfies SessionIoInput,
      effectsInput,
      hooksInput: {
        feed: plan.hooks ?? new HookFeed(),
        ...(plan.hookServer === undefined ? {} : { bridge: { server: plan.hookServer.slot, isHookEventName: plan.hookServer.isHookEventName } }),
      },
      listenInput: { ...(plan.args === undefined ? {} : { args: plan.args }), ...(plan.hookServer === undefined ? {} : { bridge: plan.hookServer }) } satisfies HookListenInput,
      endInput,
    },
  });
  // Inspection costs only while an inspector listens (the hub attaches an observer then).
  registerInspectable(plan.elwoodSessionId, actor);

  // Not started here: the facade starts it once it listens, so nothing the tree announces at start-up is missed.
  return {
    agent: plan.adapter.kind,
    adapter: plan.adapter,
    elwoodSessionId: plan.elwoodSessionId,
    cwd: plan.cwd,
    terminal,
    pty,
    exitGate,
    actor,
    stopGraceMs: plan.stopGraceMs,
    release: plan.release,
    loginCallbacks,
    agentEnv: plan.env,
  };
}

/**
 * Resolves once the io actor spawned the CLI (the tree's `public.spawned`); rejects with the start's failure (the bridge
 * could not listen, the args could not be built, the spawn failed) or the tree's own error. Listen before starting it.
 */
export function whenSpawned(actor: Actor<SessionMachine>): Promise<void> {
  return new Promise((resolve, reject) => {
    const offs = [
      actor.on("public.spawned", () => settle(() => resolve())),
      actor.on("public.startFailed", (event) => settle(() => reject(event.error))),
      actor.subscribe({ error: (error) => settle(() => reject(error)) }),
    ];
    function settle(done: () => void): void {
      for (const off of offs) off.unsubscribe();
      done();
    }
  });
}
