// agentapi's view of one Elwood session: a message history, running/stable status from hooks, queued user turns, and an event log for /events.

import type { SessionStatus } from "../../src/index.js";
import { isElwoodError } from "../../src/index.js";
import { EventLog, PROCESS_FIRST_EVENT_ID } from "./event-log.js";
import { HttpProblem } from "./problem.js";
import type { LiveSession } from "./session-registry.js";
import type { SseFrame } from "./sse-stream.js";

export type CompatStatus = "running" | "stable";

/** agentapi 0.12's agent_error data. */
export interface AgentErrorData {
  readonly level: "error";
  readonly message: string;
  readonly time: string;
}

export interface CompatMessage {
  readonly id: number;
  content: string;
  readonly role: "user" | "agent";
  readonly time: string;
}

/** The key the conversation is attached under on its LiveSession. */
export const COMPAT_ATTACHMENT = "compat";

/** Messages kept in the history; older ones leave /messages (ids keep counting). */
export const MAX_MESSAGES = 5_000;

/** User messages waiting behind the running turn, at most. */
export const MAX_QUEUED_MESSAGES = 64;

/** The one session event read here; both session classes have it (their `on` overloads do not unify). */
interface StatusEvents {
  on(event: "status", listener: () => void): () => void;
}

const TERMINAL: ReadonlySet<SessionStatus> = new Set(["stopped", "exited", "killed", "torn_down"]);

export class CompatConversation {
  /** message_update, status_change and agent_error events, in order, with ids for Last-Event-ID. */
  readonly log = new EventLog({ firstId: PROCESS_FIRST_EVENT_ID });
  private readonly messages: CompatMessage[] = [];
  private nextMessageId = 0;
  private readonly queue: string[] = [];
  /** A turn of ours is in flight (from its user message to its result). */
  private busy = false;
  private closed = false;
  private exitReported = false;
  private failedStart = false;
  /** Why the agent is gone (a failed start, an exit): repeated in every new subscriber's snapshot. */
  private standing: AgentErrorData | undefined;
  private status: CompatStatus;
  private readonly offStatus: () => void;

  constructor(private readonly live: LiveSession) {
    this.status = this.decide();
    const events: StatusEvents = live.session;
    this.offStatus = events.on("status", () => this.refresh());
    live.attachments.set(COMPAT_ATTACHMENT, this);
    live.onClose(() => this.close());
  }

  get agentType(): string {
    return this.live.agent;
  }

  currentStatus(): CompatStatus {
    return this.status;
  }

  history(): readonly CompatMessage[] {
    return this.messages.map((m) => ({ ...m }));
  }

  /** What a new /events subscriber gets first (as agentapi does): every message, then the status; then why the agent is gone, if it is. */
  snapshot(): SseFrame[] {
    return [
      ...this.messages.map((m) => ({ event: "message_update", data: JSON.stringify(updateBody(m)) })),
      { event: "status_change", data: JSON.stringify({ agent_type: this.agentType, status: this.status }) },
      ...(this.standing === undefined ? [] : [{ event: "agent_error", data: JSON.stringify(this.standing) }]),
    ];
  }

  /** Queues a user message as its own turn (run now when idle); rejects a dead session or a full queue. */
  submit(content: string): void {
    this.assertLive();
    if (this.queue.length >= MAX_QUEUED_MESSAGES) throw new HttpProblem(429, "queue_full", `${MAX_QUEUED_MESSAGES} user messages already wait behind the running turn`);
    this.queue.push(content);
    void this.pump();
  }

  /** Writes keystrokes to the agent's terminal, also while a turn runs (e.g. to answer a dialog). */
  async sendRaw(content: string): Promise<void> {
    this.assertLive();
    await this.live.session.sendKeys(content);
  }

  /** An error outside a turn (e.g. the session failed to start), as an agent_error event: the code leads the message. */
  reportError(code: string, message: string): AgentErrorData {
    const body: AgentErrorData = { level: "error", message: `${code}: ${message}`, time: new Date().toISOString() };
    this.log.append("agent_error", body);
    return body;
  }

  /** The agent could not be started: agent_error, status stable, and user messages refused from now on. */
  startFailed(code: string, message: string): void {
    if (this.closed) return;
    this.failedStart = true;
    this.standing = this.reportError(code, message);
    this.queue.length = 0;
    this.refresh();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.offStatus();
    this.log.close();
  }

  private assertLive(): void {
    if (this.closed || this.failedStart || TERMINAL.has(this.live.session.status)) throw new HttpProblem(409, "session_not_running", `the agent is not running (status ${this.live.session.status})`);
  }

  /** Runs the queued user messages one turn at a time. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let prompt = this.queue.shift(); prompt !== undefined && !this.closed; prompt = this.queue.shift()) await this.runTurn(prompt);
    } finally {
      this.busy = false;
      this.refresh();
    }
  }

  private async runTurn(prompt: string): Promise<void> {
    // The user message first, then the status it causes (agentapi's order).
    this.add("user", prompt);
    this.refresh();
    let reply: CompatMessage | undefined;
    const blocks: string[] = [];
    const show = (text: string) => {
      if (reply === undefined) reply = this.add("agent", text);
      else if (reply.content !== text) {
        reply.content = text;
        this.log.append("message_update", updateBody(reply));
      }
    };
    try {
      for await (const event of this.live.session.stream(prompt)) {
        if (this.closed) return;
        if (event.type === "text") {
          // The agent's message grows block by block while the turn runs.
          blocks.push(event.text);
          show(blocks.join("\n\n"));
        } else if (event.type === "result") {
          if (event.text !== "" || reply !== undefined) show(event.text);
          if (event.status === "failed") this.reportError("turn_failed", event.error ?? "the agent rejected the turn");
          // The turn's end: stable is reported now, not when the stream's iterator winds down.
          break;
        }
      }
    } catch (error) {
      if (this.closed) return;
      this.reportError(isElwoodError(error) ? error.code : "turn_failed", error instanceof Error ? error.message : String(error));
    }
  }

  private add(role: "user" | "agent", content: string): CompatMessage {
    const message: CompatMessage = { id: this.nextMessageId++, content, role, time: new Date().toISOString() };
    this.messages.push(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.splice(0, this.messages.length - MAX_MESSAGES);
    this.log.append("message_update", updateBody(message));
    return message;
  }

  /**
   * agentapi's two states from Elwood's hook-decided status: a turn of ours in flight or queued is running; a ready
   * agent, a dialog waiting for an answer (blocked) and an agent that is gone are stable (the last with an agent_error).
   */
  private decide(): CompatStatus {
    const status = this.live.session.status;
    if (this.failedStart || TERMINAL.has(status) || status === "blocked") return "stable";
    if (this.busy || this.queue.length > 0) return "running";
    return status === "ready" ? "stable" : "running";
  }

  private refresh(): void {
    if (this.closed) return;
    const status = this.live.session.status;
    if (TERMINAL.has(status) && !this.exitReported) {
      this.exitReported = true;
      this.standing = this.reportError("agent_exited", `the agent is no longer running (status ${status})`);
    }
    const next = this.decide();
    if (next === this.status) return;
    this.status = next;
    this.log.append("status_change", { agent_type: this.agentType, status: next });
  }
}

function updateBody(m: CompatMessage): { id: number; message: string; role: "user" | "agent"; time: string } {
  return { id: m.id, message: m.content, role: m.role, time: m.time };
}
