// Public surface of the scripted local model server used by the real-CLI e2e tests.
export { startModelServer, type ModelServer } from "./server.js";
export {
  FAKE_REPLY_PREFIX,
  FAKE_TITLE,
  SLOW_DEFAULT_MS,
  SLOW_TEXT,
  TOOL_FINISHED_TEXT,
  type ScriptedReply,
} from "./script.js";
export { CLAUDE_COMPACTION_TEXT, classifyAnthropic } from "./anthropic.js";
export { CODEX_COMPACTION_TEXT, classifyResponses, usesCodeMode } from "./responses.js";
export { classifyChatCompletions, QWEN_COMPRESSION_TEXT } from "./chat-completions.js";
export type { ApiKind, RecordedRequest, RequestKind } from "./types.js";
