// One session's transcript observation: learns the file from hook payloads, runs one tail actor per file, reads records through the adapter.

import { createActor, type Actor } from "xstate";
import { drainBudget, TranscriptTail, transcriptTailActor, type TailStart, type TranscriptTailSink } from "../../effects/transcript-tail.js";
import type { TailDropCause, TailStopPhase } from "../contracts/turn-events.js";
import { isTerminalStatus, type SessionStatus } from "../contracts/public-types.js";
import type { TranscriptItem, TranscriptRecordReader } from "../contracts/turn-events.js";
import type { AgentSession } from "../session-api.js";
import type { ResumeTranscriptMark } from "../../effects/resume-transcript-mark.js";
import { TypedEmitter } from "../typed-emitter.js";

export interface FeedBatch {
  readonly items: readonly TranscriptItem[];
  /** When the tail read the batch (ms since the epoch). */
  readonly readAt: number;
}

type FeedEvents = {
  /** The parsed records of one pass, before they are read into items. */
  records: { readonly records: readonly unknown[] };
  items: FeedBatch;
  /** What a finished subagent's own transcript held, read once when its SubagentStop names it (never a turn's items). */
  subagent: { readonly file: string; readonly items: readonly TranscriptItem[] };
  /** Records of `file` were dropped unread (at most one per file and cause per scan pass). */
  dropped: { readonly cause: TailDropCause; readonly file: string };
  /** A failure escaped a scan pass or the final flush: the tail of `file` stopped itself. */
  stopped: { readonly reason: string; readonly phase: TailStopPhase; readonly file: string };
  /** A contained file-system read failure on `file` (a recovery scan follows). */
  readError: { readonly errno: string; readonly file: string };
};

export interface FeedOptions {
  /** The adapter's `sessionStartBeforePrompt`: a SessionStart after start-up does not place where tailing starts. */
  readonly sessionStartBeforePrompt?: boolean;
  /** A resumed session's mark: where its first transcript file's history ends (never replayed as activity). */
  readonly resumedFrom?: ResumeTranscriptMark;
}

/** The one feed each low-level session runs (a session observes its transcript once, whoever reads it). */
const FEEDS = new WeakMap<AgentSession, TranscriptFeed>();

export class TranscriptFeed {
  /** Starts the session's feed (once: a second call returns the first feed). */
  static attach(session: AgentSession, read: TranscriptRecordReader, readSubagent?: TranscriptRecordReader, options: FeedOptions = {}): TranscriptFeed {
    const existing = FEEDS.get(session);
    if (existing) return existing;
    const feed = new TranscriptFeed(session, read, readSubagent, options);
    FEEDS.set(session, feed);
    return feed;
  }

  /** The session's feed, when its adapter reads transcripts. */
  static of(session: AgentSession): TranscriptFeed | undefined {
    return FEEDS.get(session);
  }

  readonly events = new TypedEmitter<FeedEvents>();
  private file: string | undefined;
  private tail: Actor<typeof transcriptTailActor> | undefined;
  private readonly unsubscribe: Array<() => void> = [];
  private finishing: Promise<void> | undefined;
  /** One drain budget for this watcher's whole life: subagent reads, a replaced main file and the final flush share it. */
  private readonly drain = drainBudget();
  /** Subagent files being read right now (each is read once, then retired). */
  private readonly subagentReads = new Set<Promise<void>>();
  /** A resume's mark, until the first file is followed (it places that file's start, whatever hook names it). */
  private resumedFrom: ResumeTranscriptMark | undefined;

  constructor(
    session: AgentSession,
    private readonly read: TranscriptRecordReader,
    /** Reads a subagent's own transcript; without it subagent transcripts are not observed (Codex). */
    private readonly readSubagent?: TranscriptRecordReader,
    private readonly options: FeedOptions = {},
  ) {
    this.resumedFrom = options.resumedFrom;
    this.unsubscribe.push(
      session.on("hook", (hook) => {
        // The main transcript's path rides on every hook and is tailed; a subagent's own file is only read once.
        const file = hook.payload["transcript_path"];
        if (typeof file === "string" && file !== "" && file !== this.file && !this.aheadOfPrompt(hook.name, session.status)) {
          this.follow(file, this.startFor(file, hook.name, session.status));
        }
        const agentFile = hook.payload["agent_transcript_path"];
        // (A subagent path naming the main transcript is that file: it is tailed already.)
        if (hook.name === "SubagentStop" && typeof agentFile === "string" && agentFile !== "" && agentFile !== this.file) this.readSubagentOnce(agentFile);
      }),
      session.on("status", (e) => {
        if (isTerminalStatus(e.status)) void this.finish();
      }),
    );
  }

  get transcriptPath(): string | undefined {
    return this.file;
  }

