// One served session's turn queue and event log: `send` accepts a turn at once (queued behind a running one), and every
// turn event and status change is appended to the log that `GET …/stream` replays and follows by id.

import type { SessionStatus, StatusChangeEvent, TurnOptions, TurnStream } from "../../src/index.js";
import { isElwoodError } from "../../src/index.js";
import { EventLog, type EventLogOptions } from "./event-log.js";
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

export type SessionEndReason = NativeStreamEventData<"session_ended">["reason"];

export class SessionChannel {
  readonly log: EventLog;
  private turnCount = 0;
  /** Turns accepted and not yet ended (the running one included). */
  private open = 0;
  private running = false;
  private chain: Promise<void> = Promise.resolve();
  private readonly offStatus: () => void;

  constructor(
    private readonly session: ChannelSession,
    logOptions: EventLogOptions = {},
  ) {
    this.log = new EventLog(logOptions);
    this.offStatus = session.on("status", (change) => this.append("status_change", { status: change.status, previous: change.previous }));
  }

  /** A turn is running. */
  get busy(): boolean {
    return this.running;
  }

  /** Turns accepted and waiting behind the running one. */
  get queuedTurns(): number {
    return Math.max(0, this.open - (this.running ? 1 : 0));
  }

  /** Accepts one turn now; it runs after the turns accepted before it. Its events go to the log. */
  send(request: TurnRequest): SendResponse {
    const turnId = `turn-${String(++this.turnCount)}`;
    const afterEventId = this.log.lastId;
    const queued = this.open > 0;
    this.open += 1;
    if (queued) this.append("turn_queued", { turnId, position: this.open - 1 });
    this.chain = this.chain.then(() => this.run(turnId, request));
    return { turnId, queued, afterEventId };
  }

  /** Ends the stream: the last event says why, then followers end after it. */
  close(reason: SessionEndReason): void {
    this.offStatus();
    this.append("session_ended", { reason });
    this.log.close();
  }

  /** Resolves when every accepted turn has ended. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async run(turnId: string, request: TurnRequest): Promise<void> {
    this.running = true;
    this.append("turn_started", { turnId, prompt: request.text });
    const options: TurnOptions = {
      ...(request.images !== undefined ? { images: request.images.map((path) => ({ path })) } : {}),
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
    };
    try {
      const turn = this.session.stream(request.text, options);
      for await (const event of turn) this.append(event.type, turnEventData(turnId, event));
    } catch (error) {
      // The turn never ran (bad image, the CLI did not start): it ends with this instead of a result.
      const code = isElwoodError(error) ? error.code : "internal_error";
      const message = error instanceof Error ? error.message : String(error);
      this.append("turn_error", { turnId, code, message });
    } finally {
      this.running = false;
      this.open -= 1;
    }
  }

  private append<N extends NativeStreamEventName>(event: N, data: NativeStreamEventData<N>): void {
    this.log.append(event, data);
  }
}
