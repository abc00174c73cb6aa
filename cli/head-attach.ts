// `--head` as one attachment: checks the invocation, mirrors the session's raw bytes, follows the terminal, restores it once.

import type { TerminalSize } from "../src/index.js";
import { usageError } from "./cli-error.js";
import type { CliIo, CliOutput } from "./cli-io.js";
import { HeadMirror } from "./head-mirror.js";
import { type HeadDisplay, type HeadInput, HeadTerminal, headSize } from "./head-terminal.js";
import type { RunSettings } from "./settings.js";

/** The session surface the head needs: its raw output and the low-level session's public resize once started. */
export interface HeadSession {
  on(event: "terminal:data", listener: (chunk: string) => void): () => void;
  readonly session?: { resize(size: TerminalSize): Promise<void> } | undefined;
}

/** Usage errors before any session exists: a terminal on stdin and stderr, and no other stderr protocol. */
export function checkHead(settings: RunSettings, io: CliIo): TerminalSize {
  if (!io.stdin.isTTY || !io.stderr.isTTY) throw usageError("--head needs a terminal on stdin and stderr (stderr is the display)");
  if (settings.stream.value) throw usageError(`--head cannot be used with --stream (stream from ${settings.stream.source})`);
  if (settings.verbose.value) throw usageError(`--head cannot be used with --verbose (verbose from ${settings.verbose.source})`);
  if (settings.debug) throw usageError("--head cannot be used with --debug");
  if (settings.output.value === "jsonl") throw usageError(`--head cannot be used with jsonl output (jsonl from ${settings.output.source})`);
  return headSize(io.stderr as CliOutput & HeadDisplay);
}

export class HeadAttachment {
  private readonly mirror: HeadMirror;
  private readonly terminal: HeadTerminal;
  private readonly offData: () => void;
  private overflowListener: (() => void) | undefined;
  private restoring: Promise<void> | undefined;

  constructor(io: CliIo, session: HeadSession) {
    this.mirror = new HeadMirror(io.stderr, () => this.overflowListener?.());
    // Raw bytes, not snapshots: whatever the PTY wrote, in order, after the headless render saw it.
    this.offData = session.on("terminal:data", (chunk) => this.mirror.push(chunk));
    this.terminal = new HeadTerminal(io.stdin as unknown as HeadInput, io.stderr as CliOutput & HeadDisplay, (size) => {
      void session.session?.resize(size).catch(() => {});
    });
  }

  /** Subscribes to the raw Ctrl-C byte. */
  onCtrlC(listener: () => void): () => void {
    return this.terminal.onCtrlC(listener);
  }

  /** Called once when outstanding display work crosses a cap: the run fails. */
  onOverflow(listener: () => void): void {
    this.overflowListener = listener;
    if (this.mirror.overflowed) listener();
  }

  get overflowed(): boolean {
    return this.mirror.overflowed;
  }

  /** Listeners off, stdin's mode back, pending bytes flushed, display modes reset: once, before the final stdout output. */
  restore(): Promise<void> {
    this.restoring ??= (async () => {
      this.offData();
      this.terminal.detach();
      await this.mirror.restore();
    })();
    return this.restoring;
  }
}
