// `ElwoodAgentSession`: the structural supertype both ClaudeAgentSession and CodexAgentSession satisfy; no `login`.
import type { AgentSession } from "./agent-session.js";

/** Members every adapter's session has; adapter-specific ones (Claude `login`, hook handlers) stay on the concrete types. */
export type ElwoodAgentSessionMember =
  | "elwoodSessionId"
  | "cwd"
  | "agent"
  | "terminal"
  | "status"
  | "status$"
  | "activity$"
  | "frames$"
  | "input$"
  | "pid"
  | "statusDecisions"
  | "on"
  | "off"
  | "waitForStatus"
  | "waitForActivity"
  | "sendPrompt"
  | "sendMessage"
  | "sendGuidance"
  | "sendKeys"
  | "resize"
  | "interrupt"
  | "compact"
  | "listModels"
  | "setModel"
  | "stop"
  | "kill"
  | "teardown";

/** Code written against this type runs unchanged on either CLI. */
export type ElwoodAgentSession = Pick<AgentSession, ElwoodAgentSessionMember>;
