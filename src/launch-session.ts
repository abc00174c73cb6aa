// Wires one live session: PTY → headless terminal → session actor (with its child machines) → facade.

import { createActor, type AnyActorRef } from "xstate";
import type { AgentAdapter } from "../adapters/adapter.js";
import { spawnAgentPty } from "../effects/pty/agent-pty.js";
import { sessionIoLogic } from "../effects/session-io.js";
import { HeadlessTerminal } from "../effects/terminal/headless-terminal.js";
import { createSessionMachine } from "../machines/session.js";
import type { SessionRuntime } from "./agent-session.js";
import { registerInspectable } from "./inspection-hub.js";
import type { TerminalSize } from "./public-types.js";

export interface LaunchPlan {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly adapter: AgentAdapter;
  readonly executable: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly shell?: string;
  readonly viaLoginShell?: boolean;
  /** Physical size at spawn (may be a bootstrap size). */
  readonly spawnSize: TerminalSize;
  /** The caller's requested size, restored at initial readiness when it differs. */
  readonly requestedSize: TerminalSize;
  readonly autotrust: boolean;
  readonly resumed: boolean;
  readonly stopGraceMs: number;
  readonly release: SessionRuntime["release"];
  /** Called when the bootstrap size could not be restored (real native error). */
  readonly onResizeRestoreFailed?: (error: unknown) => void;
}

/** Child machines that announce with `emit` are relayed into the root so it can route them. */
const RELAYED_CHILDREN: Readonly<Record<string, readonly string[]>> = {
  status: ["status.changed"],
  turn: ["turn.started", "turn.ended"],
};

export function launchSession(plan: LaunchPlan): SessionRuntime {
  const terminal = new HeadlessTerminal({ cols: plan.spawnSize.cols, rows: plan.spawnSize.rows });
  const pty = spawnAgentPty({
    executable: plan.executable,
    args: plan.args,
    cwd: plan.cwd,
    env: plan.env,
    cols: plan.spawnSize.cols,
    rows: plan.spawnSize.rows,
    ...(plan.shell === undefined ? {} : { shell: plan.shell }),
    ...(plan.viaLoginShell === undefined ? {} : { viaLoginShell: plan.viaLoginShell }),
  });
  pty.onData((data) => terminal.writeOutput(data));
  terminal.onInput((data) => {
    if (!pty.exited) pty.write(data);
  });
  terminal.onBackpressure((paused) => (paused ? pty.pause() : pty.resume()));

  let requested = plan.requestedSize;
  let bootstrapping = plan.spawnSize.cols !== plan.requestedSize.cols || plan.spawnSize.rows !== plan.requestedSize.rows;
  const applyPhysical = (size: TerminalSize): void => {
    pty.resize(size);
    terminal.resize(size);
  };

  const machine = createSessionMachine(sessionIoLogic);
  const actor = createActor(machine, {
    input: {
      elwoodSessionId: plan.elwoodSessionId,
      adapter: plan.adapter,
      autotrust: plan.autotrust,
      resumed: plan.resumed,
      ioInput: { terminal, pty, readScreen: plan.adapter.readScreen },
    },
  });
  // Inspection costs only while an inspector listens (the hub attaches an observer then).
  registerInspectable(plan.elwoodSessionId, actor);

  // Restore the caller's size at the one-shot initial readiness, before any queued message is released.
  actor.on("public.status", (event) => {
    if (!event.initial || !bootstrapping) return;
    bootstrapping = false;
    try {
      applyPhysical(requested);
    } catch (error) {
      plan.onResizeRestoreFailed?.(error);
    }
  });

  actor.start();
  const children = actor.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  for (const [id, types] of Object.entries(RELAYED_CHILDREN)) {
    const child = children[id];
    for (const type of types) child?.on(type, (event) => actor.send(event as never));
  }

  return {
    agent: plan.adapter.kind,
    elwoodSessionId: plan.elwoodSessionId,
    cwd: plan.cwd,
    terminal,
    pty,
    actor,
    stopGraceMs: plan.stopGraceMs,
    release: plan.release,
    // Codex writes its picker choice to $CODEX_HOME/config.toml; setModel snapshots and restores that file.
    ...(plan.adapter.kind === "codex" && plan.env["CODEX_HOME"] ? { codexHome: plan.env["CODEX_HOME"] } : {}),
    agentEnv: plan.env,
    resize: (size) => {
      requested = size;
      if (!bootstrapping) applyPhysical(size);
    },
  };
}
