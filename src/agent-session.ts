// The adapter-neutral session facade: typed, promise-based API over the session actor and its effects.

import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join } from "node:path";
import { Observable } from "rxjs";
import type { Actor } from "xstate";
import type xtermModule from "@xterm/headless";
import { readOptionsGuarded, validateTerminalSize } from "../adapters/common-options.js";
import type { ScreenFacts } from "../adapters/screen-facts.js";
import type { AgentPty } from "../effects/pty/agent-pty.js";
import { reapTagged } from "../effects/pty/tagged-processes.js";
import type { HeadlessTerminal } from "../effects/terminal/headless-terminal.js";
import type { TerminalSnapshot } from "../effects/terminal/types.js";
import { sanitizeSubmissionText } from "../machines/sanitize.js";
import type { QueuedOp, QueueTransaction } from "../machines/control-queue.js";
import { clipboardBackend, firstUnpastableImage } from "../effects/clipboard.js";
import { sessionConfigJournal } from "../effects/config-journal.js";
import { checkImageFiles, clonedBytes, materializeImages, snapshotImages, type ImageInput, type ImageSnapshot } from "../effects/image-files.js";
import { ImageCloneBudget } from "../effects/image-budget.js";
import { TransactionEffects, type LoginCallbacks } from "./transaction-effects.js";
import type { SessionMachine, SessionPublicEvent } from "../machines/session.js";
import { ElwoodError, rejectWith } from "./errors.js";
import {
  isTerminalStatus,
  type AgentModelOption,
  type AgentKind,
  type ElwoodActivityEvent,
  type ElwoodSessionStatus,
  type ElwoodStatusDecision,
  type ElwoodWarningEvent,
  type TerminalExitEvent,
  type TerminalSize,
  type Unsubscribe,
} from "./public-types.js";
import { activityForHook } from "./hook-activity.js";
import { TypedEmitter } from "./typed-emitter.js";
import { waitForActivity, waitForStatus } from "./wait-for.js";

/** Text submissions above this many UTF-8 bytes are rejected before anything is written. */
export const MAX_SUBMISSION_BYTES = 8 * 1024 * 1024;
export const DEFAULT_INTERRUPT_TIMEOUT_MS = 10_000;
export const DEFAULT_COMPACT_TIMEOUT_MS = 120_000;
export const DEFAULT_STOP_GRACE_MS = 3_000;
/** listModels / setModel deadline (queue wait + picker), when the caller gives none. */
export const DEFAULT_MODEL_TIMEOUT_MS = 30_000;

export interface HookEventRecord {
  readonly name: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

export interface HookErrorEvent {
  readonly category: "timeout" | "handler_error" | "invalid_input" | "invalid_response" | "bridge_error";
  readonly hookEventName?: string;
  readonly message: string;
  /** The handler deadline, only on genuine timeouts (spec B §7.6). */
  readonly timeoutMs?: number;
}

export interface ElwoodStatusEvent {
  readonly status: ElwoodSessionStatus;
  readonly previous: ElwoodSessionStatus;
}

export interface ElwoodFrameEvent {
  readonly seq: number;
  readonly facts: ScreenFacts;
}

export type SessionEventMap = {
  "terminal:data": string;
  "terminal:exit": TerminalExitEvent;
  status: ElwoodStatusEvent;
  activity: ElwoodActivityEvent;
  warning: ElwoodWarningEvent;
  hook: HookEventRecord;
  hookError: HookErrorEvent;
} & { [K in `hook:${string}`]: Readonly<Record<string, unknown>> };

export type SessionEventName = keyof SessionEventMap & string;

/** The session's headless terminal handle. */
export interface ElwoodTerminal {
  readonly xterm: InstanceType<typeof xtermModule.Terminal>;
  readonly size: TerminalSize;
  readonly title: string;
  readonly renderFailed: boolean;
  snapshot(): TerminalSnapshot;
  /** Resolves once every byte received so far has been rendered; never rejects. */
  settled(): Promise<void>;
  /** Input through the terminal's input path (as a person typing); resolves once forwarded to the PTY. */
  sendInput(data: string): Promise<void>;
}

export interface SendOptions {
  /** Ordered images attached to this submission through the CLI's own path, before its text (C-API-44). */
  readonly images?: readonly ImageInput[];
}

/** Everything a started session runs on; built by src/launch-session.ts. */
export interface SessionRuntime {
  readonly agent: AgentKind;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly terminal: HeadlessTerminal;
  readonly pty: AgentPty;
  readonly actor: Actor<SessionMachine>;
  /** Requested size, which may differ from the physical one during a bootstrap. */
  readonly resize: (size: TerminalSize) => void;
  /** Releases Elwood-owned resources (hook server, and on teardown the session directory). */
  readonly release: (how: "stop" | "kill" | "teardown") => Promise<void>;
  readonly stopGraceMs: number;
  /** Codex: the CODEX_HOME the CLI runs with (its picker writes config.toml there). */
  readonly codexHome?: string;
  /** The environment the agent was launched with (its display is the one image attach must use). */
  readonly agentEnv?: Readonly<Record<string, string>>;
}

/** The same size rule as `initialSize` (one rule for start and resize); a size whose getters throw is just invalid. */
function sizeProblem(size: unknown): ElwoodError | undefined {
  if (typeof size !== "object" || size === null) return new ElwoodError("invalid_argument", "size must be { cols, rows }", { option: "size" });
  const checked = readOptionsGuarded((s) => validateTerminalSize(s, "size"), size, "resize");
  return checked instanceof ElwoodError ? checked : undefined;
}

function validTimeout(value: unknown, fallback: number): number | ElwoodError {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    return new ElwoodError("invalid_argument", "timeoutMs must be a positive finite number");
  }
  return value;
}

