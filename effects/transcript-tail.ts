// Tails one CLI transcript JSONL file with bounded reads: committed records out, oversized/unparseable lines counted as drops; one effect actor per file.

import { statSync, watch, type FSWatcher } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { TailDropCause, TailStopPhase } from "../src/contracts/turn-events.js";
import { StringDecoder } from "node:string_decoder";
import { fromCallback } from "xstate";
import { allowlistedErrno, allowlistedErrorName } from "./error-code-allowlist.js";
import { findTurnStart } from "./transcript-recovery.js";

/** Bytes read per chunk, and chunks per scan pass: a pass reads at most 256 KiB, a larger delta spreads over ticks. */
export const TAIL_CHUNK_BYTES = 64 * 1024;
export const TAIL_CHUNKS_PER_PASS = 4;
/** An unterminated record may buffer this much; beyond it the line is discarded through its newline. */
export const TAIL_MAX_RECORD_BYTES = 1024 * 1024;
/** Fallback poll when the file-change notification is late or missing (a notification wakes the tail at once). */
export const TAIL_POLL_MS = 100;
/** The final flush reads at most this many chunks and for at most this long; what is left is an unread backlog. */
export const TAIL_FLUSH_CHUNKS = 64;
export const TAIL_FLUSH_MS = 250;
/** A failed read is followed by a recovery scan (reopen, reread from the last delivered record) at most this often in a row. */
export const TAIL_MAX_RECOVERIES = 3;


export interface TranscriptTailSink {
  /**
   * The records one pass read, in file order (each line parsed as JSON). Returns the causes of records it could not
   * use, reported with the pass's own drops (one report per cause per pass).
   */
  readonly records: (records: readonly unknown[], readAt: number) => readonly TailDropCause[] | void;
  /** At most one report per cause per pass. */
  readonly dropped: (cause: TailDropCause) => void;
  /**
   * A failure escaped a pass (`phase: "poll"`, after the recovery scans) or the final flush: the tail stopped itself.
   * `reason` is an allowlisted error name, never the message.
   */
  readonly stopped: (reason: string, phase: TailStopPhase) => void;
  /** A read failed with a file-system error (allowlisted errno); a recovery scan follows. */
  readonly readError?: (errno: string) => void;
}


/**
 * Where a tail starts reading: its start offset; the end of the file as it is at `start()` (what is there is history);
 * the turn recovery scan's last prompt record (a turn may be under way); or a resume's mark, the file's length when
 * the CLI was relaunched (a file that has shrunk below it since was rewritten: it is read from its end at first open).
 */
export type TailStart =
  | { readonly kind: "offset" }
  | { readonly kind: "end" }
  | { readonly kind: "recover"; readonly isPrompt: (record: unknown) => boolean }
  | { readonly kind: "resume"; readonly offset: number };

/**
 * Chunks every final drain of one watcher may still read, shared by all its tails (a retired subagent file, a
 * replaced main file and the final flush): never a fresh full budget per retirement.
 */
export interface DrainBudget {
  chunks: number;
}

export function drainBudget(): DrainBudget {
  return { chunks: TAIL_FLUSH_CHUNKS };
}

/** How the tail opens its file (the filesystem edge; tests pass a failing one). */
export type OpenTranscript = (file: string) => Promise<FileHandle>;

export class TranscriptTail {
  private handle: FileHandle | undefined;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private offset: number;
  private decoder = new StringDecoder("utf8");
  private pending = "";
  /** True while discarding the rest of an oversized line. */
  private skipping = false;
  /** Where the bytes after the last line handed to the sink start (always a line boundary). */
  private delivered: number;
  /** Recovery scans since the last pass that succeeded. */
  private recoveries = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private finished = false;
  private readonly buffer = Buffer.alloc(TAIL_CHUNK_BYTES);
  /** Chunks the latest pass read. */
  private passChunks = 0;
  /** The recovery scan placed the start (it runs at the first successful open only). */
  private located = false;

