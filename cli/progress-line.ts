// The status line a person at a terminal sees on stderr while a turn runs: elapsed time, phase and current tool.

import type { CliOutput } from "./cli-io.js";

const REFRESH_MS = 500;

export class ProgressLine {
  private phase = "starting";
  private tool: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private drawn = false;

  constructor(
    private readonly stderr: CliOutput,
    private readonly startedAt: number,
  ) {}

  /** Only a terminal gets the line; a pipe or file never sees it. */
  static forStderr(stderr: CliOutput, startedAt: number): ProgressLine | undefined {
    return stderr.isTTY ? new ProgressLine(stderr, startedAt) : undefined;
  }

  start(): void {
    this.timer = setInterval(() => this.draw(), REFRESH_MS);
    this.timer.unref();
    this.draw();
  }

  update(phase: string, tool?: string): void {
    this.phase = phase;
    this.tool = tool;
    this.draw();
  }

  private draw(): void {
    const seconds = Math.floor((Date.now() - this.startedAt) / 1000);
    const tool = this.tool === undefined ? "" : ` · ${this.tool}`;
    this.stderr.write(`\r\x1b[2K${seconds}s · ${this.phase}${tool}`);
    this.drawn = true;
  }

  /** Clears the line so the final output starts on a clean row. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.drawn) this.stderr.write("\r\x1b[2K");
  }
}