  /**
   * Flushes what is readable within the flush budget and stops observing; every caller gets the same flush, and its
   * records are delivered before the promise resolves (so a turn can end after the CLI's last words).
   */
  finish(): Promise<void> {
    if (this.finishing) return this.finishing;
    for (const off of this.unsubscribe.splice(0)) off();
    this.finishing = Promise.all([...this.subagentReads]).then(() => this.retire());
    return this.finishing;
  }

  /**
   * A finished subagent's transcript: one bounded flush from its start (sharing the drain budget), then retired, so
   * no set of watched files grows with the subagents a session runs.
   */
  private readSubagentOnce(file: string): void {
    const readSubagent = this.readSubagent;
    if (readSubagent === undefined || this.finishing) return;
    const tail = new TranscriptTail(
      file,
      {
        ...this.diagnostics(file),
        records: (records) => {
          let unreadable = false;
          const items = records.flatMap((record) => {
            try {
              return [...readSubagent(record)];
            } catch {
              unreadable = true;
              return [];
            }
          });
          if (items.length > 0) this.events.emit("subagent", { file, items });
          return unreadable ? ["unparseable"] : [];
        },
      },
      0,
      undefined,
      this.drain,
    );
    const reading: Promise<void> = tail.finish().finally(() => this.subagentReads.delete(reading));
    this.subagentReads.add(reading);
  }

  /**
   * A resumed session's first file starts at the resume's mark. A file named by SessionStart while the session is still
   * starting holds no prompt of this session yet: it is read from its end. Named anywhere else (Codex names its file only once the first
   * prompt is in, a boundary hook may be the first), a turn may be under way: the recovery scan finds its prompt.
   */
  private startFor(file: string, hookName: string, status: SessionStatus): TailStart {
    const resumed = this.resumedFrom;
    if (resumed !== undefined) {
      this.resumedFrom = undefined;
      // The recorded file is read from its length at relaunch. Any other file a resumed CLI names first (or any file,
      // when an older record named none) is read from its end now: it holds the old conversation, never this one's
      // prompt (Claude names it at start-up, Codex before it records the prompt). Never from "the last prompt": at a
      // resume that is the previous conversation's (issue 38).
      return resumed.file === file ? { kind: "resume", offset: resumed.offset } : { kind: "end" };
    }
    if (hookName === "SessionStart" && status === "starting") return { kind: "end" };
    return { kind: "recover", isPrompt: (record) => this.isPrompt(record) };
  }

  /**
   * Codex's lazy SessionStart (at the first submit, after start-up) comes before its prompt is recorded: recovering
   * from it would start at the previous turn's prompt of a resumed rollout and replay that turn. The next hook (its
   * UserPromptSubmit, by which the prompt is recorded) names the same file and places the start instead.
   */
  private aheadOfPrompt(hookName: string, status: SessionStatus): boolean {
    // A resume's mark places the start whenever the file is named: nothing to wait for.
    if (this.resumedFrom !== undefined) return false;
    return this.options.sessionStartBeforePrompt === true && hookName === "SessionStart" && status !== "starting";
  }

  private follow(file: string, from: TailStart): void {
    void this.retire();
    this.file = file;
    const tail = createActor(transcriptTailActor, {
      input: {
        file,
        drain: this.drain,
        from,
        sink: { ...this.diagnostics(file), records: (records, readAt) => this.deliver(records, readAt) },
      },
    });
    this.tail = tail;
    tail.start();
  }

  private isPrompt(record: unknown): boolean {
    try {
      return this.read(record).some((item) => item.kind === "prompt");
    } catch {
      return false;
    }
  }

  /** A tail's reports about `file`, as feed events. */
  private diagnostics(file: string): Omit<TranscriptTailSink, "records"> {
    return {
      dropped: (cause) => this.events.emit("dropped", { cause, file }),
      stopped: (reason, phase) => this.events.emit("stopped", { reason, phase, file }),
      readError: (errno) => this.events.emit("readError", { errno, file }),
    };
  }

  /** Reads one pass's records; a record the adapter cannot read is an `unparseable` drop, reported with the pass's. */
  private deliver(records: readonly unknown[], readAt: number): readonly TailDropCause[] {
    this.events.emit("records", { records });
    const items: TranscriptItem[] = [];
    let unreadable = false;
    for (const record of records) {
      try {
        items.push(...this.read(record));
      } catch {
        unreadable = true;
      }
    }
    if (items.length > 0) this.events.emit("items", { items, readAt });
    return unreadable ? ["unparseable"] : [];
  }

  private retire(): Promise<void> {
    const tail = this.tail;
    this.tail = undefined;
    if (!tail) return Promise.resolve();
    return new Promise<void>((resolve) => {
      tail.send({ type: "tail.finish", done: resolve });
    }).finally(() => tail.stop());
  }
}
