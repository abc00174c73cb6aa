// One ergonomic turn: submits the prompt, collects the turn's transcript items as TurnEvents, and decides when the agent's turn really ended.

import { createActor, type Actor } from "xstate";
import { turnWindowsMachine, type ArmWindowEvent, type TurnWindow } from "../../machines/turn-windows.js";
import type { AgentSession } from "../session-api.js";
import { ElwoodError, isElwoodError } from "../contracts/errors.js";
import { isTerminalStatus, type SessionStatus, type Unsubscribe } from "../contracts/public-types.js";
import type { TranscriptItem, TurnEvent, TurnResult, TurnStatus, TurnUsage } from "../contracts/turn-events.js";
import type { TurnHookReader, TurnHookSignal } from "../contracts/turn-hooks.js";
import type { ImageSnapshot } from "../../effects/image-files.js";
import { holdsImages, submitHeldImages } from "../held-images.js";
import { submissionOutcome, tracksOutcomes } from "../submission-outcomes.js";
import type { SendOptions } from "../session-types.js";
import type { FeedBatch, TranscriptFeed } from "./transcript-feed.js";
import type { TurnEventBuffer } from "./turn-event-buffer.js";

/** After the last `ready`, how long the transcript may take to show the boundary hook's text (default; `catchUpMs`). */
export const DEFAULT_CATCH_UP_MS = 10_000;
/** A turn with no expected text settles once nothing new arrived for this long after `ready`. */
export const QUIET_WINDOW_MS = 1_500;
/** `ready` without any sign the CLI took the prompt: wait this long (new evidence restarts it), then fail `wait_timeout`. */
export const ACCEPTANCE_WINDOW_MS = 3_000;
/** After an interrupt or a rejection, the transcript records that follow `ready` get this long to land. */
export const DRAIN_SETTLE_MS = 300;
/** The oracle matches against at most this much of the turn's most recent assistant text. */
export const ORACLE_WINDOW_CHARS = 64 * 1024;
/** How many time-stamped items read before a turn's prompt record are kept in case they belong to the turn. */
const EARLY_ITEMS_KEPT = 256;

export interface TurnOptions extends SendOptions {
  /** Opt-in ceiling for the whole turn; none by default (turns may run for hours). */
  readonly timeoutMs?: number;
  /** How long after `ready` the transcript may lag behind the boundary hook's text (default 10 000 ms). */
  readonly catchUpMs?: number;
  /** Caps of this stream's unread events (see TurnEventBuffer for the policy). */
  readonly maxBufferedEvents?: number;
  readonly maxBufferedBytes?: number;
}

export interface TurnRunDeps {
  readonly session: AgentSession;
  readonly feed: TranscriptFeed;
  readonly readHook: TurnHookReader;
  /** The turn's images, snapshotted and reserved at the `send`/`stream` call; held until the turn's real end. */
  readonly images?: readonly ImageSnapshot[];
  /** Called with each event as it is produced and the transcript batch's read time (the bench reads this). */
  readonly onEvent?: (event: TurnEvent, readAt: number | undefined) => void;
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function addUsage(total: TurnUsage | undefined, next: TurnUsage): TurnUsage {
  const model = next.model ?? total?.model;
  return {
    inputTokens: (total?.inputTokens ?? 0) + next.inputTokens,
    outputTokens: (total?.outputTokens ?? 0) + next.outputTokens,
    cacheReadTokens: (total?.cacheReadTokens ?? 0) + next.cacheReadTokens,
    cacheCreationTokens: (total?.cacheCreationTokens ?? 0) + next.cacheCreationTokens,
    ...(model === undefined ? {} : { model }),
  };
}

export class TurnRun {
  /** Resolves with the result record, or rejects with the ElwoodError that ended the turn. */
  readonly result: Promise<TurnResult>;
  /** Resolves once the agent's turn really ended (the serialized slot is held until then); never rejects. */
  readonly settled: Promise<void>;
  /** The id of the submission that started the turn, once `sendMessage` returned it. */
  turnId: string | undefined;

