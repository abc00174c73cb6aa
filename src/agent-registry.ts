// The agents Elwood drives, by kind: one entry per CLI with its start, resume, model listing and conversation class,
// so a face (or a caller that takes the agent as data) reaches every agent through one generic path. The per-CLI
// functions (`startClaude`, `ClaudeSession` …) stay as the typed shortcuts these entries call.

import { ClaudeSession, type ClaudeSessionOptions } from "./claude-session.js";
import { CodexSession, type CodexSessionOptions } from "./codex-session.js";
import type { InteractiveLaunch, PublicAgentDefinition } from "../adapters/agent-facts.js";
import { AGENT_KINDS } from "../adapters/registry-kinds.js";
import { capabilityRefusal } from "./capability-check.js";
import { sessionDirPath } from "../effects/state-dir.js";
import { ElwoodError } from "./contracts/errors.js";
import { agentDefinition, commonFacade, launchDefinedAgent, resumeDefinedAgent } from "./agent-launch.js";
import { AgentConversation, type AgentConversationOptions, type AgentStartOptions } from "./agent-conversation.js";
import type { AgentKind, AgentModelOption } from "./contracts/public-types.js";
import { listClaudeModels, listCodexModels, listModelsWith, type ListModelsOptions } from "./list-models.js";
import { resumeClaude, startOrResumeClaude, type ResumeClaudeOptions, type StartOrResumeClaudeOptions } from "./resume-claude.js";
import { resumeCodex, startOrResumeCodex, type ResumeCodexOptions, type StartOrResumeCodexOptions } from "./resume-codex.js";
import { startOrResume, type StartOrResumeResult } from "./resume-session.js";
import type { AgentSession, ClaudeAgentSession, CodexAgentSession } from "./session-api.js";
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

/** What an agent without a typed shortcut takes and gives: the common options, session and conversation. */
export interface GenericAgentTypes {
  readonly start: AgentStartOptions;
  /** A resume: the session's id, where its store is, and the agent's launch options (no persona). */
  readonly resume: { readonly elwoodSessionId: string; readonly cwd?: string; readonly stateDir?: string; readonly [option: string]: unknown };
  readonly startOrResume: AgentStartOptions & { readonly elwoodSessionId?: string };
  readonly conversationOptions: AgentConversationOptions;
  readonly session: AgentSession;
  readonly conversation: AgentConversation;
}

/** The types of agent `K`: its shortcut's where it has one, the common ones otherwise. */
export type AgentTypesOf<K extends AgentKind> = K extends keyof AgentTypes ? AgentTypes[K] : GenericAgentTypes;

/** One agent's entry: the generic operations, each the agent's own typed shortcut where it has one. */
interface AgentEntry<K extends AgentKind> {
  readonly start: (options: AgentTypesOf<K>["start"]) => Promise<AgentTypesOf<K>["session"]>;
  readonly resume: (options: AgentTypesOf<K>["resume"]) => Promise<AgentTypesOf<K>["session"]>;
  readonly startOrResume: (options: AgentTypesOf<K>["startOrResume"]) => Promise<StartOrResumeResult<AgentTypesOf<K>["session"]>>;
  readonly listModels: (options: ListModelsOptions) => Promise<readonly AgentModelOption[]>;
  readonly conversation: (options?: AgentTypesOf<K>["conversationOptions"]) => AgentTypesOf<K>["conversation"];
}

/** The typed shortcuts of the agents that have them; identity and everything else comes from the definitions. */
const SHORTCUTS: { readonly [K in keyof AgentTypes & AgentKind]: AgentEntry<K> } = {
  claude: {
    start: startClaude,
    resume: resumeClaude,
    startOrResume: startOrResumeClaude,
    listModels: listClaudeModels,
    conversation: (options) => new ClaudeSession(options),
  },
  codex: {
    start: startCodex,
    resume: resumeCodex,
    startOrResume: startOrResumeCodex,
    listModels: listCodexModels,
    conversation: (options) => new CodexSession(options),
  },
};

export { AGENT_KINDS };

/** The generic operations of an agent without a typed shortcut: its definition, the common session and conversation. */
function genericEntry(kind: AgentKind): AgentEntry<AgentKind> {
  const facade = commonFacade(kind);
  const start = (options: AgentStartOptions): Promise<AgentSession> => launchDefinedAgent(kind, options, facade);
  const resume = (options: GenericAgentTypes["resume"]): Promise<AgentSession> => resumeDefinedAgent(kind, options, facade);
  return {
    start,
    resume,
    startOrResume: (options: GenericAgentTypes["startOrResume"]) => startOrResume(options, resume, start as (o: object) => Promise<AgentSession>),
    listModels: (options: ListModelsOptions) => listModelsWith(start, options),
    conversation: (options?: AgentConversationOptions) => new AgentConversation(kind, options),
  } as unknown as AgentEntry<AgentKind>;
}