export class AgentSession {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly agent: AgentKind;
  readonly terminal: ElwoodTerminal;
  readonly status$: Observable<ElwoodSessionStatus>;
  readonly activity$: Observable<ElwoodActivityEvent>;
  readonly frames$: Observable<ElwoodFrameEvent>;

  protected readonly runtime: SessionRuntime;
  private readonly emitter: TypedEmitter<SessionEventMap>;
  private readonly frameEmitter = new TypedEmitter<{ frame: ElwoodFrameEvent }>();
  private currentStatus: ElwoodSessionStatus = "starting";
  private initialReady = false;
  private latestFacts: ScreenFacts | undefined;
  private closing: Promise<void> | undefined;
  private readonly pendingOps = new Map<string, { phase: "written" | "entered" | "done"; resolve: (result?: unknown) => void; reject: (e: ElwoodError) => void }>();
  /** Login callbacks per op, read by the transaction effects (never stored in a machine). */
  protected readonly loginCallbacks = new Map<string, LoginCallbacks>();
  protected readonly effects: TransactionEffects;
  /** Cloned image bytes held by queued submissions, one ceiling per session (C-API-44). */
  private readonly imageBudget = new ImageCloneBudget();
  /** Submissions whose images are still being checked: later calls queue behind them to keep call order. */
  private intake: Promise<void> = Promise.resolve();
  private intakePending = 0;
  private readonly pendingInterrupts = new Map<string, { resolve: () => void; reject: (e: ElwoodError) => void }>();

  constructor(runtime: SessionRuntime) {
    this.runtime = runtime;
    this.elwoodSessionId = runtime.elwoodSessionId;
    this.cwd = runtime.cwd;
    this.agent = runtime.agent;
    this.emitter = new TypedEmitter<SessionEventMap>((event) => {
      if (event === "warning") return;
      this.emitWarning("hook_observer_failed", `a listener for "${event}" threw`, { event });
    });
    const term = runtime.terminal;
    const pty = runtime.pty;
    this.terminal = {
      get xterm() {
        return term.xterm;
      },
      get size() {
        return term.size;
      },
      get title() {
        return term.title;
      },
      get renderFailed() {
        return term.renderFailed;
      },
      snapshot: () => term.snapshot(),
      settled: () => term.settled(),
      sendInput: (data: string) => {
        if (typeof data !== "string") return rejectWith("invalid_argument", "sendInput takes a string");
        if (pty.exited) return rejectWith("session_not_running", "the agent process has exited");
        try {
          term.sendInput(data);
          return Promise.resolve();
        } catch (error) {
          return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
        }
      },
    };
    this.status$ = new Observable((sub) => this.on("status", (e) => sub.next(e.status)));
    this.activity$ = new Observable((sub) => this.on("activity", (e) => sub.next(e)));
    this.frames$ = new Observable((sub) => this.frameEmitter.on("frame", (f) => sub.next(f)));
    this.effects = new TransactionEffects({
      warn: (code, message, details) => this.emitWarning(code, message, details),
      codexConfigPath: () => this.codexConfigPath(),
      ...(runtime.agentEnv === undefined ? {} : { agentEnv: runtime.agentEnv }),
      login: (opId) => this.loginCallbacks.get(opId),
      processExited: () => new Promise<void>((resolve) => (pty.exited ? resolve() : pty.onExit(() => resolve()))),
      configJournal: sessionConfigJournal(runtime.elwoodSessionId),
    });
    runtime.actor.on("*", (event) => this.onPublic(event as SessionPublicEvent));
  }

