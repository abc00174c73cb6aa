// Resume's small shapes, kept free of imports so the public declarations reach nothing behind them: what a
// start-or-resume call hands back, what a conversation takes to resume, and the recorded target a relaunch continues.

export interface StartOrResumeResult<S> {
  readonly session: S;
  /** True when the recorded session was resumed; false after a fresh start (its `elwoodSessionId` is new). */
  readonly resumed: boolean;
}

/** What a conversation object takes besides its start options: a recorded session to continue, and the fallback. */
export interface ResumeChoice {
  /** An Elwood session id to continue on its own conversation instead of starting a new one. */
  readonly resume?: string;
  /**
   * With `resume`: start fresh when the record is missing or cannot be resumed (the `startOrResume*` rule:
   * state_not_found, resume_unavailable, adapter_mismatch) instead of rejecting; `resumed` then reports false.
   * Default false: resume exactly.
   */
  readonly freshStartFallback?: boolean;
}

/** The recorded conversation a relaunch continues. */
export interface ResumeTarget {
  readonly elwoodSessionId: string;
  readonly conversationId: string;
  /** Absent in a record written before the path was kept. */
  readonly transcriptPath?: string;
}
