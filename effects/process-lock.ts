// A process-wide FIFO mutex: one holder at a time within this Node process (clipboard, Codex config.toml).

export class ProcessLock {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;

  /** Resolves with a release function once every earlier holder has released; release is idempotent. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    return previous.then(() => {
      this.holders += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        this.holders -= 1;
        release();
      };
    });
  }

  /** True while someone holds the lock (diagnostics and tests). */
  get held(): boolean {
    return this.holders > 0;
  }
}