/** The registry entry of `kind`; an unknown kind (from untyped input) is `invalid_argument` naming the valid ones. */
function entry<K extends AgentKind>(kind: K): AgentEntry<K> {
  agentDefinition(kind);
  const shortcut = Object.hasOwn(SHORTCUTS, kind) ? (SHORTCUTS as Readonly<Record<string, unknown>>)[kind] : undefined;
  return (shortcut ?? genericEntry(kind)) as AgentEntry<K>;
}

/** What a face may show and check about an agent before starting it: plain data from its definition. */
export interface AgentInfo extends Pick<PublicAgentDefinition, "displayName" | "executable" | "installHint" | "verifiedVersions" | "reasoningEfforts" | "postures" | "capabilities"> {
  readonly kind: AgentKind;
  /** Every posture field a session of this agent records (and a resume restores), the postures' options among them. */
  readonly recordedPosture: readonly string[];
}

/** The data a face needs about `kind` (flags, config keys, help text, detection, schemas): its definition's public part. */
export function agentInfo(kind: AgentKind): AgentInfo {
  const { id, displayName, executable, installHint, verifiedVersions, reasoningEfforts, postures, capabilities, resumePosture } = agentDefinition(kind);
  return { kind: id, displayName, executable, installHint, verifiedVersions, reasoningEfforts, postures, recordedPosture: resumePosture.fields, capabilities };
}

/** The agent's own argv (after its executable) for a person's interactive launch: no Elwood hooks or settings. */
export function agentInteractiveArgs(kind: AgentKind, launch: InteractiveLaunch): string[] {
  return agentDefinition(kind).interactiveArgs(launch);
}

/**
 * The environment a person's interactive launch of the stored session `elwoodSessionId` (in the store `stateDir`)
 * needs besides the user's own: where the agent keeps that session's conversation (Qwen: its private config home).
 * Empty for an agent that needs none; an invalid id rejects `invalid_argument`.
 */
export function agentInteractiveEnv(kind: AgentKind, session: { readonly stateDir: string; readonly elwoodSessionId: string }): Readonly<Record<string, string>> {
  const env = agentDefinition(kind).interactiveEnv;
  if (env === undefined) return {};
  const dir = sessionDirPath({ stateDir: session.stateDir, cwd: session.stateDir, elwoodSessionId: session.elwoodSessionId });
  if (dir instanceof ElwoodError) throw dir;
  return env(dir);
}

/** Every agent's data, in registry order. */
export function agentInfos(): readonly AgentInfo[] {
  return AGENT_KINDS.map(agentInfo);
}

/** The agent's name as people know it ("Claude Code", "Codex"). */
export function agentDisplayName(kind: AgentKind): string {
  return agentDefinition(kind).displayName;
}

/** Starts a session of the agent `kind` (`startClaude` / `startCodex` for the kind). */
export async function startAgentSession<K extends AgentKind>(kind: K, options: AgentTypesOf<K>["start"]): Promise<AgentTypesOf<K>["session"]> {
  return entry(kind).start(options);
}

/** Resumes a recorded session of the agent `kind` on its own conversation. */
export async function resumeAgentSession<K extends AgentKind>(kind: K, options: AgentTypesOf<K>["resume"]): Promise<AgentTypesOf<K>["session"]> {
  return entry(kind).resume(options);
}

/** Resumes when an id is given and resumable, else starts fresh; `resumed` says which. */
export async function startOrResumeAgentSession<K extends AgentKind>(
  kind: K,
  options: AgentTypesOf<K>["startOrResume"],
): Promise<StartOrResumeResult<AgentTypesOf<K>["session"]>> {
  return entry(kind).startOrResume(options);
}

/** The agent's own `/model` picker rows, read through a throwaway session. */
export async function listAgentModels(kind: AgentKind, options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  const listing = entry(kind);
  // Refused before anything starts: an agent whose picker Elwood does not drive has nothing to list.
  const refused = capabilityRefusal(kind, "models");
  if (refused !== undefined) throw refused;
  return listing.listModels(options);
}

/** The primary API (`send` / `stream`) for the agent `kind`, lazily started: a `ClaudeSession` or a `CodexSession`. */
export function agentConversation<K extends AgentKind>(kind: K, options?: AgentTypesOf<K>["conversationOptions"]): AgentTypesOf<K>["conversation"] {
  return entry(kind).conversation(options);
}