  private resolveResult!: (r: TurnResult) => void;
  private rejectResult!: (e: ElwoodError) => void;
  private releaseSlot!: () => void;
  private readonly offs: Unsubscribe[] = [];
  /** The turn's windows (acceptance, quiet, catch-up, drains, ceiling) run as `after` delays of this actor. */
  private readonly windows: Actor<typeof turnWindowsMachine>;
  /** Only the last drain of a failed turn leaves the process free to exit (its timer is unref'd, as it always was). */
  private releasing = false;
  private readonly startedAt = Date.now();
  private status: SessionStatus;
  /** The submission call was made (its hooks and transcript records may arrive before the call resolves). */
  private submitting = false;
  /** The submission call resolved: the prompt was entered. */
  private submitted = false;
  /**
   * The submission's recovery is over (recovery Enters, replays of a swallowed paste): until then a `ready` without
   * acceptance is the submission machine's to handle, not yet a reason to fail the turn.
   */
  private delivered = false;
  private accepted = false;
  /** True once the turn's prompt record was read: transcript items after it belong to this turn. */
  private collecting = false;
  private agentTurnId: string | undefined;
  private readyEdge = false;
  private expected: string | undefined;
  private endMarker = false;
  private interrupted = false;
  private failure: string | undefined;
  private done = false;
  /** The CLI is gone: the transcript's final flush is being read before the turn ends. */
  private exiting = false;
  private readonly texts: string[] = [];
  private recentText = "";
  private usage: TurnUsage | undefined;
  private readonly usageKeys = new Set<string>();
  private readonly toolNames = new Map<string, string>();
  /**
   * Time-stamped items read before this turn's prompt record (bounded, newest kept): the CLI may have written some of
   * this turn's records ahead of its prompt, and those stamped at or after the prompt are taken once it is read.
   */
  private readonly early: TranscriptItem[] = [];

  constructor(
    private readonly deps: TurnRunDeps,
    private readonly prompt: string,
    private readonly options: TurnOptions,
    private readonly buffer: TurnEventBuffer,
  ) {
    this.status = deps.session.status;
    this.result = new Promise<TurnResult>((resolve, reject) => ((this.resolveResult = resolve), (this.rejectResult = reject)));
    this.result.catch(() => {});
    this.settled = new Promise<void>((resolve) => (this.releaseSlot = resolve));
    const catchUpMs = options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    const input = { ceilingMs: options.timeoutMs ?? 0, acceptMs: ACCEPTANCE_WINDOW_MS, quietMs: QUIET_WINDOW_MS, catchUpMs, drainMs: DRAIN_SETTLE_MS };
    const clock = {
      setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
        const timer = setTimeout(fn, ms);
        if (this.releasing) timer.unref?.();
        return timer;
      },
      clearTimeout: (timer: unknown) => clearTimeout(timer as NodeJS.Timeout),
    };
    this.windows = createActor(turnWindowsMachine, { input, clock });
    this.windows.on("window.expired", (e) => this.onWindowExpired(e.window));
    this.windows.start();
  }

  /** A window ran out: what it means for the turn. */
  private onWindowExpired(window: TurnWindow): void {
    switch (window) {
      case "ceiling":
        return this.fail(new ElwoodError("wait_timeout", `the turn did not end within ${this.options.timeoutMs} ms`, { timeoutMs: this.options.timeoutMs ?? 0 }));
      case "accept":
        return this.notAccepted();
      case "quiet":
        return this.complete("completed");
      case "catchUp": {
        // One catch-up from the first ready: for the turn's prompt record, then (if the boundary hook named one) its
        // final text. Once the prompt was seen and no final text is awaited, the quiet window decides instead.
        const catchUp = this.options.catchUpMs ?? DEFAULT_CATCH_UP_MS;
        const what = !this.collecting ? "prompt" : this.expected !== undefined && this.expected.trim() !== "" ? "final text" : undefined;
        if (what === undefined) return;
        return this.fail(new ElwoodError("wait_timeout", `the transcript did not show the turn's ${what} within ${catchUp} ms of ready`, { catchUpMs: catchUp }));
      }
      case "drainFailed":
        return this.complete("failed");
      case "drainInterrupted":
        return this.complete("interrupted");
      case "release":
        return this.releaseSlot();
    }
  }

