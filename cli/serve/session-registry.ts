// The server's live sessions: create (under a hard cap), get, list, delete, and closeAll at shutdown.

import { randomUUID } from "node:crypto";
import type { AgentName } from "../config-keys.js";
import type { AgentConversation } from "../launch-plan.js";
import { HttpProblem } from "./problem.js";

/** Any agent's conversation, as planLaunch builds it. */
export type ServedSession = AgentConversation;

/** What a client may choose for a new session; everything else comes from the server's settings. */
export interface SessionSpec {
  readonly agent?: AgentName | undefined;
  /** The workspace, resolved against the server's `--cwd`. */
  readonly cwd?: string | undefined;
  readonly model?: string | undefined;
  readonly reasoningEffort?: string | undefined;
  /**
   * Check now that the agent's CLI resolves in the login shell (a client's request: a 422 at creation rather than a
   * failure on first use). The default session skips it: its failed start is reported on agentapi's /events.
   */
  readonly verifyAgent?: boolean | undefined;
}

/** Builds the (not yet started) library session for a spec; rejects with an HttpProblem for a bad spec. */
export type SessionFactory = (spec: SessionSpec) => Promise<{ readonly agent: AgentName; readonly cwd: string; readonly session: ServedSession }>;

export type CloseHook = () => void | Promise<void>;

export interface LiveSession {
  readonly id: string;
  readonly agent: AgentName;
  readonly cwd: string;
  readonly createdAt: string;
  readonly session: ServedSession;
  /** Per-session state other modules attach by key (the compat conversation, the native event log). */
  readonly attachments: Map<string, unknown>;
  /** Runs before the session closes (in registration order): end streams, unsubscribe listeners. Added once the
   * session is closing, it runs at once (a request that raced the close must not leave a stream open). */
  onClose(hook: CloseHook): void;
}

export interface DeleteOptions {
  /** Remove the session's stored state too (the library's `teardown`); default: stop it and keep the state resumable. */
  readonly teardown?: boolean;
}

interface Entry extends LiveSession {
  readonly hooks: CloseHook[];
  /** Set (before any close hook runs) once the session's close has begun. */
  closing?: Promise<void>;
  closingStarted: boolean;
}

/** How long a running turn gets to acknowledge an interrupt before the session is stopped anyway. */
const INTERRUPT_GRACE_MS = 3_000;

export class SessionRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Slots taken by creations still building their session: they count against the cap. */
  private pending = 0;
  private closed = false;

  constructor(
    private readonly factory: SessionFactory,
    readonly maxSessions: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Registers a new session (not started: the library starts it on first use). 429 `session_limit` at the cap. */
  async create(spec: SessionSpec, id: string = randomUUID()): Promise<LiveSession> {
    if (this.closed) throw new HttpProblem(503, "shutting_down", "the server is shutting down");
    if (this.entries.size + this.pending >= this.maxSessions)
      throw new HttpProblem(429, "session_limit", `the server already runs its maximum of ${this.maxSessions} sessions (--max-sessions); delete one first`, undefined, { "Retry-After": "5" });
    if (this.entries.has(id)) throw new HttpProblem(409, "session_exists", `a session ${id} already exists`);
    this.pending += 1;
    let built: Awaited<ReturnType<SessionFactory>>;
    try {
      built = await this.factory(spec);
    } finally {
      this.pending -= 1;
    }
    const hooks: CloseHook[] = [];
    const entry: Entry = {
      id,
      agent: built.agent,
      cwd: built.cwd,
      createdAt: new Date().toISOString(),
      session: built.session,
      attachments: new Map(),
      hooks,
      closingStarted: false,
      onClose: (hook) => {
        if (!entry.closingStarted) hooks.push(hook);
        else void runHook(hook);
      },
    };
    if (this.closed) {
      await closeSession(entry, {});
      throw new HttpProblem(503, "shutting_down", "the server is shutting down");
    }
    this.entries.set(id, entry);
    return entry;
  }

  get(id: string): LiveSession | undefined {
    return this.entries.get(id);
  }

  /** The session, a 404 `session_not_found`, or a 409 `session_closing` once its deletion has begun (it is going). */
  require(id: string): LiveSession {
    const entry = this.entries.get(id);
    if (entry === undefined) throw new HttpProblem(404, "session_not_found", `no session ${id}`);
    if (entry.closingStarted) throw new HttpProblem(409, "session_closing", `session ${id} is being deleted`);
    return entry;
  }

  list(): readonly LiveSession[] {
    return [...this.entries.values()];
  }

  /** Interrupts a running turn, runs the close hooks and stops (or tears down) the session; false if unknown. */
  async delete(id: string, options: DeleteOptions = {}): Promise<boolean> {
    const entry = this.entries.get(id);
    if (entry === undefined) return false;
    entry.closing ??= closeSession(entry, options);
    try {
      await entry.closing;
    } finally {
      this.entries.delete(id);
    }
    return true;
  }

  /** Refuses new sessions and closes every live one, in parallel; never rejects. */
  async closeAll(options: DeleteOptions = {}): Promise<void> {
    this.closed = true;
    await Promise.all([...this.entries.keys()].map((id) => this.delete(id, options).catch(() => false)));
  }
}

async function runHook(hook: CloseHook): Promise<void> {
  try {
    await hook();
  } catch {
    /* a hook's failure never keeps the session alive */
  }
}

async function closeSession(entry: Entry, options: DeleteOptions): Promise<void> {
  // Marked first: a hook added from now on (a request that raced the close) runs at once instead of never.
  entry.closingStarted = true;
  for (const hook of entry.hooks.splice(0)) await runHook(hook);
  const { session } = entry;
  // A running turn is interrupted first, so the CLI records it as interrupted rather than cut off.
  if (session.session !== undefined && session.status === "running") await session.interrupt({ timeoutMs: INTERRUPT_GRACE_MS }).catch(() => {});
  try {
    await (options.teardown ? session.teardown() : session.close());
  } catch {
    await session.kill().catch(() => {});
  }
}
