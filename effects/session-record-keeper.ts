// The one owner of a live session's record on disk: writes it at start and again whenever the CLI names a new
// conversation (its SessionStart hook) or conversation file, one write at a time, so the file always holds the latest.

import { isElwoodError } from "../src/contracts/errors.js";
import { recordFor, writeSessionRecord, type RecordSeed } from "./session-record.js";

export interface SessionRecordKeeperInput {
  readonly sessionDir: string;
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly seed: RecordSeed;
  /** The CLI's conversation id a resume starts from (null on a fresh start). */
  readonly conversationId: string | null;
  /** The conversation file the resumed record names (absent on a fresh start or in an older record). */
  readonly transcriptPath?: string;
  /** A background rewrite failed; `errno` is the OS code when there is one (never file content). */
  readonly onWriteFailed: (errno: string | undefined) => void;
}

export class SessionRecordKeeper {
  private conversationId: string | null;
  private transcriptPath: string | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** A write is scheduled and has not started: it will carry every change made until it does. */
  private queued = false;

  constructor(private readonly input: SessionRecordKeeperInput) {
    this.conversationId = input.conversationId;
    this.transcriptPath = input.transcriptPath;
  }

  /** The first write; its failure fails the start. */
  async write(): Promise<void> {
    await writeSessionRecord(this.input.sessionDir, this.current());
  }

  /** The CLI reported its conversation id; a new one is persisted after any write still in flight. */
  observeConversationId(id: string): void {
    if (id === "" || id === this.conversationId) return;
    this.conversationId = id;
    this.persist();
  }

  /** A hook named the CLI's conversation file (every hook does); a new one is persisted like a new id. */
  observeTranscriptPath(file: string): void {
    // Only an absolute path is a file a later process can find again (the record refuses anything else).
    if (!file.startsWith("/") || file === this.transcriptPath) return;
    this.transcriptPath = file;
    this.persist();
  }

  /** One write of the latest state after any in flight; what changes before it starts rides along (a SessionStart's id and file). */
  private persist(): void {
    if (this.queued) return;
    this.queued = true;
    this.chain = this.chain.then(() => {
      this.queued = false;
      return writeSessionRecord(this.input.sessionDir, this.current()).catch((error: unknown) => {
        const errno = isElwoodError(error) ? (error.details as { errno?: string }).errno : undefined;
        this.input.onWriteFailed(errno);
      });
    });
  }

  /** Resolves once every observed id is on disk (or its write has failed and been reported). */
  flush(): Promise<void> {
    return this.chain;
  }

  private current() {
    return recordFor(this.input.elwoodSessionId, this.input.cwd, this.input.seed, this.conversationId, this.transcriptPath);
  }
}
