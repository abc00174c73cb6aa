// The primary API's shared core: a lazily started session with serialized `send`/`stream` turns and the whole low-level surface passed through.

import path from "node:path";
import { from, type Observable } from "rxjs";
import { ImageCloneBudget } from "../../effects/image-budget.js";
import { clonedBytes, snapshotImages, type ImageSnapshot } from "../../effects/image-files.js";
import { holdsImages, shareImageBudget, submitHeldImages } from "../held-images.js";
import type { AgentSession } from "../session-api.js";
import type { StartOrResumeResult } from "../contracts/start-or-resume.js";
import { ElwoodError, isElwoodError } from "../contracts/errors.js";
import { timerDelayProblem } from "../contracts/timer-limit.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "../contracts/loop.js";
import type { AgentModelOption, ActivityEvent, SessionStatus, StatusDecision, TerminalSize, Unsubscribe } from "../contracts/public-types.js";
import type { TranscriptRecordReader, TurnEvent, TurnResult } from "../contracts/turn-events.js";
import type { TurnHookReader } from "../contracts/turn-hooks.js";
import type { CommonHookEventName, SendOptions, SessionEventMap, SessionEventName } from "../session-types.js";
import { TranscriptFeed } from "./transcript-feed.js";
import { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_MAX_BUFFERED_EVENTS, TurnEventBuffer } from "./turn-event-buffer.js";
import { TurnRun, type TurnOptions } from "./turn-run.js";

export type { TurnOptions } from "./turn-run.js";

/** What one CLI contributes: how to start its session and how to read its transcript and turn hooks. */
export interface ConversationAdapter<S extends AgentSession, O> {
  readonly start: (options: O) => Promise<S>;
  /** Starts or resumes as the options say and tells which happened; without it every start counts as fresh. */
  readonly startOrResume?: (options: O) => Promise<StartOrResumeResult<S>>;
  readonly readRecord: TranscriptRecordReader;
  readonly readHook: TurnHookReader;
}

/** A streamed turn: iterate it (`for await`), or hand it to rxjs `from()`; `result` settles with the final record. */
export interface TurnStream extends AsyncIterable<TurnEvent> {
  readonly result: Promise<TurnResult>;
}

interface PendingSubscription {
  readonly event: string;
  readonly listener: (payload: never) => void;
  off?: Unsubscribe;
  removed: boolean;
}

/** The facade's internal hold on loop delivery (not on the public session type). */
interface LoopDeliveryHold {
  holdLoops(): () => void;
}

/** Holds loop delivery on `session` if it supports it (the facade does); returns the release. */
const holdLoops = (session: AgentSession): (() => void) => (session as Partial<LoopDeliveryHold>).holdLoops?.() ?? (() => {});

/** A failure as a content-free name: an ElwoodError's code, else the error's name. */
const failureName = (error: unknown): string => (error instanceof ElwoodError ? error.code : error instanceof Error ? error.name : "UnknownError");

/** Options as the constructor takes them: `cwd` is optional (it defaults to `process.cwd()` at construction). */
export type LazyOptions<O> = Omit<O, "cwd"> & { readonly cwd?: string };

/** The live session's event surface, whatever hook names its CLI adds (the subclass's `H` says which it takes). */
interface AnySessionEvents {
  on(event: string, listener: (payload: never) => void): Unsubscribe;
  off(event: string, listener: (payload: never) => void): void;
}

export class ConversationSession<
  S extends AgentSession,
  O extends { readonly cwd: string; readonly stateDir?: string },
  H extends string = CommonHookEventName,
