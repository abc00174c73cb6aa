// Elwood's public entry point: the only module consumers import.

export { startClaude, type StartClaudeOptions } from "./start-claude.js";
export { listClaudeModels, listCodexModels, type ListModelsOptions } from "./list-models.js";
export type { ImageInput, ImageFormat } from "../effects/image-files.js";
export { startCodex, type StartCodexOptions } from "./start-codex.js";
export type { AgentSession, ClaudeAgentSession, CodexAgentSession, ClaudeLoginOptions, ClaudeLoginMethod } from "./session-api.js";
export type { CodexReasoningEffort, CodexSandboxMode, CodexApprovalPolicy } from "../adapters/codex/options.js";
export type { CodexHookHandlers, CodexHookPayloads, CodexHookResponses, CodexToolName } from "../adapters/codex/hook-types.js";
export type { CodexHookEventName } from "../adapters/codex/hook-events.js";
export type {
  SessionTerminal,
  SendOptions,
  SessionEventMap,
  SessionEventName,
  HookEventRecord,
  HookErrorEvent,
  StatusChangeEvent,
} from "./session-types.js";
export { ElwoodError, isElwoodError, type ElwoodErrorCode, type ElwoodErrorDetails } from "./contracts/errors.js";
export * from "./contracts/public-types.js";
export { subscribeInspection, type InspectionListener } from "./inspection-hub.js";
export { inspect, type InspectOptions, type InspectorHandle } from "./inspect.js";
