// One served session's turn queue and event log: `send` accepts a turn at once (queued behind a running one), and every
// turn event and status change is appended to the log that `GET …/stream` replays and follows by id.

import type { SessionStatus, StatusChangeEvent, TurnOptions, TurnStream } from "../../src/index.js";
import { isElwoodError } from "../../src/index.js";
import { EventLog, type EventLogOptions } from "./event-log.js";
import { HttpProblem } from "./problem.js";
import { type NativeStreamEventData, type NativeStreamEventName, type SendResponse, turnEventData } from "./schemas/native.js";

/** What the channel needs of a library session (ClaudeSession and CodexSession both have it). */
export interface ChannelSession {
  readonly status: SessionStatus;
  stream(prompt: string, options?: TurnOptions): TurnStream;
  on(event: "status", listener: (payload: StatusChangeEvent) => void): () => void;
}

export interface TurnRequest {
  readonly text: string;
  readonly images?: readonly string[] | undefined;
  readonly timeoutMs?: number | undefined;
}

/** Turns waiting behind the running one, at most: the same bound agentapi's side keeps on its queued messages. */
export const MAX_QUEUED_TURNS = 64;

export type SessionEndReason = NativeStreamEventData<"session_ended">["reason"];

export class SessionChannel {
  readonly log: EventLog;
  private turnCount = 0;
  /** Turns accepted and not yet ended: the first is running (or starting), the rest wait behind it. */
  private open = 0;
  private chain: Promise<void> = Promise.resolve();
  /** Accepted turns whose run has not begun yet (the CLI has not seen them), in order: dropped (each with a turn_error) when the session closes. */
  private readonly waiting = new Set<string>();
  private closed = false;
  private readonly offStatus: () => void;

  constructor(
    private readonly session: ChannelSession,
    logOptions: EventLogOptions = {},
  ) {
    this.log = new EventLog(logOptions);
    this.offStatus = session.on("status", (change) => this.append("status_change", { status: change.status, previous: change.previous }));
  }

  /** A turn is running (or accepted and starting). */
  get busy(): boolean {
    return this.open > 0;
  }

  /** Turns accepted and waiting behind the running one. */
  get queuedTurns(): number {
    return Math.max(0, this.open - 1);
  }

  /** Accepts one turn now; it runs after the turns accepted before it. Its events go to the log. */
  send(request: TurnRequest): SendResponse {
    if (this.closed) throw new HttpProblem(409, "session_closing", "the session is being deleted");
    if (this.queuedTurns >= MAX_QUEUED_TURNS)
      throw new HttpProblem(429, "queue_full", `${MAX_QUEUED_TURNS} turns already wait behind the running one; send again after one ends`, undefined, { "Retry-After": "5" });
    const turnId = `turn-${String(++this.turnCount)}`;
    const afterEventId = this.log.lastId;
    const queued = this.open > 0;
    this.open += 1;
    // A turn that starts now says so at once, so the log never shows a later turn queued ahead of it.
    this.waiting.add(turnId);
    if (queued) this.append("turn_queued", { turnId, position: this.open - 1 });
    else this.append("turn_started", { turnId, prompt: request.text });
    this.chain = this.chain.then(() => this.run(turnId, request, queued));
    return { turnId, queued, afterEventId };
  }

  /** Ends the stream: the last event says why, then followers end after it. */
  close(reason: SessionEndReason): void {
    if (this.closed) return;
    // Closed first: the turn running now is being interrupted, and no queued turn may start in a session that is going.
    this.closed = true;
    this.offStatus();
    for (const turnId of this.waiting) this.append("turn_error", { turnId, code: "session_closed", message: "the session closed before this turn started" });
    this.open -= this.waiting.size;
    this.waiting.clear();
    this.append("session_ended", { reason });
    this.log.close();
  }

  /** Resolves when every accepted turn has ended. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async run(turnId: string, request: TurnRequest, queued: boolean): Promise<void> {
    // A turn dropped at close was already answered with its turn_error; it never reaches the CLI.
    if (this.closed) return;
    this.waiting.delete(turnId);
    if (queued) this.append("turn_started", { turnId, prompt: request.text });
    const options: TurnOptions = {
      ...(request.images !== undefined ? { images: request.images.map((path) => ({ path })) } : {}),
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
    };
    let ended = false;
    // The turn is over for clients at its result: a client reacting to it already sees the session idle.
    const end = (): void => {
      if (ended) return;
      ended = true;
      this.open -= 1;
    };
    try {
      const turn = this.session.stream(request.text, options);
      for await (const event of turn) {
        if (event.type === "result") end();
        this.append(event.type, turnEventData(turnId, event));
      }
    } catch (error) {
      // The turn could not run or broke off (bad image, the CLI did not start or died): this instead of a result.
      end();
      const code = isElwoodError(error) ? error.code : "internal_error";
      const message = error instanceof Error ? error.message : String(error);
      this.append("turn_error", { turnId, code, message });
    } finally {
      end();
    }
  }

  private append<N extends NativeStreamEventName>(event: N, data: NativeStreamEventData<N>): void {
    this.log.append(event, data);
  }
}
