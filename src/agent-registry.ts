// The agents Elwood drives, by kind: one entry per CLI with its start, resume, model listing and conversation class,
// so a face (or a caller that takes the agent as data) reaches every agent through one generic path. The per-CLI
// functions (`startClaude`, `ClaudeSession` …) stay as the typed shortcuts these entries call.

import { ClaudeSession, type ClaudeSessionOptions } from "./claude-session.js";
import { CodexSession, type CodexSessionOptions } from "./codex-session.js";
import { ElwoodError } from "./contracts/errors.js";
import type { AgentKind, AgentModelOption } from "./contracts/public-types.js";
import { listClaudeModels, listCodexModels, type ListModelsOptions } from "./list-models.js";
import { resumeClaude, startOrResumeClaude, type ResumeClaudeOptions, type StartOrResumeClaudeOptions } from "./resume-claude.js";
import { resumeCodex, startOrResumeCodex, type ResumeCodexOptions, type StartOrResumeCodexOptions } from "./resume-codex.js";
import type { StartOrResumeResult } from "./resume-session.js";
import type { ClaudeAgentSession, CodexAgentSession } from "./session-api.js";
import { startClaude, type StartClaudeOptions } from "./start-claude.js";
import { startCodex, type StartCodexOptions } from "./start-codex.js";

/** What each agent kind takes and gives: its options, its session type and its conversation class. */
export interface AgentTypes {
  readonly claude: {
    readonly start: StartClaudeOptions;
    readonly resume: ResumeClaudeOptions;
    readonly startOrResume: StartOrResumeClaudeOptions;
    readonly conversationOptions: ClaudeSessionOptions;
    readonly session: ClaudeAgentSession;
    readonly conversation: ClaudeSession;
  };
  readonly codex: {
    readonly start: StartCodexOptions;
    readonly resume: ResumeCodexOptions;
    readonly startOrResume: StartOrResumeCodexOptions;
    readonly conversationOptions: CodexSessionOptions;
    readonly session: CodexAgentSession;
    readonly conversation: CodexSession;
  };
}

/** One agent's entry: the generic operations, each the agent's own typed shortcut. */
interface AgentEntry<K extends AgentKind> {
  readonly displayName: string;
  readonly start: (options: AgentTypes[K]["start"]) => Promise<AgentTypes[K]["session"]>;
  readonly resume: (options: AgentTypes[K]["resume"]) => Promise<AgentTypes[K]["session"]>;
  readonly startOrResume: (options: AgentTypes[K]["startOrResume"]) => Promise<StartOrResumeResult<AgentTypes[K]["session"]>>;
  readonly listModels: (options: ListModelsOptions) => Promise<readonly AgentModelOption[]>;
  readonly conversation: (options?: AgentTypes[K]["conversationOptions"]) => AgentTypes[K]["conversation"];
}

const REGISTRY: { readonly [K in AgentKind]: AgentEntry<K> } = {
  claude: {
    displayName: "Claude Code",
    start: startClaude,
    resume: resumeClaude,
    startOrResume: startOrResumeClaude,
    listModels: listClaudeModels,
    conversation: (options) => new ClaudeSession(options),
  },
  codex: {
    displayName: "Codex",
    start: startCodex,
    resume: resumeCodex,
    startOrResume: startOrResumeCodex,
    listModels: listCodexModels,
    conversation: (options) => new CodexSession(options),
  },
};

/** Every agent kind Elwood drives, in registry order. */
export const AGENT_KINDS: readonly AgentKind[] = Object.keys(REGISTRY) as AgentKind[];

/** The registry entry of `kind`; an unknown kind (from untyped input) is `invalid_argument` naming the valid ones. */
function entry<K extends AgentKind>(kind: K): AgentEntry<K> {
  if (typeof kind !== "string" || !Object.hasOwn(REGISTRY, kind)) {
    throw new ElwoodError("invalid_argument", `unknown agent ${JSON.stringify(kind)}`, { option: "agent", validValues: [...AGENT_KINDS] });
  }
  return REGISTRY[kind] as unknown as AgentEntry<K>;
}

/** The agent's name as people know it ("Claude Code", "Codex"). */
export function agentDisplayName(kind: AgentKind): string {
  return entry(kind).displayName;
}

/** Starts a session of the agent `kind` (`startClaude` / `startCodex` for the kind). */
export async function startAgentSession<K extends AgentKind>(kind: K, options: AgentTypes[K]["start"]): Promise<AgentTypes[K]["session"]> {
  return entry(kind).start(options);
}

/** Resumes a recorded session of the agent `kind` on its own conversation. */
export async function resumeAgentSession<K extends AgentKind>(kind: K, options: AgentTypes[K]["resume"]): Promise<AgentTypes[K]["session"]> {
  return entry(kind).resume(options);
}

/** Resumes when an id is given and resumable, else starts fresh; `resumed` says which. */
export async function startOrResumeAgentSession<K extends AgentKind>(
  kind: K,
  options: AgentTypes[K]["startOrResume"],
): Promise<StartOrResumeResult<AgentTypes[K]["session"]>> {
  return entry(kind).startOrResume(options);
}

/** The agent's own `/model` picker rows, read through a throwaway session. */
export async function listAgentModels(kind: AgentKind, options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return entry(kind).listModels(options);
}

/** The primary API (`send` / `stream`) for the agent `kind`, lazily started: a `ClaudeSession` or a `CodexSession`. */
export function agentConversation<K extends AgentKind>(kind: K, options?: AgentTypes[K]["conversationOptions"]): AgentTypes[K]["conversation"] {
  return entry(kind).conversation(options);
}
