// The visible rows of a headless xterm as right-trimmed strings, re-read only where the screen changed.
import type { Terminal as XtermTerminal } from "@xterm/headless";
import { rowText, trimTrailingSpaces } from "./row-text.js";

interface Disposable {
  dispose(): void;
}

type RefreshRange = { readonly start: number; readonly end: number } | undefined;

/**
 * The parts of xterm's internal core this reads: the input handler's refresh notice (the rows a parsed chunk touched,
 * the same notice xterm's own renderer redraws from) and the buffer's line objects. Kept narrow and optional: if a
 * layout change removes either, every row is re-read on every call, which is slower but still exact.
 */
interface XtermCoreView {
  readonly _core?: {
    readonly _inputHandler?: { readonly onRequestRefreshRows?: (listener: (range: RefreshRange) => void) => Disposable };
    readonly buffers?: { readonly active?: { readonly lines?: { get(index: number): object | undefined } } };
  };
}

/**
 * Keeps the last read text of each visible row together with the xterm line object it came from. A row is re-read
 * when xterm reported it touched since the last read, when a different line object now sits at that row (scrolling,
 * a reset or a buffer switch moves or replaces them), or after a resize, a buffer switch or a full-refresh notice.
 * Every other row keeps its string. `read()` returns the very same array while no row's text changed, and never
 * mutates an array it returned.
 */
export class ScreenLines {
  private texts: string[] = [];
  private sources: Array<object | undefined> = [];
  private dirtyStart = Number.POSITIVE_INFINITY;
  private dirtyEnd = -1;
  private allDirty = true;
  private readonly tracked: boolean;
  private readonly subscriptions: Disposable[] = [];

  constructor(private readonly xterm: XtermTerminal) {
    const core = (xterm as unknown as XtermCoreView)._core;
    const onRefresh = core?._inputHandler?.onRequestRefreshRows;
    let tracked = false;
    if (typeof onRefresh === "function" && typeof core?.buffers?.active?.lines?.get === "function") {
      try {
        this.subscriptions.push(onRefresh.call(core?._inputHandler, (range) => this.markDirty(range)));
        tracked = true;
      } catch {
        tracked = false;
      }
    }
    this.tracked = tracked;
    this.subscriptions.push(xterm.onResize(() => (this.allDirty = true)));
    this.subscriptions.push(xterm.buffer.onBufferChange(() => (this.allDirty = true)));
  }

  read(): readonly string[] {
    const buffer = this.xterm.buffer.active;
    const rows = this.xterm.rows;
    const base = buffer.baseY;
    const lines = this.tracked ? (this.xterm as unknown as XtermCoreView)._core?.buffers?.active?.lines : undefined;
    const sameShape = rows === this.texts.length;
    // A viewport scrolled away from the bottom shifts xterm's refresh rows; re-read everything then.
    const everyRow = lines === undefined || this.allDirty || !sameShape || buffer.viewportY !== base;
    let next: string[] | undefined = sameShape ? undefined : new Array<string>(rows).fill("");
    for (let y = 0; y < rows; y += 1) {
      const source = lines?.get(base + y);
      if (!everyRow && source === this.sources[y] && (y < this.dirtyStart || y > this.dirtyEnd)) continue;
      // translateToString(true) trims only never-written cells; spaces an app drew are trimmed too.
      const text = rowText(source) ?? trimTrailingSpaces(buffer.getLine(base + y)?.translateToString(true) ?? "");
      this.sources[y] = source;
      if (next === undefined) {
        if (text === this.texts[y]) continue;
        next = this.texts.slice();
      }
      next[y] = text;
    }
    this.sources.length = rows;
    this.dirtyStart = Number.POSITIVE_INFINITY;
    this.dirtyEnd = -1;
    this.allDirty = false;
    if (next !== undefined) this.texts = next;
    return this.texts;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      try {
        subscription.dispose();
      } catch {
        // Best-effort: the terminal is being disposed as well.
      }
    }
    this.subscriptions.length = 0;
  }

  private markDirty(range: RefreshRange): void {
    const buffer = this.xterm.buffer.active;
    if (range === undefined || buffer.viewportY !== buffer.baseY) {
      this.allDirty = true;
      return;
    }
    if (range.start < this.dirtyStart) this.dirtyStart = range.start;
    if (range.end > this.dirtyEnd) this.dirtyEnd = range.end;
  }
}
