// The adapter-neutral session facade: typed, promise-based API over the session actor and its effects.

import { randomUUID } from "node:crypto";
import { Observable } from "rxjs";
import type { ImageCloneBudget } from "../effects/image-budget.js";
import type { LoginCallbacks } from "../effects/transaction-effects.js";
import type { QueuedOp, QueueTransaction } from "../machines/control-queue.js";
import { callTimeout, sizeProblem } from "./call-checks.js";
import { capabilityRefusal } from "./capability-check.js";
import { ElwoodError, rejectWith } from "./contracts/errors.js";
import {
  isTerminalStatus,
  type AgentKind,
  type AgentModelOption,
  type ActivityEvent,
  type InputEvent,
  type SessionStatus,
  type StatusDecision,
  type WarningEvent,
  type TerminalSize,
  type Unsubscribe,
} from "./contracts/public-types.js";
import { shareImageBudget, submitHeldImages, type HeldImages } from "./held-images.js";
import { writeRawKeys } from "./raw-keys.js";
import { PtyInputTap } from "./pty-input-tap.js";
import { DEFAULT_COMPACT_TIMEOUT_MS, DEFAULT_INTERRUPT_TIMEOUT_MS, DEFAULT_MODEL_TIMEOUT_MS } from "./session-defaults.js";
import { SessionCloser } from "./session-close.js";
import { SessionLoops } from "./session-loops.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "./contracts/loop.js";
import { compactOp, pickerTimeout, pickerTransaction, transactionOp, type SubmissionKind } from "./queue-ops.js";
import type { FacadeEventMap, FacadeEventName, ScreenFrameEvent, SessionTerminal, SendOptions, SessionRuntime } from "./session-types.js";
import { SubmissionIntake } from "./submission-intake.js";
import { terminalHandle } from "./terminal-handle.js";
import { PendingCalls } from "./pending-calls.js";
import { wireFacade } from "./facade-wiring.js";
import { submissionOutcome } from "./submission-outcomes.js";
import type { AgentSession } from "./session-api.js";
import { SessionEvents } from "./session-events.js";
import { waitForActivity, waitForStatus, type WaitSources } from "./wait-for.js";

export * from "./session-defaults.js";
export type * from "./session-types.js";

export class SessionFacade implements AgentSession {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly agent: AgentKind;
  readonly terminal: SessionTerminal;
  readonly status$: Observable<SessionStatus>;
  readonly activity$: Observable<ActivityEvent>;
  readonly frames$: Observable<ScreenFrameEvent>;
  /** What Elwood writes to the PTY, write by write (the `input` event as an Observable). */
  readonly input$: Observable<InputEvent>;

  protected readonly runtime: SessionRuntime;
  private readonly events: SessionEvents;
  private readonly pending: PendingCalls;
  private readonly closer: SessionCloser;
  private readonly waits: WaitSources;
  /** Login callbacks per op, read by the transaction effects actor (never stored in a machine). */
  protected readonly loginCallbacks: Map<string, LoginCallbacks>;
  private readonly intake: SubmissionIntake;
  private readonly inputTap: PtyInputTap;
  private readonly loops: SessionLoops;
  /** The CLI's own conversation id, from its latest SessionStart hook (what a resume of that CLI needs). */
  protected cliSessionId: string | undefined;

  constructor(runtime: SessionRuntime) {
    this.runtime = runtime;
    this.pending = new PendingCalls(runtime.actor);
    this.elwoodSessionId = runtime.elwoodSessionId;
    this.cwd = runtime.cwd;
    this.agent = runtime.agent;
    this.events = new SessionEvents(runtime.elwoodSessionId, runtime.agent, runtime.adapter.hookKinds);
    this.terminal = terminalHandle(runtime.terminal, runtime.pty);
    this.status$ = new Observable((sub) => this.on("status", (e) => sub.next(e.status)));
    this.activity$ = new Observable((sub) => this.on("activity", (e) => sub.next(e)));
    this.frames$ = new Observable((sub) => this.events.frames.on("frame", (f) => sub.next(f)));
    this.loginCallbacks = runtime.loginCallbacks;
    this.intake = new SubmissionIntake({
      cwd: runtime.cwd,
      imageVia: runtime.adapter.imageVia,
      imagesRefusal: () => capabilityRefusal(runtime.adapter.kind, "images") ?? runtime.imagesRefusal,
      agentEnv: runtime.agentEnv ?? process.env,
      status: () => this.status,
      enqueue: (op, settleAt) => this.pending.enqueue(op, settleAt),
      entered: (kind, opId) => this.events.enteredTurn(kind, opId),
    });
    this.inputTap = new PtyInputTap(runtime.pty, () => this.emitWarning("hook_observer_failed", 'a listener for "input" threw', { event: "input", phase: "lifecycle" }));
    this.input$ = new Observable((sub) => this.on("input", (e) => sub.next(e)));
    this.closer = new SessionCloser(runtime, () => {
      this.rejectAllPending();
      this.finalDecisions = this.statusDecisions();
    });
    this.waits = this.events.waitSources((timeoutMs, onTimeout) => this.pending.deadline(timeoutMs, onTimeout));
    this.loops = new SessionLoops({
      actor: runtime.actor,
      runtime: runtime.loops,
      status: () => this.status,
      emit: (event) => this.events.emitter.emit("loop", event),
      fired: (turnId) => (this.events.turnId = turnId),
    });
    const { events, pending, loops } = this;
    wireFacade({ session: this, runtime, events, pending, loops, ended: () => this.rejectAllPending(), conversationId: (id) => (this.cliSessionId = id) });
    // Started once listened to: what the tree announces at start-up (edge warnings fed before it ran) is not missed.
    runtime.actor.start();
    this.loops.restore();
  }

