// What must be done before the CLI's exit is announced (the transcript's final flush): run once, contained and bounded,
// shared by the io actor (an exit) and the ending actor (a close), whichever reaches it first.

/** From the first pass, the steps get this long; the exit is announced then even if one still runs. */
export const EXIT_GATE_BUDGET_MS = 1000;

/**
 * Created empty by the launcher and put in the io and ending actors' inputs and the facade's runtime; the facade adds
 * its steps. A box rather than an event through the root: the root stays ignorant of transcripts, and the exit's
 * announcement waits on the very promise the flush settles.
 */
export class ExitGate {
  private readonly steps = new Set<() => Promise<void>>();
  private passing: Promise<void> | undefined;

  constructor(private readonly budgetMs = EXIT_GATE_BUDGET_MS) {}

  /** A step to finish before the exit is announced; returns its removal. A step added after the pass began never runs. */
  add(step: () => Promise<void>): () => void {
    this.steps.add(step);
    return () => this.steps.delete(step);
  }

  /**
   * Runs every step once (a later call shares that run) and resolves when all are done or the budget ran out. Never
   * rejects: a failing step is its owner's to report, and the exit is announced anyway.
   */
  pass(): Promise<void> {
    if (this.passing) return this.passing;
    const steps = [...this.steps];
    this.steps.clear();
    const done = Promise.allSettled(steps.map((step) => Promise.resolve().then(step)));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.budgetMs);
    });
    this.passing = Promise.race([done, expired]).then(() => clearTimeout(timer));
    return this.passing;
  }
}
