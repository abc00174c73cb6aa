// startClaude: validate, probe, generate session-scoped settings with the hook bridge, launch, return a session.

import { isClaudeHookEventName } from "../adapters/claude/hook-events.js";
import { validateClaudeOptions, type StartClaudeOptions } from "../adapters/claude/options.js";
import type { HookBridgeError } from "../effects/hook-bridge/server.js";
import type { HookErrorEvent } from "./agent-session.js";
import { claudeStartPlan } from "./claude-start-plan.js";
import type { ClaudeAgentSession } from "./session-api.js";
import { publicBridgeErrorFor, startAgent } from "./start-agent.js";

export type { StartClaudeOptions } from "../adapters/claude/options.js";
export { decisionInReply as handlerDecisionFromWire } from "../adapters/hook-reply.js";

/** Bridge-server errors as public `hookError`s; a name that is not a Claude event is reported as "Unknown". */
export function publicBridgeError(e: HookBridgeError): HookErrorEvent | undefined {
  return publicBridgeErrorFor(e, isClaudeHookEventName);
}

export async function startClaude(options: StartClaudeOptions): Promise<ClaudeAgentSession> {
  return startAgent(claudeStartPlan(await validateClaudeOptions(options)));
}
