// The `--head` terminal: its size, raw stdin that discards every byte but Ctrl-C, and resizes followed while attached.

import type { TerminalSize } from "../src/index.js";

/** The default PTY size when the head terminal reports none (matches the library's default). */
export const DEFAULT_HEAD_SIZE: TerminalSize = { cols: 189, rows: 48 };

/** What `--head` touches of stdin: a TTY that can go raw and report its bytes. */
export interface HeadInput {
  readonly isTTY?: boolean;
  readonly isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: "data", listener: (chunk: Buffer | string) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  off(event: "data", listener: (chunk: Buffer | string) => void): unknown;
  resume?(): unknown;
  pause?(): unknown;
}

/** What `--head` touches of stderr beyond writing: its size and resize notices. */
export interface HeadDisplay {
  readonly isTTY?: boolean;
  readonly columns?: number;
  readonly rows?: number;
  on(event: "resize", listener: () => void): unknown;
  off(event: "resize", listener: () => void): unknown;
}

const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

/** The display's positive integer cols/rows, else the default size. */
export function headSize(display: { readonly columns?: number; readonly rows?: number }): TerminalSize {
  return positive(display.columns) && positive(display.rows) ? { cols: display.columns, rows: display.rows } : DEFAULT_HEAD_SIZE;
}

/** A terminal-gone error (the host closed the handle) is contained, never reported over a result. */
function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // EIO/EPIPE/EBADF from a closed terminal: there is nothing left to restore.
  }
}

export class HeadTerminal {
  private readonly wasRaw: boolean;
  private readonly ctrlC = new Set<() => void>();
  private attached = true;
  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    // Everything else (keys, mouse, paste, terminal responses) is discarded: the head is view-only.
    for (const byte of bytes) if (byte === 0x03) for (const listener of [...this.ctrlC]) listener();
  };
  private readonly onResize = () => this.resized(headSize(this.display));

  constructor(
    private readonly input: HeadInput,
    private readonly display: HeadDisplay,
    private readonly resized: (size: TerminalSize) => void,
  ) {
    this.wasRaw = input.isRaw === true;
    quietly(() => input.setRawMode?.(true));
    input.on("data", this.onData);
    // A terminal the host already closed reports EIO here; left on after detach, since a late one must not crash the run.
    input.on("error", () => {});
    quietly(() => input.resume?.());
    display.on("resize", this.onResize);
  }

  /** Subscribes to the raw Ctrl-C byte (the same lifecycle as SIGINT); returns the unsubscribe. */
  onCtrlC(listener: () => void): () => void {
    this.ctrlC.add(listener);
    return () => this.ctrlC.delete(listener);
  }

  /** Removes the input and resize listeners and restores stdin's previous mode, once. */
  detach(): void {
    if (!this.attached) return;
    this.attached = false;
    this.ctrlC.clear();
    quietly(() => this.input.off("data", this.onData));
    quietly(() => this.display.off("resize", this.onResize));
    quietly(() => this.input.setRawMode?.(this.wasRaw));
    quietly(() => this.input.pause?.());
  }
}
