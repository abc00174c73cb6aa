// startClaude: the typed shortcut for Claude Code over the generic start (validate, probe, settings with the hook
// bridge, launch), handing back the Claude session type.

import { isClaudeHookEventName } from "../adapters/claude/hook-events.js";
import type { StartClaudeOptions } from "../adapters/claude/options.js";
import type { HookBridgeError } from "../effects/hook-bridge/server.js";
import type { HookErrorEvent } from "./agent-session.js";
import { ClaudeSessionFacade } from "./claude-agent-session.js";
import { launchDefinedAgent } from "./agent-launch.js";
import type { ClaudeAgentSession } from "./session-api.js";
import { publicBridgeErrorFor } from "./start-agent.js";

export type { StartClaudeOptions } from "../adapters/claude/options.js";
export { decisionInReply as handlerDecisionFromWire } from "../adapters/hook-reply.js";

/** Bridge-server errors as public `hookError`s; a name that is not a Claude event is reported as "Unknown". */
export function publicBridgeError(e: HookBridgeError): HookErrorEvent | undefined {
  return publicBridgeErrorFor(e, isClaudeHookEventName);
}

/** The Claude session object for a runtime. */
export const claudeFacade = (runtime: ConstructorParameters<typeof ClaudeSessionFacade>[0]): ClaudeSessionFacade => new ClaudeSessionFacade(runtime);

export async function startClaude(options: StartClaudeOptions): Promise<ClaudeAgentSession> {
  return (await launchDefinedAgent("claude", options, claudeFacade)) as ClaudeSessionFacade;
}
