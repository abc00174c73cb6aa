// The seed's public type names (its §5.3 and the loop/image/login types), as aliases of the names Elwood uses inside.
// Code written against the upstream package's declarations compiles against ours unchanged.

import type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
import type { AgentSession, ClaudeAgentSession, CodexAgentSession } from "./session-api.js";
import type { SessionEventMap, SessionEventName, SessionTerminal } from "./session-types.js";
import type { ActivityEvent, SessionStatus, StatusDecision } from "./contracts/public-types.js";

/** The seed's name for a live Claude Code session (`ClaudeAgentSession`). */
export type ClaudeSessionApi = ClaudeAgentSession;
/** The seed's name for a live Codex session (`CodexAgentSession`). */
export type CodexSessionApi = CodexAgentSession;
/** The seed's name for the surface every agent's session shares (`AgentSession`). */
export type ElwoodAgentSession = AgentSession;
/** The seed's name for a session's status (`SessionStatus`). */
export type ElwoodSessionStatus = SessionStatus;
/** The seed's name for one explained status change (`StatusDecision`). */
export type ElwoodStatusDecision = StatusDecision;
/** The seed's name for one observed activity (`ActivityEvent`). */
export type ElwoodActivityEvent = ActivityEvent;
/** The seed's name for a session's terminal view (`SessionTerminal`). */
export type ElwoodTerminal = SessionTerminal;
/** The events a Claude session's `on` / `off` take, as the seed names them. */
export type ClaudeEventName = SessionEventName<ClaudeHookEventName>;
/** A listener of one Claude session event, as the seed names it. */
export type ClaudeEventHandler<E extends ClaudeEventName> = (payload: SessionEventMap<ClaudeHookEventName>[E]) => void;
