// Writes to stdout or stderr honouring backpressure; a closed consumer (EPIPE) ends output quietly instead of crashing.

import type { CliOutput } from "./cli-io.js";

export class OutputWriter {
  /** The consumer went away: nothing more is written, and the command still cleans up. */
  closed = false;

  constructor(private readonly stream: CliOutput) {
    stream.on("error", () => {
      this.closed = true;
    });
  }

  async write(text: string): Promise<void> {
    if (this.closed || text === "") return;
    let failed = false;
    const more = this.stream.write(text, (error) => {
      if (error) failed = true;
    });
    if (failed) this.closed = true;
    if (!more && !this.closed) {
      await new Promise<void>((resolve) => {
        this.stream.once("drain", () => resolve());
        this.stream.once("error", () => {
          this.closed = true;
          resolve();
        });
      });
    }
  }
}