  get status(): ElwoodSessionStatus {
    return this.currentStatus;
  }

  statusDecisions(): readonly ElwoodStatusDecision[] {
    const status = this.runtime.actor.getSnapshot().children["status"];
    const snapshot = status?.getSnapshot() as { context?: { decisions?: readonly ElwoodStatusDecision[] } } | undefined;
    return [...(snapshot?.context?.decisions ?? this.finalDecisions)];
  }

  private finalDecisions: readonly ElwoodStatusDecision[] = [];

  on<E extends SessionEventName>(event: E, listener: (payload: SessionEventMap[E]) => void): Unsubscribe {
    if (typeof listener !== "function") return () => {};
    if (event === "terminal:data") {
      // Replay first, then live chunks (the buffer is live-only and never persisted).
      return this.runtime.terminal.onRawOutput(listener as (chunk: string) => void, { replay: true });
    }
    return this.emitter.on(event, listener);
  }

  off<E extends SessionEventName>(event: E, listener: (payload: SessionEventMap[E]) => void): void {
    this.emitter.off(event, listener);
  }

  waitForStatus(match: (status: ElwoodSessionStatus) => boolean, timeoutMs?: number): Promise<ElwoodSessionStatus> {
    return waitForStatus(this.waitSources(), match, timeoutMs);
  }

  waitForActivity(match: (activity: ElwoodActivityEvent) => boolean, timeoutMs?: number): Promise<ElwoodActivityEvent> {
    return waitForActivity(this.waitSources(), match, timeoutMs);
  }

  sendPrompt(prompt: string, options?: SendOptions): Promise<void> {
    return this.submit("prompt", prompt, options);
  }

  sendMessage(message: string, options?: SendOptions): Promise<void> {
    return this.submit("message", message, options);
  }

  sendGuidance(message: string, options?: SendOptions): Promise<void> {
    return this.submit("guidance", message, options);
  }

