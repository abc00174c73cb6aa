// Headless xterm.js model of one PTY: batched rendering into frames, replay, backpressure, OSC state.
import xterm from "@xterm/headless";
import type { Terminal as XtermTerminal } from "@xterm/headless";
import type { TerminalSize } from "../../src/contracts/public-types.js";
import type { TerminalStateChannel } from "../../src/contracts/terminal-snapshot.js";
import { ReplayBuffer, DEFAULT_REPLAY_BYTES } from "./replay-buffer.js";
import { ScreenLines } from "./screen-lines.js";
import { reuseOrBuildSnapshot } from "./snapshot.js";
import type { TerminalFrame, TerminalSnapshot } from "../../src/contracts/terminal-snapshot.js";
import { splitUtf8, utf8Length } from "./utf8.js";

const { Terminal } = xterm;

export interface HeadlessTerminalOptions {
  readonly cols: number;
  readonly rows: number;
  /** Replay buffer bound (UTF-8 bytes); default 128 KiB. */
  readonly replayBytes?: number;
  /** Largest render batch (UTF-8 bytes); default 64 KiB. */
  readonly batchMaxBytes?: number;
  /**
   * How long a partial batch waits for more output before it is written; default 4 ms. Only output that keeps coming
   * waits: the first chunk after a quiet period this long is written at once.
   */
  readonly batchWindowMs?: number;
  /** Unrendered bytes at which the PTY owner is asked to pause; default 1 MiB. */
  readonly highWaterBytes?: number;
  /** Unrendered bytes below which the PTY owner may resume; default 512 KiB. */
  readonly lowWaterBytes?: number;
  /**
   * While received output is still waiting to be rendered, consecutive xterm writes are observed as one frame of at
   * most batchMaxBytes, but a frame still comes at least this often; default 250 ms. A screen with nothing received
   * left unrendered is always observed at once.
   */
  readonly behindFrameIntervalMs?: number;
  /**
   * How long a CLI's synchronized update (`CSI ? 2026 h` … `l`) may hold frames back; default 1000 ms. Inside one the
   * screen is a paint in progress (a split over PTY reads shows half of it), so it is observed when the update ends,
   * or at this bound for a CLI that never ends it (what terminals that honour the mode do as well).
   */
  readonly syncUpdateBoundMs?: number;
  /** xterm scrollback lines; default 1000. */
  readonly scrollback?: number;
  /** An OSC sequence the CLI reports its state on; its values arrive with each frame. */
  readonly stateChannel?: TerminalStateChannel;
}

export type Unsubscribe = () => void;
export type FrameListener = (frame: TerminalFrame) => void;
export type RawOutputListener = (chunk: string) => void;
/** Strings are UTF-8 text; Uint8Array carries xterm's binary reports (e.g. X10 mouse) byte for byte. */
export type InputListener = (data: string | Uint8Array) => void;
export type BackpressureListener = (paused: boolean) => void;
export type ListenerErrorListener = (error: unknown) => void;

/** The parts of xterm's internal core we read; kept narrow and optional so a layout change degrades. */
interface XtermCoreView {
  readonly _core?: { readonly coreService?: { readonly isCursorHidden?: boolean } };
}


export class HeadlessTerminal {
  readonly xterm: XtermTerminal;

  private readonly batchMaxBytes: number;
  private readonly batchWindowMs: number;
  private readonly highWaterBytes: number;
  private readonly lowWaterBytes: number;
  private readonly behindFrameIntervalMs: number;
  private readonly syncUpdateBoundMs: number;
  /** A frame came due inside a synchronized update: emitted when the update ends, or by this timer at the bound. */
  private syncHold: NodeJS.Timeout | undefined;
  private readonly replay: ReplayBuffer;
  private readonly screenLines: ScreenLines;
  private lastSnapshot: TerminalSnapshot | undefined;

  private readonly frameListeners = new Set<FrameListener>();
  private readonly rawListeners = new Set<RawOutputListener>();
  private readonly inputListeners = new Set<InputListener>();
  private readonly backpressureListeners = new Set<BackpressureListener>();
  private readonly errorListeners = new Set<ListenerErrorListener>();
  private settleWaiters: Array<() => void> = [];

