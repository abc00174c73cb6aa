// Type test of the generic path (issue 33 §2): the agent kind picks the options, the session and the conversation type.

import { expectTypeOf } from "vitest";
import {
  agentConversation,
  startAgentSession,
  startOrResumeAgentSession,
  type ClaudeAgentSession,
  type ClaudeSession,
  type CodexAgentSession,
  type CodexSession,
} from "../../src/index.js";

expectTypeOf(startAgentSession("codex", { cwd: "/w" })).resolves.toEqualTypeOf<CodexAgentSession>();
expectTypeOf(startAgentSession("claude", { cwd: "/w", permissionMode: "plan" })).resolves.toEqualTypeOf<ClaudeAgentSession>();
expectTypeOf(startOrResumeAgentSession("codex", { cwd: "/w", elwoodSessionId: "x" })).resolves.toEqualTypeOf<{ readonly session: CodexAgentSession; readonly resumed: boolean }>();
expectTypeOf(agentConversation("codex")).toEqualTypeOf<CodexSession>();
expectTypeOf(agentConversation("claude", { resume: "id", freshStartFallback: true })).toEqualTypeOf<ClaudeSession>();
// @ts-expect-error Claude's permission mode is not a Codex option
void startAgentSession("codex", { cwd: "/w", permissionMode: "plan" });
// @ts-expect-error not an agent kind
void startAgentSession("gemini", { cwd: "/w" });
