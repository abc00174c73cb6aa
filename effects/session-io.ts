// The session's I/O edge actor: creates the headless terminal, spawns the agent's PTY (on the root's `io.spawn`, once the
// hook bridge listens) and wires the two, turns terminal
// frames and PTY exit into events, performs machine-requested writes under the observed-screen rule (render everything
// received, check the dialog guard, then write), answering each write to the machine that asked (its reply-to), and
// restores the caller's size after a bootstrap size when the root reports initial readiness.

import { fromCallback } from "xstate";
import type { ScreenFacts, ScreenReader } from "../src/contracts/screen-facts.js";
import type {
  FrameEvent,
  IoAnswerEvent,
  IoReapFailedEvent,
  IoResizeRestoreFailedEvent,
  IoRestoreSizeCommand,
  IoSpawnCommand,
  IoWriteCommand,
  PtyExitEvent,
  PtySpawnedEvent,
  PtySpawnFailedEvent,
  WriteHoldReason,
} from "../src/contracts/events.js";
import { FOREIGN_PICKER_CLEAR, observeForeignPicker } from "../adapters/foreign-picker-hold.js";
import { ElwoodError, isElwoodError } from "../src/contracts/errors.js";
import { systemFailure } from "./system-failure.js";
import { spawnAgentPty, type AgentPty, type SpawnAgentPtyOptions } from "./pty/agent-pty.js";
import { attachTerminal } from "./pty/attach-terminal.js";
import { reapAfterUnsolicitedExit } from "./pty/unsolicited-exit-reap.js";
import type { PtyHandle } from "./pty/pty-handle.js";
import { HeadlessTerminal, type HeadlessTerminalOptions } from "./terminal/headless-terminal.js";
import { RENDER_DRAIN_BUDGET_MS, settledWithin } from "./terminal/render-drain.js";
import type { ExitGate } from "./exit-gate.js";
import type { TerminalSlot } from "./terminal-slot.js";
import type { TerminalSnapshot } from "../src/contracts/terminal-snapshot.js";
import type { TerminalSize } from "../src/contracts/public-types.js";
import { sizeKeeper } from "./size-keeper.js";

/** Received output that cannot be rendered within this bound makes a guarded write wait (held). */
export const OBSERVE_QUIET_LIMIT_MS = 1000;

export interface SessionIoInput {
  /** Filled with the headless terminal the actor creates at the spawn size when it starts: how the facade reaches it. */
  readonly terminal: TerminalSlot;
  /** That terminal's settings beyond its size (the adapter's state channel; tests shorten the batch window). */
  readonly terminalOptions?: Omit<HeadlessTerminalOptions, "cols" | "rows">;
  /**
   * What to run, at `cols` × `rows` (a bootstrap size when it differs from `requestedSize`): the actor spawns it on the
   * root's `io.spawn`, with the command line that carries.
   */
  readonly spawn: Omit<SpawnAgentPtyOptions, "args">;
  /** The caller's size, restored on the root's `io.restoreSize` at initial readiness when the spawn size differs. */
  readonly requestedSize?: TerminalSize;
  /** Filled with the spawned PTY (or its spawn error): the narrow way everyone else reaches the process. */
  readonly pty: PtyHandle;
  readonly readScreen: ScreenReader;
  /** What must be done before an exit is announced (the transcript's final flush); shared with the ending actor. */
  readonly exitGate?: Pick<ExitGate, "pass">;
}

/** Spawns the PTY and fills the handle; a spawn that throws is recorded there instead (the start rejects with it). */
function spawnInto(handle: PtyHandle, spec: SpawnAgentPtyOptions): AgentPty | ElwoodError {
  try {
    const pty = spawnAgentPty(spec);
    handle.attach(pty);
    return pty;
  } catch (error) {
    const failure = isElwoodError(error) ? error : new ElwoodError("pty_start_failed", "Could not spawn the agent PTY", systemFailure(error));
    handle.spawnFailed(failure);
    return failure;
  }
}

export type SessionIoCommand = IoSpawnCommand | IoWriteCommand | IoRestoreSizeCommand;
/** What the edge tells its parent (the root); write answers go to each write's reply-to instead. */
export type SessionIoEmitted = PtySpawnedEvent | PtySpawnFailedEvent | PtyExitEvent | FrameEvent | IoResizeRestoreFailedEvent | IoReapFailedEvent;