  private pendingParts: string[] = [];
  private pendingBytes = 0;
  private batchTimer: NodeJS.Timeout | undefined;
  /** When writeOutput last accepted a chunk (performance.now()); a chunk a batch window after it ends a quiet period. */
  private lastOutputAt = Number.NEGATIVE_INFINITY;
  /** The batch window closed while xterm was still parsing earlier batches: write when it catches up. */
  private flushWhenCaughtUp = false;
  /** Bytes received by writeOutput whose batch has not yet been reported rendered. */
  private unrendered = 0;
  /** Every byte writeOutput ever accepted: a drain tells "nothing new arrived" from it. */
  private received = 0;
  /** State-channel values parsed since the last frame. */
  private oscSinceLastFrame: string[] = [];
  /** Bytes rendered since the last frame: writes folded into the next frame while the terminal was behind. */
  private bytesSinceLastFrame = 0;
  /** Sizes of the writes handed to xterm and not yet parsed, oldest first. */
  private readonly writesInXterm: number[] = [];
  private lastFrameAt = Number.NEGATIVE_INFINITY;
  private seq = 0;
  private currentTitle = "";
  private paused = false;
  private childExited = false;
  private failed = false;
  private disposed = false;

  constructor(opts: HeadlessTerminalOptions) {
    this.batchMaxBytes = Math.max(4, opts.batchMaxBytes ?? 64 * 1024);
    this.batchWindowMs = Math.max(0, opts.batchWindowMs ?? 4);
    this.highWaterBytes = opts.highWaterBytes ?? 1024 * 1024;
    this.lowWaterBytes = Math.min(opts.lowWaterBytes ?? 512 * 1024, this.highWaterBytes);
    this.behindFrameIntervalMs = Math.max(0, opts.behindFrameIntervalMs ?? 250);
    this.syncUpdateBoundMs = Math.max(0, opts.syncUpdateBoundMs ?? 1000);
    this.replay = new ReplayBuffer(opts.replayBytes ?? DEFAULT_REPLAY_BYTES);
    this.xterm = new Terminal({
      cols: opts.cols,
      rows: opts.rows,
      allowProposedApi: true,
      scrollback: opts.scrollback ?? 1000,
    });
    this.xterm.onTitleChange((title) => {
      this.currentTitle = title;
    });
    // The CLI's own state channel, when its adapter names one (Codex 0.171's OSC 7501).
    const channel = opts.stateChannel;
    if (channel !== undefined) this.xterm.parser.registerOscHandler(channel.osc, (payload) => {
      const state = channel.parse(payload);
      if (state !== undefined) this.oscSinceLastFrame.push(state);
      return true;
    });
    this.screenLines = new ScreenLines(this.xterm);
    this.xterm.onData((data) => this.emitInput(data));
    this.xterm.onBinary((data) => this.emitInput(Buffer.from(data, "binary")));
  }

  get size(): TerminalSize {
    return { cols: this.xterm.cols, rows: this.xterm.rows };
  }

  get title(): string {
    return this.currentTitle;
  }

