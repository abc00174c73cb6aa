// The public session types: `AgentSession` (adapter-neutral) and the per-CLI `ClaudeAgentSession` / `CodexAgentSession`.
// The facade classes (src/agent-session.ts and the per-CLI ones beside it) implement these; only these are exported,
// so the declarations a consumer sees carry no actor, PTY or other internal member.

import type { Observable } from "rxjs";
import type { LOGIN_METHOD_LABELS } from "../adapters/claude/login-screens.js";
import type { ElwoodLoopRequest, ElwoodLoopSnapshot } from "./contracts/loop.js";
import type {
  ActivityEvent,
  AgentKind,
  AgentModelOption,
  InputEvent,
  SessionStatus,
  StatusDecision,
  TerminalSize,
  Unsubscribe,
} from "./contracts/public-types.js";
import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import type { CodexHookEventName } from "../adapters/codex/hook-events.js";
import type { CodexTranscriptSummary } from "../adapters/codex/transcript-summary.js";

export type { CodexTranscriptSummary };
import type { CommonHookEventName, SendOptions, SessionEventMap, SessionEventName, SessionTerminal } from "./session-types.js";

/** A started session on either CLI: code written against this type runs unchanged on Claude and Codex. */
export interface AgentSession {
  readonly elwoodSessionId: string;
  readonly cwd: string;
  readonly agent: AgentKind;
  readonly terminal: SessionTerminal;
  readonly status: SessionStatus;
  readonly status$: Observable<SessionStatus>;
  readonly activity$: Observable<ActivityEvent>;
  /** What Elwood writes to the PTY, write by write (the `input` event as an Observable). */
  readonly input$: Observable<InputEvent>;
  /**
   * The pid of the PTY's direct child: the executable the login shell `exec`s. For most CLIs that is the CLI itself;
   * for one whose executable is a launcher running the real program as its child with the terminal as its stdio (npm's
   * `codex` bin script, Qwen Code 0.24.4's `cli-entry.js`), it is the launcher. Its exit is the session's exit, however
   * it came about (the real CLI exiting, or the launcher killed): whatever else still uses the terminal then (the real
   * CLI, tools) is hung up and, if it stays, killed before the exit is reported; a turn in flight rejects
   * `session_not_running`.
   */
  readonly pid: number;
  statusDecisions(): readonly StatusDecision[];
  /** Subscribes to a session event; `hook:<Name>` takes the hook names both CLIs send (the CLI types add their own). */
  on<E extends SessionEventName<CommonHookEventName>>(event: E, listener: (payload: SessionEventMap<CommonHookEventName>[E]) => void): Unsubscribe;
  off<E extends SessionEventName<CommonHookEventName>>(event: E, listener: (payload: SessionEventMap<CommonHookEventName>[E]) => void): void;
  waitForStatus(match: (status: SessionStatus) => boolean, timeoutMs?: number): Promise<SessionStatus>;
  waitForActivity(match: (activity: ActivityEvent) => boolean, timeoutMs?: number): Promise<ActivityEvent>;
  /** Resolves with the submission's turn id once the CLI accepted it (the `turnId` its activities carry). */
  sendPrompt(prompt: string, options?: SendOptions): Promise<string>;
  /** Resolves with the submission's turn id once the CLI accepted it (the `turnId` its activities carry). */
  sendMessage(message: string, options?: SendOptions): Promise<string>;
  /** Resolves with the submission's turn id once the CLI accepted it (the `turnId` its activities carry). */
  sendGuidance(message: string, options?: SendOptions): Promise<string>;
  sendKeys(input: string | Uint8Array): Promise<void>;
  resize(size: TerminalSize): Promise<void>;
  interrupt(options?: { readonly timeoutMs?: number }): Promise<void>;
  compact(options?: { readonly timeoutMs?: number }): Promise<void>;
  /** The CLI's own `/model` picker rows; the picker is cancelled with Escape, the model stays unchanged. */
  listModels(options?: { readonly timeoutMs?: number }): Promise<readonly AgentModelOption[]>;
  /** Switches this session's model through the picker, session-only (never a new saved default). */
  setModel(id: string, options?: { readonly timeoutMs?: number }): Promise<void>;
  /**
   * Schedules a recurring prompt Elwood submits through the normal readiness queue (B §6): a fixed interval (≥ 60 s,
   * < 7 days) or after five quiet minutes. Resolves with its snapshot once persisted; rejects `invalid_loop`,
   * `loop_limit_reached`, `loop_persistence_failed`, or `session_not_running` on an ended session.
   */
  createLoop(request: ElwoodLoopRequest): Promise<ElwoodLoopSnapshot>;
  /** The session's unexpired loops, sorted by creation time then id (also on a stopped session). */
  listLoops(): Promise<readonly ElwoodLoopSnapshot[]>;
  /** Removes one loop for good (`loop_not_found` for an unknown one); a turn it already submitted runs on. */
  cancelLoop(loopId: string): Promise<void>;
  /** Ends the CLI gracefully (SIGHUP, then SIGKILL after the grace) and reaps it; keeps the session directory for a resume. */
  stop(): Promise<void>;
  /** SIGKILLs the CLI's process group and reaps stragglers; leaves exactly what `stop()` leaves. */
  kill(): Promise<void>;
  /** Like `kill()` after a short grace, and removes the session directory too: nothing of the session is left on disk. */
  teardown(): Promise<void>;
}