  /** Subscribes to every source first, then submits (nothing the turn produces can be missed). */
  start(): void {
    const { session, feed } = this.deps;
    this.offs.push(
      feed.events.on("items", (batch) => this.onItems(batch)),
      session.on("hook", (h) => this.onHook(this.deps.readHook(h.name, h.payload))),
      session.on("status", (e) => this.onStatus(e.status, e.previous)),
      session.on("activity", (a) => {
        if (a.kind === "attention") this.emit({ type: "status", status: "blocked", label: a.label });
      }),
      // Transcript diagnostics (dropped records, a stopped watcher, read errors) arrive as session warnings too.
      session.on("warning", (w) => this.emit({ type: "warning", code: w.code, source: w.source, severity: w.severity, message: w.message, raw: w.raw })),
    );
    if (this.options.timeoutMs !== undefined) this.arm("ceiling");
    this.submit();
  }

  /** The caller interrupted this turn: it ends as `interrupted` once the CLI is idle again. */
  noteInterrupt(): void {
    if (this.submitted && !this.done) this.interrupted = true;
  }

  private submit(): void {
    const { session, images } = this.deps;
    this.submitting = true;
    // The turn's images (and their temp files) are held until `settled`, not only until the prompt is entered.
    const submission =
      images === undefined
        ? session.sendMessage(this.prompt)
        : holdsImages(session)
          ? session[submitHeldImages]("message", this.prompt, { snapshot: images, until: this.settled })
          : session.sendMessage(this.prompt, { images: images.map((i) => (i.kind === "path" ? { path: i.path } : { data: i.data, format: i.format })) });
    submission.then(
      (turnId) => {
        this.turnId ??= turnId;
        this.submitted = true;
        this.awaitDelivery(turnId);
        this.check();
      },
      (error: unknown) => {
        this.fail(isElwoodError(error) ? error : new ElwoodError("session_not_running", String(error)));
        this.releaseSlot();
      },
    );
  }

  /** A submission that still ended unaccepted (replays spent) fails the turn with its own error. */
  private awaitDelivery(turnId: string): void {
    const { session } = this.deps;
    if (!tracksOutcomes(session)) {
      this.delivered = true;
      return;
    }
    void session[submissionOutcome](turnId).then((error) => {
      if (this.done) return;
      if (error !== undefined && !this.accepted) return this.fail(error);
      this.delivered = true;
      this.check();
    });
  }

  private onItems(batch: FeedBatch): void {
    for (const item of batch.items) this.onItem(item, batch.readAt);
    this.check();
  }