export const sessionIoLogic = fromCallback<SessionIoCommand, SessionIoInput, SessionIoEmitted>(
  ({ input, sendBack, receive }) => {
    const { readScreen } = input;
    const terminal = new HeadlessTerminal({ ...input.terminalOptions, cols: input.spawn.cols, rows: input.spawn.rows });
    const size = sizeKeeper(input.pty, terminal, { cols: input.spawn.cols, rows: input.spawn.rows }, input.requestedSize);
    input.terminal.fill(terminal, size.resize);
    let closed = false;
    // Fed by every frame and every pre-write look at the screen: a model dialog Elwood is not driving holds
    // guarded writes until the composer is positively back (write-only: readiness never sees it).
    let pickerHold = FOREIGN_PICKER_CLEAR;
    // A writer that finished meanwhile (a cancelled submission, an ended transaction) has no one left to tell.
    const answer = (request: IoWriteCommand, event: IoAnswerEvent): void => {
      if (request.replyTo.getSnapshot().status === "active") request.replyTo.send(event);
    };
    const held = (request: IoWriteCommand, reason: WriteHoldReason): void => {
      answer(request, { type: "io.held", requestId: request.requestId, reason });
    };

    let pty: AgentPty | undefined;
    let spawnTried = false;
    let detach = (): void => {};
    let offExit = (): void => {};
    const spawn = (args: readonly string[]): void => {
      if (spawnTried || closed) return;
      spawnTried = true;
      const spawned = spawnInto(input.pty, { ...input.spawn, args });
      if (spawned instanceof ElwoodError) return sendBack({ type: "pty.spawnFailed", error: spawned });
      pty = spawned;
      // Output in, xterm's input out, backpressure, and the exit that releases a pause for good.
      detach = attachTerminal(spawned, terminal);
      offExit = input.pty.onExit((exit) => {
        // Before the exit is announced: every byte the child wrote is rendered (and observed), and what it committed to
        // its transcript is delivered. Both run at once and are bounded, so a stalled renderer or file system only
        // delays the announcement by the budget.
        const rendered = settledWithin(terminal, RENDER_DRAIN_BUDGET_MS);
        void Promise.all([rendered, input.exitGate?.pass()]).then(async () => {
          if (closed) return;
          sendBack(exit.signal === null ? { type: "pty.exit", exitCode: exit.exitCode } : { type: "pty.exit", exitCode: exit.exitCode, signal: exit.signal });
          // The exit status is out first; then whatever the group left running is ended (a failure only warns).
          const failed = await reapAfterUnsolicitedExit(spawned);
          if (failed !== undefined && !closed) sendBack(failed);
        });
      });
      sendBack({ type: "pty.spawned", pid: spawned.pid, pgid: spawned.pgid });
    };
    // The terminal hands back the very same snapshot object while the screen is unchanged, and the reader is a
    // pure function of it: such a frame reuses the last facts instead of reading the screen again.
    let lastSnapshot: TerminalSnapshot | undefined;
    let lastFacts: ScreenFacts | undefined;
    const offFrame = terminal.onFrame((frame) => {
      if (closed) return;
      const facts = frame.snapshot === lastSnapshot && lastFacts !== undefined ? lastFacts : readScreen(frame.snapshot);
      lastSnapshot = frame.snapshot;
      lastFacts = facts;
      pickerHold = observeForeignPicker(pickerHold, facts);
      sendBack({ type: "frame", seq: frame.seq, facts, oscState: frame.oscState });
    });

    const write = async (request: IoWriteCommand): Promise<void> => {
      if (pty === undefined || pty.exited) {
        answer(request, { type: "io.failed", requestId: request.requestId, error: new ElwoodError("session_not_running", "the agent process has exited") });
        return;
      }
      const observed = await settledWithin(terminal, OBSERVE_QUIET_LIMIT_MS);
      if (closed) return;
      // Same tick as the check: no further PTY output is parsed between observing and writing.
      if (request.requireDialog !== undefined) {
        if (!observed || terminal.renderFailed) return held(request, "unobserved");
        if (readScreen(terminal.snapshot()).dialog?.kind !== request.requireDialog) return held(request, "not_required_dialog");
      } else if (request.guardDialog) {
        if (!observed || terminal.renderFailed) return held(request, "unobserved");
        const facts = readScreen(terminal.snapshot());
        pickerHold = observeForeignPicker(pickerHold, facts);
        if (facts.dialog?.blocking) return held(request, "dialog");
        // A human's (or a surviving) model dialog: Enter would apply its highlighted row, Escape discard it.
        if (pickerHold.held && request.ownModelDialog !== true) return held(request, "foreign_picker");
      } else if (request.purpose === "escape" && pickerHold.held && request.ownModelDialog !== true) {
        // An unguarded Escape (interrupt) would only discard a human's model picker, not stop the turn: stand off.
        if (!observed || terminal.renderFailed) return held(request, "unobserved");
        pickerHold = observeForeignPicker(pickerHold, readScreen(terminal.snapshot()));
        if (pickerHold.held) return held(request, "foreign_picker");
      }
      try {
        terminal.sendInput(request.data);
        answer(request, { type: "io.written", requestId: request.requestId });
      } catch (error) {
        answer(request, { type: "io.failed", requestId: request.requestId, error: new ElwoodError("pty_write_failed", "writing to the PTY failed", { cause: String(error) }) });
      }
    };

    receive((command) => {
      if (command.type === "io.spawn") spawn(command.args);
      else if (command.type === "io.write") void write(command);
      else if (command.type === "io.restoreSize") {
        const failed = size.restore();
        if (failed !== undefined) sendBack(failed);
      }
    });

    return () => {
      closed = true;
      offFrame();
      offExit();
      detach();
    };
  },
);
