// Elwood's public entry point: the only module consumers import.

export { startClaude, type StartClaudeOptions } from "./start-claude.js";
export { ClaudeSession, type ClaudeSessionApi } from "./claude-session.js";
export {
  AgentSession,
  type ElwoodTerminal,
  type SendOptions,
  type SessionEventMap,
  type SessionEventName,
  type HookEventRecord,
  type HookErrorEvent,
  type ElwoodStatusEvent,
  type ElwoodFrameEvent,
} from "./agent-session.js";
export { ElwoodError, isElwoodError, type ElwoodErrorName, type ElwoodErrorDetails } from "./errors.js";
export * from "./public-types.js";
export { subscribeInspection, type InspectionListener } from "./inspection-hub.js";