/** Claude's sign-in methods, as its `/login` method list offers them. */
export type ClaudeLoginMethod = keyof typeof LOGIN_METHOD_LABELS;

/** `login()`'s options on any agent with a `/login` panel Elwood drives; `method` is one of its profile's rows. */
export interface LoginOptions {
  /** Row to pick if the CLI shows its method list (default: its first); skipped when no list appears. */
  readonly method?: string;
  /** Receives the validated authorization URL. */
  readonly onAuthUrl?: (url: string) => void;
  /** Called at the CLI's code prompt; the code is validated before it is written. */
  readonly provideCode: () => string | Promise<string>;
  readonly timeoutMs?: number;
}

export interface ClaudeLoginOptions extends LoginOptions {
  /** Row to pick if Claude shows "Select login method" (default `claudeai`); skipped when no list appears. */
  readonly method?: ClaudeLoginMethod;
  /** Receives the validated (https, approved Anthropic host, no credentials) authorization URL. */
  readonly onAuthUrl?: (url: string) => void;
  /** Called at Claude's "Paste code here" prompt; the code is validated before it is written. */
  readonly provideCode: () => string | Promise<string>;
  readonly timeoutMs?: number;
}

/** A Claude Code session (what `startClaude` returns). */
export interface ClaudeAgentSession extends AgentSession {
  readonly agent: "claude";
  /** Subscribes to a session event; `hook:<Name>` takes Claude Code's hook names only. */
  on<E extends SessionEventName<ClaudeHookEventName>>(event: E, listener: (payload: SessionEventMap<ClaudeHookEventName>[E]) => void): Unsubscribe;
  off<E extends SessionEventName<ClaudeHookEventName>>(event: E, listener: (payload: SessionEventMap<ClaudeHookEventName>[E]) => void): void;
  /** Claude Code's internal session id, once its SessionStart hook has been seen. */
  readonly claudeSessionId: string | undefined;
  /** Re-authenticates through Claude's own `/login` flow as one exclusive queue transaction (C-API-43). */
  login(options: ClaudeLoginOptions): Promise<void>;
}

/** A Codex session (what `startCodex` returns). */
/**
 * Codex's events: the common ones plus `codex:transcript`, one live observation per new item of Codex's rollout
 * transcript (reasoning, messages, tools, web searches, status phases), never persisted. Codex hooks miss
 * reasoning/status updates and tools other than shell and MCP (no PreToolUse/PostToolUse for a web search): this
 * event is where those show.
 */
export type CodexSessionEventMap = SessionEventMap<CodexHookEventName> & { "codex:transcript": CodexTranscriptSummary };

export interface CodexAgentSession extends AgentSession {
  readonly agent: "codex";
  /** Subscribes to a session event; `hook:<Name>` takes Codex's hook names only. */
  on<E extends keyof CodexSessionEventMap>(event: E, listener: (payload: CodexSessionEventMap[E]) => void): Unsubscribe;
  off<E extends keyof CodexSessionEventMap>(event: E, listener: (payload: CodexSessionEventMap[E]) => void): void;
  /** Codex's internal session (thread) id, once its SessionStart hook has been seen; what `codex resume` needs. */
  readonly codexSessionId: string | undefined;
}