  constructor(
    private readonly file: string,
    private readonly sink: TranscriptTailSink,
    startOffset = 0,
    private readonly openFile: OpenTranscript = (f) => open(f, "r"),
    private readonly drain: DrainBudget = drainBudget(),
    /** Where tailing starts when the file is first opened (default: `startOffset`). */
    private readonly from: TailStart = { kind: "offset" },
  ) {
    const at = from.kind === "resume" ? from.offset : startOffset;
    this.offset = at;
    this.delivered = at;
  }

  start(): void {
    if (this.from.kind === "end") this.locateEndNow();
    // The file may not exist yet: the poll opens it, and the change watch starts once it is open.
    this.timer = setInterval(() => this.wake(), TAIL_POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /**
   * "From its end" means the end when tailing was asked for: measured synchronously here, not at the first open, so
   * records the CLI appends while that open is in flight (a prompt typed right after readiness) are never skipped.
   * A file that does not exist yet is read from its start once it does (all of it is new).
   */
  private locateEndNow(): void {
    try {
      const { size } = statSync(this.file);
      this.offset = size;
      this.delivered = size;
    } catch {
      // Not there yet (or not statable now): from its start.
    }
    this.located = true;
  }

  /** Runs a scan pass now (or right after the one in progress). */
  wake(): void {
    if (this.finished) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass(TAIL_CHUNKS_PER_PASS, Number.POSITIVE_INFINITY)
      .then(() => {
        this.recoveries = 0;
      })
      .catch((error: unknown) => this.recover(error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          setImmediate(() => this.wake());
        }
      });
  }

  /** Drains what is readable within the flush budget, then stops for good; leftovers are reported as a backlog. */
  async finish(): Promise<void> {
    if (this.finished) return;
    await this.running?.catch(() => {});
    this.finished = true;
    this.stopTimers();
    try {
      const chunks = Math.min(TAIL_FLUSH_CHUNKS, this.drain.chunks);
      const more = await this.pass(chunks, Date.now() + TAIL_FLUSH_MS);
      this.drain.chunks = Math.max(0, this.drain.chunks - this.passChunks);
      if (more || (await this.unread())) this.sink.dropped("unread_backlog");
    } catch (error: unknown) {
      // The final flush is behind an error boundary: exit ordering never waits on a broken read.
      this.sink.stopped(allowlistedErrorName(error), "final_flush");
    }
    await this.close();
  }

  /** True when committed bytes lie beyond what was read (a drain with no budget left reads nothing). */
  private async unread(): Promise<boolean> {
    if (!this.handle) return false;
    const { size } = await this.handle.stat();
    return size > this.offset;
  }

  /** Stops without a flush. */
  async stop(): Promise<void> {
    this.finished = true;
    this.stopTimers();
    await this.running?.catch(() => {});
    await this.close();
  }

  /** One bounded pass; true when bytes were left unread. */
  private async pass(maxChunks: number, deadline: number): Promise<boolean> {
    if (!this.handle) {
      try {
        this.handle = await this.openFile(this.file);
      } catch {
        return false;
      }
      if (!this.finished) this.watchChanges();
      if (this.from.kind === "resume" && !this.located) {
        this.located = true;
        const { size } = await this.handle.stat();
        if (size < this.offset) {
          this.offset = size;
          this.delivered = size;
        }
      }
      if (this.from.kind === "recover" && !this.located) {
        const found = await findTurnStart(this.handle, this.from.isPrompt);
        this.located = true;
        this.offset = found.offset;
        this.delivered = found.offset;
        if (found.truncated) this.sink.dropped("unread_backlog");
      }
    }
    const records: unknown[] = [];
    const drops = new Set<TailDropCause>();
    let chunks = 0;
    this.passChunks = 0;
    let full = false;
    let lineEnd: number | undefined;
    while (chunks < maxChunks && Date.now() < deadline) {
      const { bytesRead } = await this.handle.read(this.buffer, 0, TAIL_CHUNK_BYTES, this.offset);
      if (bytesRead === 0) break;
      // 0x0A never occurs inside a multi-byte UTF-8 sequence, so the last one in the bytes is an exact line boundary.
      const nl = this.buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (nl !== -1) lineEnd = this.offset + nl + 1;
      this.offset += bytesRead;
      chunks += 1;
      this.passChunks = chunks;
      // The decoder carries a code point split across reads.
      this.consume(this.decoder.write(this.buffer.subarray(0, bytesRead)), records, drops);
      full = bytesRead === TAIL_CHUNK_BYTES;
      if (!full) break;
    }
    // Epoch ms with sub-ms precision, so a latency measured against it is not rounded to whole milliseconds.
    const readAt = performance.timeOrigin + performance.now();
    if (records.length > 0) for (const cause of this.sink.records(records, readAt) ?? []) drops.add(cause);
    for (const cause of drops) this.sink.dropped(cause);
    if (lineEnd !== undefined) this.delivered = lineEnd;
    // A full last chunk means more may wait: schedule the rest on a later tick instead of reading it now.
    if (full && maxChunks === TAIL_CHUNKS_PER_PASS) this.again = true;
    return full;
  }

  private watchChanges(): void {
    try {
      this.watcher = watch(this.file, () => this.wake());
      this.watcher.on("error", () => this.watcher?.close());
    } catch {
      // Polling still covers it.
    }
  }

  private consume(text: string, records: unknown[], drops: Set<TailDropCause>): void {
    let rest = text;
    while (rest !== "") {
      const nl = rest.indexOf("\n");
      if (nl === -1) {
        if (this.skipping) return;
        this.pending += rest;
        if (Buffer.byteLength(this.pending, "utf8") > TAIL_MAX_RECORD_BYTES) {
          this.pending = "";
          this.skipping = true;
          drops.add("oversized");
        }
        return;
      }
      const line = this.pending + rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      this.pending = "";
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      if (Buffer.byteLength(line, "utf8") > TAIL_MAX_RECORD_BYTES) {
        drops.add("oversized");
        continue;
      }
      if (line.trim() === "") continue;
      try {
        records.push(JSON.parse(line) as unknown);
      } catch {
        drops.add("unparseable");
      }
    }
  }

  /**
   * A read failed: the records of the failed pass never reached the sink, so a recovery scan reopens the file and
   * reads again from the end of the last delivered record (nothing lost, nothing delivered twice). Repeated failures
   * stop the tail.
   */
  private recover(error: unknown): void {
    if (this.finished) return;
    if (this.recoveries >= TAIL_MAX_RECOVERIES) return this.fail(error);
    const errno = allowlistedErrno(error);
    if (errno !== undefined) this.sink.readError?.(errno);
    this.recoveries += 1;
    const handle = this.handle;
    this.handle = undefined;
    void handle?.close().catch(() => {});
    this.watcher?.close();
    this.watcher = undefined;
    this.offset = this.delivered;
    this.skipping = false;
    this.pending = "";
    this.decoder = new StringDecoder("utf8");
    this.again = true;
  }

  private fail(error: unknown): void {
    this.finished = true;
    this.stopTimers();
    void this.close();
    this.sink.stopped(allowlistedErrorName(error), "poll");
  }

  private stopTimers(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.watcher?.close();
    this.watcher = undefined;
  }

  private async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => {});
  }
}

export interface TranscriptTailInput {
  readonly file: string;
  readonly sink: TranscriptTailSink;
  readonly drain?: DrainBudget;
  /** Where the first open starts reading (see TranscriptTail). */
  readonly from?: TailStart;
}

/** The tail as an effect actor: started with its file, `tail.finish` flushes and stops it, stopping the actor stops the tail. */
export const transcriptTailActor = fromCallback<{ type: "tail.finish"; done: () => void }, TranscriptTailInput>(({ input, receive }) => {
  const tail = new TranscriptTail(input.file, input.sink, 0, undefined, input.drain, input.from);
  tail.start();
  receive((event) => {
    if (event.type === "tail.finish") void tail.finish().then(event.done);
  });
  return () => {
    void tail.stop();
  };
});