> {
  /** Called by the bench and tests with each produced event and when its transcript batch was read. */
  onTurnEvent: ((event: TurnEvent, readAt: number | undefined) => void) | undefined;

  private readonly options: O;
  private starting: Promise<S> | undefined;
  private live: S | undefined;
  private wasResumed: boolean | undefined;
  private feed: TranscriptFeed | undefined;
  private readonly subscriptions: PendingSubscription[] = [];
  /** The serialized slot: each `send`/`stream` turn starts after the previous one's real boundary. */
  private slot: Promise<void> = Promise.resolve();
  private current: TurnRun | undefined;
  /** Turns reserved before the session was live: each takes its loop hold when it goes live. */
  private readonly holdWhenLive: Array<(live: S) => void> = [];
  /** Cloned image bytes of queued and running turns: one 200 MiB ceiling, shared with the raw `session` once started. */
  private readonly imageBudget = new ImageCloneBudget();

  constructor(
    options: LazyOptions<O> | undefined,
    private readonly adapter: ConversationAdapter<S, O>,
  ) {
    // cwd and a relative stateDir are fixed now: a later process.chdir() cannot retarget the session.
    const given = (options ?? {}) as LazyOptions<O>;
    const cwd = path.resolve(typeof given.cwd === "string" ? given.cwd : process.cwd());
    const stateDir = typeof given.stateDir === "string" ? { stateDir: path.resolve(cwd, given.stateDir) } : {};
    this.options = { ...given, cwd, ...stateDir } as unknown as O;
  }

  /** The low-level session, once started. */
  get session(): S | undefined {
    return this.live;
  }

  get status(): SessionStatus {
    return this.live?.status ?? "starting";
  }

  /**
   * Whether the live session continues a recorded conversation (`resume`): true after a resume, false after a fresh
   * start (also the fallback of `freshStartFallback`), undefined until the session started.
   */
  get resumed(): boolean | undefined {
    return this.wasResumed;
  }

  /** Starts the CLI (idempotent; concurrent calls share one start). A failed start rejects and may be retried. */
  start(): Promise<S> {
    if (this.starting) return this.starting;
    const { startOrResume } = this.adapter;
    const launched = startOrResume ? startOrResume(this.options) : this.adapter.start(this.options).then((session) => ({ session, resumed: false }));
    const starting = launched.then(({ session, resumed }) => {
      this.live = session;
      this.wasResumed = resumed;
      for (const take of this.holdWhenLive.splice(0)) take(session);
      if (holdsImages(session)) session[shareImageBudget](this.imageBudget);
      this.feed = TranscriptFeed.attach(session, this.adapter.readRecord);
      for (const sub of this.subscriptions) {
        if (!sub.removed) sub.off = (session as unknown as AnySessionEvents).on(sub.event, sub.listener);
      }
      this.subscriptions.length = 0;
      return session;
    });
    this.starting = starting;
    starting.catch(() => {
      if (this.starting === starting) this.starting = undefined;
    });
    return starting;
  }

  /**
   * Streams one turn: the agent's text, thinking, tool calls and results, status changes and warnings in the
   * order they happened, then one `result`. Turns of `send`/`stream` run one at a time in call order; breaking
   * out of the loop early leaves the turn running to its end.
   */
  stream(prompt: string, options: TurnOptions = {}): TurnStream {
    const problem = this.turnProblem(prompt, options) ?? this.holdImages(options);
    const buffer = new TurnEventBuffer({
      maxEvents: options?.maxBufferedEvents ?? DEFAULT_MAX_BUFFERED_EVENTS,
      maxBytes: options?.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    });
    if (problem instanceof ElwoodError) {
      buffer.fail(problem);
      const result = Promise.reject(problem);
      result.catch(() => {});
      return { result, [Symbol.asyncIterator]: () => buffer };
    }
    const held = problem;
    let resolveRun!: (run: TurnRun | ElwoodError) => void;
    const started = new Promise<TurnRun | ElwoodError>((resolve) => (resolveRun = resolve));
    const previous = this.slot;
    // Loop delivery waits from the moment this turn reserves its slot to its real boundary (B §6.7): a loop never
    // slips in between queued turns, nor answers for the caller's prompt.
    // A turn queued before the session is live takes its hold the moment it goes live, before any earlier turn's
    // release can hand a due loop the ready state.
    let reservedHold = this.live === undefined ? undefined : holdLoops(this.live);
    if (reservedHold === undefined) this.holdWhenLive.push((live) => (reservedHold ??= holdLoops(live)));
    this.slot = previous.then(async () => {
      let session: S;
      try {
        session = await this.start();
      } catch (error) {
        reservedHold?.();
        const e = isElwoodError(error) ? error : new ElwoodError("start_failed", String(error));
        buffer.fail(e);
        resolveRun(e);
        held?.release();
        return;
      }
      const feed = this.feed as TranscriptFeed;
      const run = new TurnRun(
        {
          session,
          feed,
          readHook: this.adapter.readHook,
          ...(held === undefined ? {} : { images: held.snapshot }),
          onEvent: (event, readAt) => this.onTurnEvent?.(event, readAt),
        },
        prompt,
        options,
        buffer,
      );
      this.current = run;
      const releaseLoops = reservedHold ?? holdLoops(session);
      run.start();
      resolveRun(run);
      await run.settled.finally(releaseLoops);
      // Only the turn's real end (completion, or the slot's release after a failure, close or kill) frees its images.
      held?.release();
      if (this.current === run) this.current = undefined;
    });
    const result = started.then((run) => (run instanceof ElwoodError ? Promise.reject(run) : run.result));
    result.catch(() => {});
    return { result, [Symbol.asyncIterator]: () => buffer };
  }

  /** The same turn as an rxjs Observable (unsubscribing stops the delivery, not the turn). */
  stream$(prompt: string, options?: TurnOptions): Observable<TurnEvent> {
    return from(this.stream(prompt, options));
  }

  /** Runs one turn and resolves with its result record (`status` completed, interrupted or failed). */
  async sendTurn(prompt: string, options?: TurnOptions): Promise<TurnResult> {
    const turn = this.stream(prompt, options);
    for await (const event of turn) if (event.type === "result") return event;
    return turn.result;
  }

  /** Runs one turn and resolves with the agent's final text: its text blocks joined by a blank line. */
  async send(prompt: string, options?: TurnOptions): Promise<string> {
    const result = await this.sendTurn(prompt, options);
    if (result.status === "failed") throw new ElwoodError("turn_failed", result.error ?? "the CLI rejected the turn", { turnId: result.turnId });
    return result.text;
  }

  on<E extends SessionEventName<H>>(event: E, listener: (payload: SessionEventMap<H>[E]) => void): Unsubscribe {
    if (this.live) return (this.live as unknown as AnySessionEvents).on(event, listener);
    // Subscribing never starts the session: the listener is attached when it starts.
    const sub: PendingSubscription = { event, listener: listener as (payload: never) => void, removed: false };
    this.subscriptions.push(sub);
    return () => {
      sub.removed = true;
      sub.off?.();
    };
  }

  off<E extends SessionEventName<H>>(event: E, listener: (payload: SessionEventMap<H>[E]) => void): void {
    for (const sub of this.subscriptions) if (sub.event === event && sub.listener === listener) sub.removed = true;
    (this.live as unknown as AnySessionEvents | undefined)?.off(event, listener);
  }

  statusDecisions(): readonly StatusDecision[] {
    return this.live?.statusDecisions() ?? [];
  }

  waitForStatus(match: (status: SessionStatus) => boolean, timeoutMs?: number): Promise<SessionStatus> {
    return this.start().then((s) => s.waitForStatus(match, timeoutMs));
  }

  waitForActivity(match: (activity: ActivityEvent) => boolean, timeoutMs?: number): Promise<ActivityEvent> {
    return this.start().then((s) => s.waitForActivity(match, timeoutMs));
  }

  /** Raw submission outside the `send`/`stream` queue (mixing both modes at once is unsupported); resolves with the turn id. */
  sendMessage(message: string, options?: SendOptions): Promise<string> {
    return this.submitRaw("message", message, options);
  }

  sendPrompt(prompt: string, options?: SendOptions): Promise<string> {
    return this.submitRaw("prompt", prompt, options);
  }

  sendGuidance(message: string, options?: SendOptions): Promise<string> {
    return this.submitRaw("guidance", message, options);
  }

  /** Goes straight to the CLI, also while a `send`/`stream` turn runs (e.g. to answer its permission dialog). */
  sendKeys(input: string | Uint8Array): Promise<void> {
    return this.start().then((s) => s.sendKeys(input));
  }

  resize(size: TerminalSize): Promise<void> {
    return this.start().then((s) => s.resize(size));
  }

  /** Cancels the running turn; a `stream` of it ends with `result.status = "interrupted"`. */
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void> {
    return this.start().then((s) => {
      this.current?.noteInterrupt();
      return s.interrupt(options);
    });
  }

  compact(options?: { readonly timeoutMs?: number }): Promise<void> {
    return this.start().then((s) => s.compact(options));
  }

  listModels(options?: { readonly timeoutMs?: number }): Promise<readonly AgentModelOption[]> {
    return this.start().then((s) => s.listModels(options));
  }

  setModel(id: string, options?: { readonly timeoutMs?: number }): Promise<void> {
    return this.start().then((s) => s.setModel(id, options));
  }

  /** Schedules a recurring prompt on the session (starting it first if needed). */
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot> {
    return this.start().then((s) => s.createLoop(request));
  }

  listLoops(): Promise<readonly ElwoodLoopSnapshot[]> {
    return this.start().then((s) => s.listLoops());
  }

  cancelLoop(loopId: string): Promise<void> {
    return this.start().then((s) => s.cancelLoop(loopId));
  }

  /** Never starts a session: a no-op before start (waits for a start in flight). */
  stop(): Promise<void> {
    return this.ifStarted((s) => s.stop());
  }

  kill(): Promise<void> {
    return this.ifStarted((s) => s.kill());
  }

  teardown(): Promise<void> {
    return this.ifStarted((s) => s.teardown());
  }

  /**
   * Stops the session, falling back to kill; a no-op if it never started, so it is safe in `finally`. When both fail it
   * rejects termination_failed naming both failures (their codes or error names, never their text).
   */
  close(): Promise<void> {
    return this.ifStarted(async (s) => {
      try {
        await s.stop();
      } catch (stopError) {
        try {
          await s.kill();
        } catch (killError) {
          const group = isElwoodError(killError, "termination_failed") ? killError.details : {};
          throw new ElwoodError("termination_failed", "neither stop nor kill could end the session", { ...group, cause: failureName(stopError), killCause: failureName(killError) });
        }
      }
    });
  }

  /** A raw submission: its images are snapshotted and reserved now, before the lazy start, and released when it settles. */
  private submitRaw(kind: "prompt" | "message" | "guidance", text: string, options: SendOptions | undefined): Promise<string> {
    const plain = (s: S): Promise<string> => (kind === "prompt" ? s.sendPrompt(text, options) : kind === "message" ? s.sendMessage(text, options) : s.sendGuidance(text, options));
    if (typeof options !== "object" || options === null || options.images === undefined) return this.start().then(plain);
    const held = this.holdImages(options);
    if (held instanceof ElwoodError) return Promise.reject(held);
    if (held === undefined) return this.start().then(plain);
    const submission = this.start().then((s) =>
      holdsImages(s) ? s[submitHeldImages](kind, text, { snapshot: held.snapshot, until: Promise.resolve() }) : plain(s),
    );
    return submission.finally(held.release);
  }

  protected ifStarted(act: (session: S) => Promise<void>): Promise<void> {
    if (!this.starting) return Promise.resolve();
    return this.starting.then(act, () => undefined);
  }

  /**
   * Snapshots the turn's images now (bytes cloned, paths absolutized), before lazy start or queueing, and reserves
   * their bytes until the turn's real end (spec B §5.3).
   */
  private holdImages(options: TurnOptions): { readonly snapshot: readonly ImageSnapshot[]; readonly release: () => void } | ElwoodError | undefined {
    if (options.images === undefined) return undefined;
    let snapshot: readonly ImageSnapshot[] | ElwoodError;
    try {
      snapshot = snapshotImages(options.images, this.options.cwd);
    } catch {
      // A throwing getter or Proxy in the caller's list: a typed rejection, never a synchronous throw.
      snapshot = new ElwoodError("invalid_image", "images could not be read (an entry threw)");
    }
    if (snapshot instanceof ElwoodError) return snapshot;
    const release = this.imageBudget.reserve(clonedBytes(snapshot));
    return release instanceof ElwoodError ? release : { snapshot, release };
  }

  private turnProblem(prompt: unknown, options: unknown): ElwoodError | undefined {
    if (typeof prompt !== "string") return new ElwoodError("invalid_argument", "the prompt must be a string");
    if (typeof options !== "object" || options === null) return new ElwoodError("invalid_argument", "options must be an object");
    const o = options as TurnOptions;
    // Both arm timers, bounded like every timeout option.
    for (const key of ["timeoutMs", "catchUpMs"] as const) {
      const problem = o[key] === undefined ? undefined : timerDelayProblem(key, o[key]);
      if (problem) return problem;
    }
    for (const key of ["maxBufferedEvents", "maxBufferedBytes"] as const) {
      const v = o[key];
      if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v) || v <= 0)) return new ElwoodError("invalid_argument", `${key} must be a positive number`, { option: key });
    }
    return undefined;
  }
}

