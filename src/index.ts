// Elwood's public entry point: the only module consumers import.

export { startClaude, type StartClaudeOptions } from "./start-claude.js";
export { ClaudeAgentSession, type ClaudeSessionApi, type ClaudeLoginOptions, type ClaudeLoginMethod } from "./claude-agent-session.js";
export { listClaudeModels, listCodexModels, type ListModelsOptions } from "./list-models.js";
export type { ImageInput, ImageFormat } from "../effects/image-files.js";
export { startCodex, type StartCodexOptions } from "./start-codex.js";
export { CodexAgentSession, type CodexSessionApi } from "./codex-agent-session.js";
export type { ElwoodAgentSession, ElwoodAgentSessionMember } from "./agent-session-api.js";
export type { CodexReasoningEffort, CodexSandboxMode, CodexApprovalPolicy } from "../adapters/codex/options.js";
export type { CodexHookHandlers, CodexHookPayloads, CodexHookResponses, CodexToolName } from "../adapters/codex/hook-types.js";
export type { CodexHookEventName } from "../adapters/codex/hook-events.js";
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
export { ElwoodError, isElwoodError, type ElwoodErrorName, type ElwoodErrorDetails } from "./contracts/errors.js";
export * from "./contracts/public-types.js";
export { subscribeInspection, type InspectionListener } from "./inspection-hub.js";
export { inspect, type InspectOptions, type InspectorHandle } from "./inspect.js";
export { ClaudeSession } from "./claude-session.js";
export { CodexSession } from "./codex-session.js";
export type { TurnOptions, TurnStream, LazyOptions } from "./conversation/conversation-session.js";
export type { TurnEvent, TurnResult, TurnStatus, TurnUsage } from "./contracts/turn-events.js";