  sendKeys(input: string | Uint8Array): Promise<void> {
    if (isTerminalStatus(this.currentStatus) || this.runtime.pty.exited) {
      return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    }
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      return rejectWith("invalid_argument", "sendKeys takes a string or a Uint8Array");
    }
    try {
      // Raw input hands the draft to the caller: pending recovery Enters are cancelled.
      this.runtime.actor.send({ type: "cmd.rawInput" });
      if (typeof input === "string") this.runtime.terminal.sendInput(input);
      else this.runtime.pty.write(input);
      return Promise.resolve();
    } catch (error) {
      return rejectWith("pty_write_failed", "writing to the PTY failed", { cause: String(error) });
    }
  }

  resize(size: TerminalSize): Promise<void> {
    if (isTerminalStatus(this.currentStatus)) return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    const problem = sizeProblem(size);
    if (problem !== undefined) return Promise.reject(problem);
    try {
      this.runtime.resize({ cols: size.cols, rows: size.rows });
      return Promise.resolve();
    } catch (error) {
      return rejectWith("resize_failed", "resizing the PTY failed", { cause: String(error) });
    }
  }

  interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    if (isTerminalStatus(this.currentStatus)) return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    const timeout = validTimeout(options?.timeoutMs, DEFAULT_INTERRUPT_TIMEOUT_MS);
    if (timeout instanceof ElwoodError) return Promise.reject(timeout);
    const id = randomUUID();
    return new Promise<void>((resolve, reject) => {
      this.pendingInterrupts.set(id, { resolve, reject });
      this.runtime.actor.send({ type: "cmd.interrupt", id, timeoutMs: timeout });
    });
  }

  compact(options?: { readonly timeoutMs?: number }): Promise<void> {
    if (isTerminalStatus(this.currentStatus)) return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    const timeout = validTimeout(options?.timeoutMs, DEFAULT_COMPACT_TIMEOUT_MS);
    if (timeout instanceof ElwoodError) return Promise.reject(timeout);
    const opId = randomUUID();
    return new Promise<void>((resolve, reject) => {
      let offHook: Unsubscribe = () => {};
      let offStatus: Unsubscribe = () => {};
      const finish = (error?: ElwoodError): void => {
        clearTimeout(timer);
        offHook();
        offStatus();
        this.pendingOps.delete(opId);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => {
        this.runtime.actor.send({ type: "cmd.cancel", opId, error: new ElwoodError("compact_failed", "compaction timed out") });
        finish(new ElwoodError("compact_failed", `no PostCompact within ${timeout} ms`, { timeoutMs: timeout }));
      }, timeout);
      offHook = this.emitter.on("hook", (hook) => {
        if (hook.name === "PostCompact") finish();
      });
      offStatus = this.emitter.on("status", (e) => {
        if (isTerminalStatus(e.status)) finish(new ElwoodError("session_not_running", `the session ended (${e.status})`));
      });
      this.pendingOps.set(opId, { phase: "done", resolve: () => {}, reject: (e) => finish(e) });
      const op: QueuedOp = { opId, kind: "command", klass: "readiness", consumesReady: false, text: this.compactCommand(), framing: "typed" };
      this.runtime.actor.send({ type: "cmd.enqueue", op });
    });
  }

  protected compactCommand(): string {
    return "/compact";
  }

  /** The CLI's own `/model` picker rows; the picker is cancelled with Escape, the model stays unchanged. */
  listModels(options?: { readonly timeoutMs?: number }): Promise<readonly AgentModelOption[]> {
    return this.runTransaction(
      { kind: "modelPicker", input: { mode: "list", flavour: this.agent } },
      options?.timeoutMs,
      DEFAULT_MODEL_TIMEOUT_MS,
      (ms) => new ElwoodError("model_automation_failed", `listModels did not finish within ${ms} ms`, { timeoutMs: ms }),
    ).then((rows) => (Array.isArray(rows) ? (rows as AgentModelOption[]) : []));
  }

  /** Switches this session's model through the picker, session-only (never a new saved default). */
  setModel(id: string, options?: { readonly timeoutMs?: number }): Promise<void> {
    if (typeof id !== "string" || id.trim() === "") return rejectWith("invalid_argument", "setModel takes a non-empty model id");
    return this.runTransaction(
      { kind: "modelPicker", input: { mode: "set", target: id, flavour: this.agent } },
      options?.timeoutMs,
      DEFAULT_MODEL_TIMEOUT_MS,
      (ms) => new ElwoodError("model_automation_failed", `setModel did not finish within ${ms} ms`, { timeoutMs: ms }),
    ).then(() => undefined);
  }

  /** Codex sessions name their config.toml (the picker writes it); Claude has none. */
  protected codexConfigPath(): string | undefined {
    if (this.agent !== "codex") return undefined;
    const home = this.runtime.codexHome ?? process.env["CODEX_HOME"] ?? join(homedir(), ".codex");
    return join(home, "config.toml");
  }

  /**
   * Runs one exclusive queue transaction (immediate class, never consuming readiness). The deadline covers
   * the queue wait and the transaction; the transaction still cleans up its own screen after a timeout.
   */
  protected runTransaction(
    transaction: QueueTransaction,
    timeoutMs: number | undefined,
    fallbackMs: number,
    timeoutError: (ms: number) => ElwoodError,
    klass: QueuedOp["klass"] = "immediate",
    hooks: { readonly prepare?: (opId: string) => void; readonly settled?: (opId: string) => void } = {},
  ): Promise<unknown> {
    if (isTerminalStatus(this.currentStatus)) return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    const timeout = validTimeout(timeoutMs, fallbackMs);
    if (timeout instanceof ElwoodError) return Promise.reject(timeout);
    const opId = randomUUID();
    const onSettled = hooks.settled;
    hooks.prepare?.(opId);
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = timeoutError(timeout);
        this.runtime.actor.send({ type: "cmd.cancel", opId, error });
        if (this.pendingOps.delete(opId)) {
          onSettled?.(opId);
          reject(error);
        }
      }, timeout);
      const settle = (): void => {
        clearTimeout(timer);
        onSettled?.(opId);
      };
      this.pendingOps.set(opId, {
        phase: "done",
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      const op: QueuedOp = { opId, kind: "command", klass, consumesReady: false, text: "", framing: "typed", transaction };
      this.runtime.actor.send({ type: "cmd.enqueue", op });
    });
  }

  /**
   * Ends the CLI gracefully, then reaps its processes. Leaves the session directory (`<store>/sessions/<id>/`, with
   * the CLI's settings) for a later resume, released so no crash sweep removes it; removes the hook socket directory.
   */
  stop(): Promise<void> {
    return this.close("stopped", async () => {
      await this.runtime.pty.stop({ graceMs: this.runtime.stopGraceMs });
      await this.reapStragglers();
      await this.runtime.release("stop");
    });
  }

  /** SIGKILLs the CLI's process group and reaps stragglers. Leaves exactly what `stop()` leaves. */
  kill(): Promise<void> {
    return this.close("killed", async () => {
      await this.runtime.pty.kill();
      await this.reapStragglers();
      await this.runtime.release("kill");
    });
  }

  /**
   * Kills like `kill()`, then removes the session directory too (and an empty default store); nothing of the
   * session is left on disk.
   */
  teardown(): Promise<void> {
    return this.close("torn_down", async () => {
      await this.runtime.pty.kill();
      await this.reapStragglers();
      await this.runtime.release("teardown");
    });
  }

  // ---- internals ----

  /**
   * The CLIs run hook commands in process groups of their own, so a hook still running at close escapes the
   * group SIGKILL; every process carrying this session's ELWOOD_SESSION_ID is reaped as well.
   */
  private async reapStragglers(): Promise<void> {
    await reapTagged("ELWOOD_SESSION_ID", this.elwoodSessionId).catch(() => false);
  }

  private close(as: "stopped" | "killed" | "torn_down", work: () => Promise<void>): Promise<void> {
    const run = async (): Promise<void> => {
      this.runtime.actor.send({ type: "cmd.closing", as });
      try {
        await work();
      } finally {
        this.runtime.actor.send({ type: "cmd.closed", as });
        this.rejectAllPending();
        this.finalDecisions = this.statusDecisions();
        this.runtime.terminal.dispose();
      }
    };
    // Each close runs its own reap even after an earlier one (a dead or empty group is a no-op).
    const previous = this.closing ?? Promise.resolve();
    this.closing = previous.catch(() => {}).then(run);
    return this.closing;
  }

  private submit(kind: "prompt" | "message" | "guidance", text: unknown, options?: SendOptions): Promise<void> {
    if (isTerminalStatus(this.currentStatus)) return rejectWith("session_not_running", `the session is ${this.currentStatus}`);
    if (typeof text !== "string") return rejectWith("invalid_argument", `${kind} text must be a string`);
    if (Buffer.byteLength(text, "utf8") > MAX_SUBMISSION_BYTES) {
      return rejectWith("input_too_large", `text exceeds ${MAX_SUBMISSION_BYTES} bytes of UTF-8`, { limit: MAX_SUBMISSION_BYTES });
    }
    if (options !== undefined && (typeof options !== "object" || options === null)) {
      return rejectWith("invalid_argument", "options must be an object");
    }
    const clean = sanitizeSubmissionText(text);
    let snapshot: readonly ImageSnapshot[] = [];
    if (options?.images !== undefined) {
      // Snapshot synchronously (buffers cloned, paths absolutized) before anything else can run.
      let taken: readonly ImageSnapshot[] | ElwoodError;
      try {
        taken = snapshotImages(options.images, this.cwd);
      } catch {
        // A throwing getter or Proxy in the caller's list: still a typed rejection, never a synchronous throw.
        taken = new ElwoodError("invalid_image", "images could not be read (an entry threw)");
      }
      if (taken instanceof ElwoodError) return Promise.reject(taken);
      snapshot = taken;
    }
    if (snapshot.length === 0 && this.intakePending === 0) return this.enqueueSubmission(kind, clean);
    const release = this.imageBudget.reserve(clonedBytes(snapshot));
    if (release instanceof ElwoodError) return Promise.reject(release);
    // Calls keep their order: this one enqueues only after every earlier image call has enqueued (or failed).
    this.intakePending += 1;
    let enqueued!: (submission: PromiseLike<void>) => void;
    let refused!: (error: unknown) => void;
    const submission = new Promise<void>((resolve, reject) => ((enqueued = resolve), (refused = reject)));
    this.intake = this.intake.then(async () => {
      try {
        // Wrapped in an object: the intake chain must wait for the enqueue, never for the submission itself.
        const next = snapshot.length === 0 ? { submission: this.enqueueSubmission(kind, clean) } : await this.submitWithImages(kind, clean, snapshot);
        enqueued(next.submission);
      } catch (error) {
        refused(error instanceof ElwoodError ? error : new ElwoodError("image_attach_failed", String(error)));
      } finally {
        this.intakePending -= 1;
      }
    });
    return submission.finally(release);
  }

  /**
   * Checks the snapshot's files, materializes byte inputs and enqueues attach + submit as one op. Resolves once
   * enqueued, with the submission's own promise (temp files are removed when it settles).
   */
  private async submitWithImages(
    kind: "prompt" | "message" | "guidance",
    clean: string,
    snapshot: readonly ImageSnapshot[],
  ): Promise<{ readonly submission: Promise<void> }> {
    if (isTerminalStatus(this.currentStatus)) throw new ElwoodError("session_not_running", `the session is ${this.currentStatus}`);
    if (this.agent === "codex" && clipboardBackend(process.platform, this.runtime.agentEnv ?? process.env) === undefined) {
      throw new ElwoodError("unsupported_platform", "Codex attaches images only through a native clipboard (macOS, or Linux with a display)");
    }
    const checked = await checkImageFiles(snapshot);
    if (checked instanceof ElwoodError) throw checked;
    const backend = this.agent === "codex" ? clipboardBackend(process.platform, this.runtime.agentEnv ?? process.env) : undefined;
    const unpastable = backend === undefined ? undefined : await firstUnpastableImage(backend, checked);
    if (unpastable !== undefined) throw new ElwoodError("unsupported_platform", "Codex on Linux reads only PNG images from the clipboard", { index: unpastable });
    const files = await materializeImages(checked);
    if (files instanceof ElwoodError) throw files;
    if (isTerminalStatus(this.currentStatus)) {
      await files.cleanup();
      throw new ElwoodError("session_not_running", `the session is ${this.currentStatus}`);
    }
    const via = this.agent === "claude" ? ("paste" as const) : ("clipboard" as const);
    const submission = this.enqueueSubmission(kind, clean, { kind: "imageAttach", input: { paths: files.paths, via } });
    return { submission: submission.finally(() => files.cleanup()) };
  }

  private enqueueSubmission(kind: "prompt" | "message" | "guidance", clean: string, transaction?: QueueTransaction): Promise<void> {
    const immediateGuidance =
      kind === "guidance" && this.initialReady && this.currentStatus === "running" && !this.latestFacts?.dialog?.blocking;
    const op: QueuedOp = {
      opId: randomUUID(),
      kind,
      klass: kind === "prompt" || immediateGuidance ? "immediate" : "readiness",
      consumesReady: true,
      text: clean,
      framing: "paste",
      ...(transaction === undefined ? {} : { transaction }),
    };
    return new Promise<void>((resolve, reject) => {
      this.pendingOps.set(op.opId, { phase: "entered", resolve: () => resolve(), reject });
      this.runtime.actor.send({ type: "cmd.enqueue", op });
    });
  }

  private onPublic(event: SessionPublicEvent): void {
    switch (event.type) {
      case "public.status":
        this.currentStatus = event.to;
        if (event.initial) this.initialReady = true;
        this.emitter.emit("status", { status: event.to, previous: event.from });
        this.emitActivity({ source: "lifecycle", kind: "status", label: event.to, status: event.to });
        if (event.to === "blocked") this.announceAttention([...event.ruleIds].sort().join(",") || "blocked");
        if (isTerminalStatus(event.to)) this.rejectAllPending();
        break;
      case "public.frame":
        this.latestFacts = event.facts;
        // While blocked, a newly painted or changed dialog (e.g. after hook evidence blocked first) names its rules.
        if (this.currentStatus === "blocked" && event.facts.dialog?.blocking) {
          const label = [...event.facts.dialog.ruleIds].sort().join(",");
          if (label !== "" && label !== this.attentionLabel) this.announceAttention(label);
        }
        this.frameEmitter.emit("frame", { seq: event.seq, facts: event.facts });
        break;
      case "public.hook": {
        const record: HookEventRecord = { name: event.name, payload: event.payload };
        this.emitter.emit("hook", record);
        this.emitter.emit(`hook:${event.name}`, event.payload);
        this.emitActivity(activityForHook(event.name, event.payload));
        break;
      }
      case "public.turn":
        this.emitActivity({ source: "terminal", kind: event.edge === "started" ? "turn_started" : "turn_ended", label: event.source });
        break;
      case "public.startupPrompt":
        this.emitActivity({ source: "terminal", kind: "startup_prompt", label: event.label, text: event.text });
        break;
      case "public.op": {
        const pending = this.pendingOps.get(event.opId);
        if (!pending) break;
        if (event.phase === pending.phase || (pending.phase === "entered" && event.phase === "done")) {
          this.pendingOps.delete(event.opId);
          pending.resolve(event.result);
        }
        break;
      }
      case "public.effect":
        void this.effects.run(event.request).then((result) => this.runtime.actor.send({ type: "cmd.effectResult", result }));
        break;
      case "public.opFailed": {
        const pending = this.pendingOps.get(event.opId);
        if (!pending) break;
        this.pendingOps.delete(event.opId);
        pending.reject(event.error);
        break;
      }
      case "public.interrupt":
        for (const id of event.ids) {
          const pending = this.pendingInterrupts.get(id);
          if (!pending) continue;
          this.pendingInterrupts.delete(id);
          if (event.error) pending.reject(event.error);
          else pending.resolve();
        }
        break;
      case "public.exit":
        this.emitter.emit("terminal:exit", event.signal === undefined ? { exitCode: event.exitCode } : { exitCode: event.exitCode, signal: event.signal });
        break;
    }
  }

  private attentionLabel: string | undefined;

  private announceAttention(label: string): void {
    this.attentionLabel = label;
    this.emitActivity({ source: "terminal", kind: "attention", label, text: "the agent is waiting on a human decision" });
  }

  /** Adapters report hook results, hook errors and warnings through these. */
  emitHookError(error: HookErrorEvent): void {
    this.emitter.emit("hookError", error);
    this.emitActivity({
      source: "hook",
      kind: "hook_error",
      label: error.category,
      text: error.message,
      failedOpen: true,
      ...(error.hookEventName === undefined ? {} : { hookEventName: error.hookEventName }),
    });
  }

  emitHookResult(hookEventName: string, failedOpen: boolean, response: unknown): void {
    this.emitActivity({ source: "hook", kind: "hook_result", label: hookEventName, hookEventName, failedOpen, raw: response });
  }

  emitWarning(code: ElwoodWarningEvent["code"], message: string, details?: Readonly<Record<string, unknown>>): void {
    this.emitter.emit("warning", { elwoodSessionId: this.elwoodSessionId, agent: this.agent, code, message, ...(details ? { details } : {}) });
  }

  private emitActivity(partial: Omit<ElwoodActivityEvent, "elwoodSessionId" | "agent">): void {
    this.emitter.emit("activity", { elwoodSessionId: this.elwoodSessionId, agent: this.agent, ...partial });
  }

  private rejectAllPending(): void {
    // Locks and snapshots a stopped transaction still holds are released (config restored after exit).
    void this.effects.sessionEnded();
    const error = new ElwoodError("session_not_running", `the session ended (${this.currentStatus})`);
    for (const [id, pending] of this.pendingOps) {
      this.pendingOps.delete(id);
      pending.reject(error);
    }
    for (const [id, pending] of this.pendingInterrupts) {
      this.pendingInterrupts.delete(id);
      pending.reject(error);
    }
  }

  private waitSources() {
    return {
      currentStatus: () => this.currentStatus,
      onStatus: (listener: (status: ElwoodSessionStatus) => void) => this.emitter.on("status", (e) => listener(e.status)),
      onActivity: (listener: (activity: ElwoodActivityEvent) => void) => this.emitter.on("activity", listener),
    };
  }
}