  private onItem(item: TranscriptItem, readAt: number): void {
    if (this.done) return;
    if (!this.collecting) {
      // Records before this turn's prompt belong to earlier turns.
      if (item.kind === "prompt" && this.isOurPrompt(item.text)) {
        this.collecting = true;
        this.accepted = true;
        this.bind(item.agentTurnId);
        this.takeEarly(item.at, readAt);
      } else if (item.at !== undefined) {
        this.early.push(item);
        if (this.early.length > EARLY_ITEMS_KEPT) this.early.shift();
      }
      return;
    }
    // Codex stamps its own turn id on items: once bound, another turn's items are not ours.
    if (item.agentTurnId !== undefined && this.agentTurnId !== undefined && item.agentTurnId !== this.agentTurnId) return;
    this.touch();
    switch (item.kind) {
      case "text":
        this.texts.push(item.text);
        this.recentText = (this.recentText + "\n\n" + item.text).slice(-ORACLE_WINDOW_CHARS);
        this.emit({ type: "text", text: item.text }, readAt);
        return;
      case "thinking":
        this.emit({ type: "thinking", text: item.text }, readAt);
        return;
      case "tool_call":
        this.toolNames.set(item.id, item.name);
        this.emit({ type: "tool_call", id: item.id, name: item.name, input: item.input, ...(item.raw === undefined ? {} : { raw: item.raw }) }, readAt);
        return;
      case "tool_result":
        this.emit({ type: "tool_result", id: item.id, name: this.toolNames.get(item.id) ?? "", output: item.output, isError: item.isError }, readAt);
        return;
      case "usage":
        if (this.usageKeys.has(item.key)) return;
        this.usageKeys.add(item.key);
        this.usage = addUsage(this.usage, item.usage);
        return;
      case "turn_end":
        this.endMarker = true;
        return;
      case "interrupted":
        this.interrupted = true;
        return;
      case "failure":
        this.failure = item.reason;
        return;
      case "prompt":
        return;
    }
  }

  /** This turn's records written ahead of its prompt: those the CLI stamped at or after it, in the order read. */
  private takeEarly(promptAt: number | undefined, readAt: number): void {
    const early = this.early.splice(0);
    if (promptAt === undefined) return;
    for (const item of early) if (item.at !== undefined && item.at >= promptAt) this.onItem(item, readAt);
  }

  private isOurPrompt(text: string): boolean {
    const mine = squash(this.prompt);
    const seen = squash(text);
    if (seen === "") return false;
    return seen.includes(mine) || (mine !== "" && mine.includes(seen));
  }

  private bind(agentTurnId: string | undefined): void {
    if (agentTurnId !== undefined) this.agentTurnId ??= agentTurnId;
  }

  private onHook(signal: TurnHookSignal | undefined): void {
    if (signal === undefined || this.done || !this.submitting) return;
    if (signal.kind === "accepted") {
      if (signal.prompt !== undefined && !this.isOurPrompt(signal.prompt)) return;
      this.accepted = true;
      this.bind(signal.agentTurnId);
    } else if (signal.kind === "boundary") {
      if (signal.agentTurnId !== undefined && this.agentTurnId !== undefined && signal.agentTurnId !== this.agentTurnId) return;
      this.accepted = true;
      this.expected = signal.expected;
    } else {
      this.accepted = true;
      this.failure = signal.reason;
    }
    this.touch();
    this.check();
  }

  private onStatus(to: SessionStatus, from: SessionStatus): void {
    this.status = to;
    if (from === "blocked" && to !== "blocked" && !isTerminalStatus(to)) this.emit({ type: "status", status: to });
    // Only a return to ready once the prompt is in counts: the start-up ready a queued first prompt waits for does not.
    if (to === "ready" && (this.submitted || this.accepted)) this.readyEdge = true;
    // A ready the agent left again was not its turn's end: the transcript's catch-up counts from the next one.
    if (to !== "ready" && !isTerminalStatus(to) && !this.done) this.windows.send({ type: "agent.busy" });
    this.touch();
    this.check();
  }

  /** New evidence: restarts the quiet and acceptance windows (never their length). */
  private touch(): void {
    if (!this.done) this.windows.send({ type: "evidence" });
  }

