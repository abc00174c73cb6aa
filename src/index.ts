// Elwood's core entry point (`elwood`): the session API. The inspector is `elwood/inspector` (src/inspect.ts), so an
// embedder that never opens it loads neither its web server nor `ws`.

export { startClaude, type StartClaudeOptions } from "./start-claude.js";
export {
  AGENT_KINDS,
  agentConversation,
  agentDisplayName,
  agentInfo,
  agentInfos,
  agentInteractiveArgs,
  agentInteractiveEnv,
  listAgentModels,
  resumeAgentSession,
  startAgentSession,
  startOrResumeAgentSession,
  type AgentInfo,
  type AgentTypes,
  type AgentTypesOf,
  type GenericAgentTypes,
} from "./agent-registry.js";
export { AgentConversation, type AgentConversationOptions, type AgentStartOptions } from "./agent-conversation.js";
export type { AgentCapabilities, AgentPostureOption, InteractiveLaunch } from "../adapters/agent-facts.js";
export type { AgentKindRegistry } from "./contracts/agent-kinds.js";
export type { RegisteredAgentDefinitions } from "../adapters/registry-kinds.js";
export {
  listSessions,
  resumeClaude,
  startOrResumeClaude,
  type ClaudeResumeState,
  type ResumeClaudeOptions,
  type StartOrResumeClaudeOptions,
} from "./resume-claude.js";
export { deleteSession, type DeleteSessionOptions } from "./delete-session.js";
export {
  resumeCodex,
  startOrResumeCodex,
  type CodexResumeState,
  type ResumeCodexOptions,
  type StartOrResumeCodexOptions,
} from "./resume-codex.js";
export type { StartOrResumeResult } from "./resume-session.js";
export type { AgentResumeState, ResumeBase, SessionRecord } from "../effects/session-record.js";
export { listClaudeModels, listCodexModels, type ListModelsOptions } from "./list-models.js";
export type { ImageInput, ImageFormat } from "../effects/image-files.js";
export { checkImages, type CheckImagesOptions } from "./check-images.js";
export { startCodex, type StartCodexOptions } from "./start-codex.js";
export type { AgentSession, ClaudeAgentSession, CodexAgentSession, CodexSessionEventMap, CodexTranscriptSummary, ClaudeLoginOptions, ClaudeLoginMethod, LoginOptions } from "./session-api.js";
export type { CodexReasoningEffort, CodexSandboxMode, CodexApprovalPolicy } from "../adapters/codex/options.js";
export type { CodexHookHandlers, CodexHookPayloads, CodexHookResponses, CodexToolName } from "../adapters/codex/hook-types.js";
export type { CodexHookEventName } from "../adapters/codex/hook-events.js";
export type { ClaudeReasoningEffort, ClaudePermissionMode, ClaudeToolRule, ClaudeSettingsOverrides } from "../adapters/claude/options.js";
export type {
  ClaudeHookHandler,
  ClaudeHookHandlers,
  ClaudeHookPayload,
  ClaudeHookPayloads,
  ClaudeHookResponses,
  ClaudeToolName,
  ClaudeToolInputs,
} from "../adapters/claude/hook-types.js";
export type { ClaudeHookEventName } from "../adapters/claude/hook-events.js";
export type {
  SessionTerminal,
  SendOptions,
  SessionEventMap,
  SessionEventName,
  HookEventRecord,
  HookEventName,
  CommonHookEventName,
  HookErrorEvent,
  StatusChangeEvent,
} from "./session-types.js";
export {
  ElwoodError,
  isElwoodError,
  isAgentError,
  agentErrorFields,
  AGENT_ERROR_CATEGORIES,
  type AgentError,
  type AgentErrorCode,
  type AgentErrorCategory,
  type AgentErrorFields,
  type ElwoodErrorCode,
  type ElwoodErrorDetails,
  type ElwoodErrorDetailsByCode,
  type ImageAttachFailure,
} from "./contracts/errors.js";
export * from "./contracts/public-types.js";
export type {
  ClaudeSessionApi,
  CodexSessionApi,
  ElwoodAgentSession,
  ElwoodSessionStatus,
  ElwoodStatusDecision,
  ElwoodActivityEvent,
  ElwoodTerminal,
  ClaudeEventName,
  ClaudeEventHandler,
} from "./seed-names.js";
export { parseLoopCommand, type ElwoodLoopRequest, type ElwoodLoopState, type ElwoodLoopSnapshot, type ElwoodLoopEventSnapshot, type ElwoodLoopEvent } from "./contracts/loop.js";
export { ClaudeSession, type ClaudeSessionOptions } from "./claude-session.js";
export { CodexSession, type CodexSessionOptions } from "./codex-session.js";
export type { TurnOptions, TurnStream, LazyOptions } from "./conversation/conversation-session.js";
export type { TurnEvent, TurnResult, TurnStatus, TurnUsage } from "./contracts/turn-events.js";
