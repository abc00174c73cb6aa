// The primary API (`send` / `stream`) for any registered agent, built from its definition alone: the conversation an
// agent without a typed shortcut gets, and what the shortcuts' classes (ClaudeSession, CodexSession) specialise.

import type { AgentKind } from "./contracts/agent-kinds.js";
import type { TranscriptRecordReader } from "./contracts/turn-events.js";
import { agentDefinition, commonFacade, launchDefinedAgent, resumeDefinedAgent } from "./agent-launch.js";
import { ConversationSession, type LazyOptions } from "./conversation/conversation-session.js";
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

export class AgentConversation extends ConversationSession<AgentSession, AgentStartOptions & ResumeChoice, string> {
  /** The agent `kind`'s conversation (`cwd` defaults to `process.cwd()`); nothing starts until the first call. */
  constructor(kind: AgentKind, options?: AgentConversationOptions) {
    const definition = agentDefinition(kind);
    const facade = commonFacade(kind);
    const start = (o: AgentStartOptions): Promise<AgentSession> => launchDefinedAgent(kind, o, facade);
    const resume = ({ persona: _persona, ...rest }: AgentStartOptions & { readonly elwoodSessionId: string }): Promise<AgentSession> =>
      resumeDefinedAgent(kind, rest, facade);
    super(options, {
      start,
      startOrResume: (o) => startOrResumeConversation(o, start, resume),
      readRecord: definition.adapter.readTranscript ?? NO_TRANSCRIPT,
      readHook: definition.turnHooks,
    });
  }
}
