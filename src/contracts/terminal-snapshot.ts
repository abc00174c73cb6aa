// Shapes the terminal effect hands to the rest of Elwood: snapshots of the rendered screen and frames.

export interface TerminalCursor {
  readonly x: number;
  readonly y: number;
  /** DECTCEM state: false when the application hid the hardware cursor. */
  readonly visible: boolean;
}

export interface TerminalSnapshot {
  /** Visible rows of the active buffer, top to bottom, right-trimmed. */
  readonly lines: readonly string[];
  /** `lines` joined with "\n". */
  readonly text: string;
  readonly cursor: TerminalCursor;
  readonly cols: number;
  readonly rows: number;
  /** Latest OSC 0/2 window title ("" if none yet). */
  readonly title: string;
  /** True while the alternate screen buffer is active. */
  readonly altScreen: boolean;
}

/** One observed render batch: the writes xterm parsed since the previous frame, at most one batch limit of bytes. */
export interface TerminalFrame {
  /** Monotonic per terminal, starting at 1. */
  readonly seq: number;
  readonly snapshot: TerminalSnapshot;
  /** Raw bytes (UTF-8 length) rendered since the previous frame. */
  readonly bytes: number;
  /** OSC 7501 (Codex) state values seen since the previous frame, oldest first, e.g. ["idle"]. */
  readonly oscState: readonly string[];
}

/** An OSC sequence a CLI reports its state on (Codex 0.171: `OSC 7501 ; state=idle:app=codex`). */
export interface TerminalStateChannel {
  readonly osc: number;
  /** The state word in one payload, or undefined when it carries none. */
  readonly parse: (payload: string) => string | undefined;
}