  /** Decides, on every piece of evidence, whether the agent's turn has ended. */
  private check(): void {
    if (this.done) return;
    if (isTerminalStatus(this.status)) {
      if (this.exiting) return;
      this.exiting = true;
      // Exit ordering: what the CLI wrote before it died is read (and streamed) before the stream ends.
      const status = this.status;
      void this.deps.feed.finish().then(() => {
        this.fail(new ElwoodError("session_not_running", `the session ended (${status}) during the turn`, { status }));
        this.releaseSlot();
      });
      return;
    }
    if (!this.submitted || this.status !== "ready") return;
    if (!this.accepted) {
      // Only once the submission's own recovery (its replays of a swallowed paste) is over.
      if (this.delivered) this.arm("accept");
      return;
    }
    const idle = this.readyEdge || this.expected !== undefined || this.endMarker || this.failure !== undefined || this.interrupted;
    if (!idle) return;
    if (this.failure !== undefined) return this.arm("drainFailed");
    if (this.interrupted) return this.arm("drainInterrupted");
    // The end record alone is not enough while no text of the turn was read and the boundary hook named some:
    // Claude 2.1.215 appends its turn_duration record directly but the messages on a ~100 ms timer, so a slow first
    // turn's file can hold prompt, end, then text (read in that order, the turn came back empty).
    const awaitingText = this.texts.length === 0 && this.expected !== undefined && this.expected.trim() !== "";
    if (this.endMarker && !awaitingText) return this.complete("completed");
    if (this.expected !== undefined && this.expected.trim() !== "") {
      if (squash(this.recentText).includes(squash(this.expected).slice(-ORACLE_WINDOW_CHARS / 2))) return this.complete("completed");
      this.arm("catchUp");
      return;
    }
    if (!this.collecting) {
      // Ready with no final text to wait for, and the transcript has not shown this turn's prompt yet: its records
      // are late (a loaded machine: the CLI writes them on a timer, a stalled loop reads them after its timers), not
      // absent, since both CLIs record every prompt they take. Quiet now would be an empty reply; wait for them.
      this.arm("catchUp");
      return;
    }
    this.arm("quiet");
  }

  /**
   * `ready` came back and nothing shows the CLI took the prompt. Recovery is the submission machine's job (its
   * recovery Enters for a staged paste; its replays of a swallowed one, at an idle empty composer only — Codex's
   * unaccepted paste, Claude's never-painted one), and it is over: the turn fails rather than writing anything
   * itself, so a prompt is never entered twice.
   */
  private notAccepted(): void {
    if (this.done || this.accepted) return;
    this.fail(new ElwoodError("wait_timeout", "the CLI never accepted the prompt", { timeoutMs: ACCEPTANCE_WINDOW_MS }));
  }

  private emit(event: TurnEvent, readAt?: number): void {
    if (this.done) return;
    this.buffer.push(event);
    this.deps.onEvent?.(event, readAt);
  }

  private complete(status: TurnStatus): void {
    if (this.done) return;
    const result: TurnResult = {
      type: "result",
      text: this.texts.join("\n\n"),
      status,
      durationMs: Date.now() - this.startedAt,
      turnId: this.turnId ?? "",
      ...(this.usage === undefined ? {} : { usage: this.usage }),
      ...(status === "failed" && this.failure !== undefined ? { error: this.failure } : {}),
    };
    this.buffer.push(result);
    this.deps.onEvent?.(result, undefined);
    this.finish();
    this.buffer.end();
    this.resolveResult(result);
    this.releaseSlot();
  }

  /** The consumer's side failed; the slot is held until the agent is really idle (or gone), then a short drain. */
  private fail(error: ElwoodError): void {
    if (this.done) return;
    this.finish();
    this.buffer.fail(error);
    this.rejectResult(error);
    const { session } = this.deps;
    const release = (): void => {
      off();
      this.releasing = true;
      this.windows.send({ type: "release.arm" });
    };
    const off = session.on("status", (e) => {
      if (e.status === "ready" || isTerminalStatus(e.status)) release();
    });
    if (session.status === "ready" || isTerminalStatus(session.status)) release();
  }

  private finish(): void {
    this.done = true;
    for (const off of this.offs.splice(0)) off();
    this.windows.send({ type: "turn.over" });
  }

  /** Opens a window (one already open keeps its first deadline). */
  private arm(window: ArmWindowEvent["window"]): void {
    this.windows.send({ type: "arm", window });
  }
}