  /** Sticky: once any render step failed, snapshots may be stale for the rest of the lifetime. */
  get renderFailed(): boolean {
    return this.failed;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** True while this terminal has asked its PTY owner to pause. */
  get backpressured(): boolean {
    return this.paused;
  }

  unrenderedBytes(): number {
    return this.unrendered;
  }

  /** UTF-8 bytes of PTY output accepted so far (never decreases). */
  receivedBytes(): number {
    return this.received;
  }

  /** PTY output in. Order is preserved; nothing is ever dropped while the terminal is alive. */
  writeOutput(data: string): void {
    if (this.disposed || data.length === 0) return;
    // The replay buffer encodes the chunk anyway and hands back its UTF-8 size.
    const bytes = this.replay.push(data);
    for (const listener of this.rawListeners) this.safeCall(() => listener(data));

    this.unrendered += bytes;
    this.received += bytes;
    this.enqueue(data, bytes);
    // Checked after enqueueing: the chunk that crosses the mark is already accepted (may overshoot).
    if (!this.paused && !this.childExited && this.unrendered >= this.highWaterBytes) {
      this.setPaused(true);
    }
  }

  onFrame(listener: FrameListener): Unsubscribe {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Raw output: first the replay buffer (one call, if non-empty), then live chunks in order. */
  onRawOutput(listener: RawOutputListener, opts: { readonly replay?: boolean } = {}): Unsubscribe {
    if (opts.replay ?? true) {
      const replay = this.replay.contents();
      if (replay.length > 0) this.safeCall(() => listener(replay));
    }
    this.rawListeners.add(listener);
    return () => this.rawListeners.delete(listener);
  }

  /** Bytes xterm wants delivered to the application: sendInput data and automatic query answers. */
  onInput(listener: InputListener): Unsubscribe {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  /** `true` = pause the PTY (high water crossed), `false` = resume (below low water, exit or dispose). */
  onBackpressure(listener: BackpressureListener): Unsubscribe {
    this.backpressureListeners.add(listener);
    return () => this.backpressureListeners.delete(listener);
  }

  /** Errors thrown by this terminal's listeners; without a subscriber they become process warnings. */
  onListenerError(listener: ListenerErrorListener): Unsubscribe {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Routes input through xterm's input path so it is encoded exactly as typed keys would be. */
  sendInput(data: string): void {
    if (this.disposed) return;
    this.xterm.input(data, true);
  }

  /** The child exited: release any pause now and never pause again, so no output is stranded. */
  notifyChildExited(): void {
    this.childExited = true;
    if (this.paused) this.setPaused(false);
  }

  resize(size: TerminalSize): void {
    if (this.disposed) return;
    try {
      this.xterm.resize(size.cols, size.rows);
    } catch {
      this.failed = true;
    }
  }

  /**
   * The active buffer's screen area (not scrollback), right-trimmed, with cursor and modes. Only rows xterm reports
   * changed are re-read, and an unchanged screen returns the previous snapshot object itself.
   */
  snapshot(): TerminalSnapshot {
    const buffer = this.xterm.buffer.active;
    const hidden = (this.xterm as unknown as XtermCoreView)._core?.coreService?.isCursorHidden === true;
    this.lastSnapshot = reuseOrBuildSnapshot(this.lastSnapshot, {
      lines: this.screenLines.read(),
      cursor: { x: buffer.cursorX, y: buffer.cursorY, visible: !hidden },
      cols: this.xterm.cols,
      rows: this.xterm.rows,
      title: this.currentTitle,
      altScreen: buffer.type === "alternate",
    });
    return this.lastSnapshot;
  }

  /** Resolves once every byte received so far (and while waiting) is rendered; never rejects. */
  settled(): Promise<void> {
    if (this.disposed || this.unrendered === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.settleWaiters.push(resolve));
  }

  /** Drops pending output, cancels pending render notifications and settles every waiter. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.batchTimer !== undefined) clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    this.clearSyncHold();
    this.flushWhenCaughtUp = false;
    this.pendingParts = [];
    this.pendingBytes = 0;
    this.unrendered = 0;
    // A PTY left paused by a disposed terminal would never drain; release it first.
    if (this.paused) this.setPaused(false);
    this.resolveSettled();
    this.frameListeners.clear();
    this.rawListeners.clear();
    this.inputListeners.clear();
    this.backpressureListeners.clear();
    this.replay.clear();
    this.screenLines.dispose();
    this.lastSnapshot = undefined;
    try {
      this.xterm.dispose();
    } catch {
      // Disposal is best-effort; nothing observes this terminal any more.
    }
  }

  private enqueue(data: string, bytes: number): void {
    const now = performance.now();
    // Nothing came for a whole window and nothing waits (no open batch, xterm idle): no later chunk can join this one
    // yet, so holding it would only delay the screen (a turn's last output, the prompt coming back). It is written
    // now; what follows within the window gathers in a batch as before.
    const quiet = now - this.lastOutputAt >= this.batchWindowMs && this.pendingBytes === 0 && this.writesInXterm.length === 0;
    this.lastOutputAt = now;
    if (quiet && bytes <= this.batchMaxBytes) {
      this.writeBatch(data, bytes);
      return;
    }
    if (this.pendingBytes + bytes <= this.batchMaxBytes) {
      this.pendingParts.push(data);
      this.pendingBytes += bytes;
    } else {
      this.flush();
      if (bytes <= this.batchMaxBytes) {
        this.pendingParts.push(data);
        this.pendingBytes = bytes;
      } else {
        const pieces = splitUtf8(data, this.batchMaxBytes);
        const last = pieces.pop() ?? "";
        for (const piece of pieces) this.writeBatch(piece, utf8Length(piece));
        this.pendingParts.push(last);
        this.pendingBytes = utf8Length(last);
      }
    }
    if (this.pendingBytes >= this.batchMaxBytes) {
      this.flush();
    } else if (this.pendingBytes > 0 && this.batchTimer === undefined) {
      // One timer per batch window, not per chunk: later chunks join the open batch.
      this.batchTimer = setTimeout(() => {
        this.batchTimer = undefined;
        // While xterm still has earlier batches to parse, this one would only wait in xterm's queue: keep it open
        // (it still closes at batchMaxBytes) and write it the moment xterm catches up. Nothing renders later for
        // it, and a loaded process renders fewer, fuller frames instead of one per window.
        if (this.writesInXterm.length > 0) this.flushWhenCaughtUp = true;
        else this.flush();
      }, this.batchWindowMs);
    }
  }

  private flush(): void {
    if (this.batchTimer !== undefined) {
      clearTimeout(this.batchTimer);
      this.batchTimer = undefined;
    }
    this.flushWhenCaughtUp = false;
    if (this.pendingBytes === 0) return;
    const data = this.pendingParts.length === 1 ? (this.pendingParts[0] as string) : this.pendingParts.join("");
    const bytes = this.pendingBytes;
    this.pendingParts = [];
    this.pendingBytes = 0;
    this.writeBatch(data, bytes);
  }

  private writeBatch(data: string, bytes: number): void {
    // A frame folded while the terminal was behind is still owed; xterm's screen is still the one it describes (it
    // parses this write later), so it is observed now if this write would take it past one batch.
    if (this.bytesSinceLastFrame > 0 && this.writesInXterm.length === 0 && this.bytesSinceLastFrame + bytes > this.batchMaxBytes) {
      this.observe(performance.now());
      if (this.disposed) return;
    }
    this.writesInXterm.push(bytes);
    try {
      // xterm keeps its own ordered write buffer; the callback fires right after this batch is
      // parsed and before the next one is, which is where observers must see the screen.
      this.xterm.write(data, () => this.batchRendered(bytes));
    } catch {
      this.failed = true;
      this.batchRendered(bytes);
    }
  }

  private batchRendered(bytes: number): void {
    this.writesInXterm.shift();
    if (this.disposed) return;
    this.unrendered = Math.max(0, this.unrendered - bytes);
    this.bytesSinceLastFrame += bytes;
    // One frame per batch of at most batchMaxBytes, where a batch is what arrived while xterm was still parsing:
    // under a flood the PTY delivers a few KiB per read and the terminal is behind at nearly every write, and a
    // frame per write made snapshots, screen reading and the session machine cost more than xterm's parsing. A
    // screen with received output still unrendered is stale already (nothing acts on it: a write first waits for
    // settled()), so such writes are observed together; a current screen is observed at once.
    const now = performance.now();
    const next = this.writesInXterm[0];
    if (
      this.unrendered === 0 ||
      now - this.lastFrameAt >= this.behindFrameIntervalMs ||
      (next !== undefined && this.bytesSinceLastFrame + next > this.batchMaxBytes) ||
      this.syncHold !== undefined
    ) {
      this.observe(now);
    }
    if (this.disposed) return;
    if (this.flushWhenCaughtUp && this.writesInXterm.length === 0) this.flush();
    if (this.paused && this.unrendered < this.lowWaterBytes) this.setPaused(false);
    if (this.unrendered === 0) this.resolveSettled();
  }

  /** Emits the due frame, unless the CLI is inside a synchronized update: then it waits for its end (bounded). */
  private observe(now: number): void {
    if (this.xterm.modes.synchronizedOutputMode) {
      this.syncHold ??= setTimeout(() => {
        this.syncHold = undefined;
        if (!this.disposed) this.emitFrame(performance.now());
      }, this.syncUpdateBoundMs);
      return;
    }
    this.clearSyncHold();
    this.emitFrame(now);
  }

  private clearSyncHold(): void {
    if (this.syncHold === undefined) return;
    clearTimeout(this.syncHold);
    this.syncHold = undefined;
  }

  private emitFrame(now: number): void {
    let snapshot: TerminalSnapshot | undefined;
    try {
      snapshot = this.snapshot();
    } catch {
      this.failed = true;
    }
    if (snapshot === undefined) return;
    const frame: TerminalFrame = { seq: this.seq + 1, snapshot, bytes: this.bytesSinceLastFrame, oscState: this.oscSinceLastFrame };
    this.seq = frame.seq;
    this.bytesSinceLastFrame = 0;
    this.oscSinceLastFrame = [];
    this.lastFrameAt = now;
    for (const listener of this.frameListeners) this.safeCall(() => listener(frame));
  }

  private setPaused(paused: boolean): void {
    this.paused = paused;
    for (const listener of this.backpressureListeners) this.safeCall(() => listener(paused));
  }

  private emitInput(data: string | Uint8Array): void {
    if (this.disposed) return;
    for (const listener of this.inputListeners) this.safeCall(() => listener(data));
  }

  private resolveSettled(): void {
    const waiters = this.settleWaiters;
    this.settleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** A throwing observer must not stall rendering or strand the PTY, so errors are re-routed. */
  private safeCall(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      if (this.errorListeners.size === 0) {
        process.emitWarning(`Elwood terminal listener threw: ${String(error)}`, "ElwoodListenerError");
        return;
      }
      for (const listener of this.errorListeners) {
        try {
          listener(error);
        } catch {
          // An error handler that throws has nowhere left to report to.
        }
      }
    }
  }
}