  get status(): SessionStatus {
    return this.events.status;
  }

  /** The CLI's process id (the login shell `exec`s the CLI, so the PTY child's pid is the CLI's own). */
  get pid(): number {
    // Always set: the start resolves only once the io actor spawned the PTY (public.spawned), and a failed spawn rejects it.
    return this.runtime.pty.pid ?? 0;
  }

  statusDecisions(): readonly StatusDecision[] {
    const status = this.runtime.actor.getSnapshot().children["status"];
    const snapshot = status?.getSnapshot() as { context?: { decisions?: readonly StatusDecision[] } } | undefined;
    return [...(snapshot?.context?.decisions ?? this.finalDecisions)];
  }

  private finalDecisions: readonly StatusDecision[] = [];

  on<E extends FacadeEventName>(event: E, listener: (payload: FacadeEventMap[E]) => void): Unsubscribe {
    if (typeof listener !== "function") return () => {};
    if (event === "terminal:data") {
      // Replay first, then live chunks (the buffer is live-only and never persisted).
      return this.runtime.terminal.headless.onRawOutput(listener as (chunk: string) => void, { replay: true });
    }
    if (event === "input") return this.inputTap.on(listener as (e: InputEvent) => void);
    return this.events.emitter.on(event, listener);
  }

  off<E extends FacadeEventName>(event: E, listener: (payload: FacadeEventMap[E]) => void): void {
    if (event === "input") return this.inputTap.off(listener as (e: InputEvent) => void);
    this.events.emitter.off(event, listener);
  }

  waitForStatus(match: (status: SessionStatus) => boolean, timeoutMs?: number): Promise<SessionStatus> {
    return waitForStatus(this.waits, match, timeoutMs);
  }

  waitForActivity(match: (activity: ActivityEvent) => boolean, timeoutMs?: number): Promise<ActivityEvent> {
    return waitForActivity(this.waits, match, timeoutMs);
  }

  sendPrompt(prompt: string, options?: SendOptions): Promise<string> {
    return this.intake.submit("prompt", prompt, options);
  }

  sendMessage(message: string, options?: SendOptions): Promise<string> {
    return this.intake.submit("message", message, options);
  }

  sendGuidance(message: string, options?: SendOptions): Promise<string> {
    return this.intake.submit("guidance", message, options);
  }

  /** Internal (ClaudeSession/CodexSession): a submission whose images the primary API snapshotted and reserved at its call. */
  [submitHeldImages](kind: SubmissionKind, text: string, held: HeldImages): Promise<string> {
    return this.intake.submit(kind, text, undefined, held);
  }

  /** Internal (ClaudeSession/CodexSession): waits until the submission's Enters and replays are over (its turn id is its op id). */
  [submissionOutcome](turnId: string): Promise<ElwoodError | undefined> {
    return this.pending.outcome(turnId);
  }

  /** Internal (ClaudeSession/CodexSession): one image ceiling for the primary API and this raw session. */
  [shareImageBudget](budget: ImageCloneBudget): void {
    this.intake.shareBudget(budget);
  }

  sendKeys(input: string | Uint8Array): Promise<void> {
    if (isTerminalStatus(this.status) || this.runtime.pty.exited) return rejectWith("session_not_running", `the session is ${this.status}`);
    return writeRawKeys(this.runtime, input);
  }

  resize(size: TerminalSize): Promise<void> {
    if (isTerminalStatus(this.status)) return rejectWith("session_not_running", `the session is ${this.status}`);
    const problem = sizeProblem(size);
    if (problem !== undefined) return Promise.reject(problem);
    try {
      this.runtime.terminal.resize({ cols: size.cols, rows: size.rows });
      return Promise.resolve();
    } catch (error) {
      return rejectWith("resize_failed", "resizing the PTY failed", { cause: String(error) });
    }
  }

  interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    const timeout = callTimeout(this.status, options?.timeoutMs, DEFAULT_INTERRUPT_TIMEOUT_MS);
    return timeout instanceof ElwoodError ? Promise.reject(timeout) : this.pending.interrupt(timeout);
  }

  compact(options?: { readonly timeoutMs?: number }): Promise<void> {
    const timeout = callTimeout(this.status, options?.timeoutMs, DEFAULT_COMPACT_TIMEOUT_MS);
    return timeout instanceof ElwoodError ? Promise.reject(timeout) : this.pending.enqueue(compactOp(this.runtime.adapter, timeout)).then(() => undefined);
  }

  /** The CLI's own `/model` picker rows; the picker is cancelled with Escape, the model stays unchanged. */
  listModels(options?: { readonly timeoutMs?: number }): Promise<readonly AgentModelOption[]> {
    const refused = capabilityRefusal(this.runtime.adapter.kind, "models");
    if (refused !== undefined) return Promise.reject(refused);
    return this.runTransaction(pickerTransaction(this.runtime.adapter.picker), options?.timeoutMs, DEFAULT_MODEL_TIMEOUT_MS, pickerTimeout("listModels")).then((rows) => (Array.isArray(rows) ? (rows as AgentModelOption[]) : []));
  }

  /** Switches this session's model through the picker, session-only (never a new saved default). */
  setModel(id: string, options?: { readonly timeoutMs?: number }): Promise<void> {
    if (typeof id !== "string" || id.trim() === "") return rejectWith("invalid_argument", "setModel takes a non-empty model id");
    const refused = capabilityRefusal(this.runtime.adapter.kind, "models") ?? this.runtime.modelSelectionRefusal?.();
    if (refused !== undefined) return Promise.reject(refused);
    return this.runTransaction(pickerTransaction(this.runtime.adapter.picker, id), options?.timeoutMs, DEFAULT_MODEL_TIMEOUT_MS, pickerTimeout("setModel")).then(() => undefined);
  }

  /**
   * Runs one exclusive queue transaction (immediate class, never consuming readiness). The deadline (the queue's
   * own) covers the queue wait and the transaction; the transaction still cleans up its own screen after it.
   */
  protected runTransaction(
    transaction: QueueTransaction,
    timeoutMs: number | undefined,
    fallbackMs: number,
    timeoutError: (ms: number) => ElwoodError,
    klass: QueuedOp["klass"] = "immediate",
    hooks: { readonly prepare?: (opId: string) => void; readonly settled?: (opId: string) => void } = {},
  ): Promise<unknown> {
    const timeout = callTimeout(this.status, timeoutMs, fallbackMs);
    if (timeout instanceof ElwoodError) return Promise.reject(timeout);
    const opId = randomUUID();
    hooks.prepare?.(opId);
    return this.pending.enqueue(transactionOp(opId, transaction, klass, timeout, timeoutError(timeout))).finally(() => hooks.settled?.(opId));
  }

  /** Schedules a recurring prompt (B §6); resolves with its snapshot once the definition is persisted. */
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    return this.loops.create(request);
  }

  /** Every unexpired loop, sorted by creation time then id; also on a stopped session. */
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return Promise.resolve(this.loops.list());
  }

  /** Removes one loop for good (a turn it already submitted runs on); also on a stopped session. */
  cancelLoop(loopId: string): Promise<void> {
    return this.loops.cancel(loopId);
  }

  /**
   * Holds loop delivery until the returned release is called (a `send` / `stream` turn holds it through its real
   * boundary, so a loop never answers for the caller's prompt). Not part of the public session type.
   */
  holdLoops(): () => void {
    return this.loops.hold();
  }

  /** Keeps the session directory (released, so no crash sweep removes it) for a resume; removes the hook socket directory. */
  stop(): Promise<void> {
    return this.closer.close("stopped");
  }

  /** SIGKILLs the CLI's process group and reaps stragglers. Leaves exactly what `stop()` leaves. */
  kill(): Promise<void> {
    return this.closer.close("killed").then(() => this.loops.closed("killed"));
  }

  /** Removes the session directory too (and an empty default store): nothing of the session is left on disk. */
  teardown(): Promise<void> {
    return this.closer.close("torn_down").then(() => this.loops.closed("torn_down"));
  }

  /** Start-up warnings (the version probe's) and a throwing `input` listener are reported through this. */
  emitWarning(code: WarningEvent["code"], message: string, details?: Readonly<Record<string, unknown>>): void {
    this.events.warning(code, message, details);
  }

  private rejectAllPending(): void {
    this.pending.rejectAll(() => new ElwoodError("session_not_running", `the session ended (${this.status})`));
  }
}
