// The primary API (`send` / `stream`) for any registered agent, built from its definition alone: the conversation an
// agent without a typed shortcut gets, and what the shortcuts' classes (ClaudeSession, CodexSession) specialise.

import type { AgentKind } from "./contracts/agent-kinds.js";
import type { TranscriptRecordReader } from "./contracts/turn-events.js";
import { agentDefinition, commonFacade, launchDefinedAgent, resumeDefinedAgent } from "./agent-launch.js";
import { type ConversationAdapter, ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
import { startOrResumeConversation, type ResumeChoice } from "./resume-session.js";
import type { AgentSession } from "./session-api.js";

/** Options every agent's start takes at least; each agent's definition validates the rest. */
export interface AgentStartOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly persona?: string;
  readonly [option: string]: unknown;
}

/** What `new AgentConversation(kind, options)` takes: the agent's start options (`cwd` optional) plus `resume`. */
export type AgentConversationOptions = LazyOptions<AgentStartOptions> & ResumeChoice;

/** A CLI whose transcript is not read yet: its turns end on hooks, and carry no text from the file. */
const NO_TRANSCRIPT: TranscriptRecordReader = () => [];

/**
 * What a conversation of agent `kind` runs on, from its definition: `start` and `resume` (the persona applies to new
 * sessions only), the start-or-resume rule, and the definition's transcript and turn-hook readers. The generic class
 * and the typed shortcuts (ClaudeSession, CodexSession) share it.
 */
export function definedConversation<S extends AgentSession, O extends { readonly persona?: string }>(
  kind: AgentKind,
  start: (options: O) => Promise<S>,
  resume: (options: Omit<O, "persona"> & { readonly elwoodSessionId: string }) => Promise<S>,
): ConversationAdapter<S, O & ResumeChoice> {
  const definition = agentDefinition(kind);
  const resumeWithoutPersona = ({ persona: _persona, ...rest }: O & { readonly elwoodSessionId: string }): Promise<S> => resume(rest);
  return {
    start,
    startOrResume: (o) => startOrResumeConversation(o, start, resumeWithoutPersona),
    readRecord: definition.adapter.readTranscript ?? NO_TRANSCRIPT,
    readHook: definition.turnHooks,
  };
}

export class AgentConversation extends ConversationSession<AgentSession, AgentStartOptions & ResumeChoice, string> {
  /** The agent `kind`'s conversation (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(kind: AgentKind, options?: AgentConversationOptions) {
    const facade = commonFacade(kind);
    super(
      options,
      definedConversation<AgentSession, AgentStartOptions>(
        kind,
        (o) => launchDefinedAgent(kind, o, facade),
        (o) => resumeDefinedAgent(kind, o, facade),
      ),
    );
  }
}
