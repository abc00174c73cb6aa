// The agent kinds Elwood drives: each adapters/<cli>/ folder adds its own entry by declaration merging, so a new agent
// widens AgentKind (and its `<agent>_<category>` error codes) without an edit here.

/**
 * One entry per agent, added by its folder (`declare module … { interface AgentKindRegistry { qwen: {…} } }`). An
 * entry may narrow the details of its own error codes by category (`errorDetails`); the others keep the common shape.
 * Agent ids are lowercase words without `_`, so `<agent>_<category>` reads back unambiguously.
 */
export interface AgentKindRegistry {}

/** The id of an agent Elwood drives (`"claude"`, `"codex"` …): the keys of the registry. */
export type AgentKind = Extract<keyof AgentKindRegistry, string>;

/** What an agent's registry entry may declare: its own error codes' details by category, its record's resume posture. */
export interface AgentKindEntry {
  readonly errorDetails?: object;
  /** The launch posture its session record keeps for a resume, field by field (`AgentResumePostureOf`). */
  readonly resumePosture?: AgentResumePostureShape;
}

/** One recorded posture field's value: a word, a list of words, or null (the caller chose nothing). */
export type ResumePostureValue = string | readonly string[] | null;

/** Any agent's recorded posture: its fields are its definition's `resumePosture.fields`. */
export type AgentResumePostureShape = { readonly [field: string]: ResumePostureValue };

/** The posture `kind`'s record keeps: its registry entry's own shape where it declares one, else any posture. */
export type AgentResumePostureOf<K extends AgentKind> = AgentKindRegistry[K] extends { readonly resumePosture: infer P extends AgentResumePostureShape }
  ? P
  : AgentResumePostureShape;

/** The hook event names of agent `K`, as its registry entry declares them (`hookEventName`); `string` where none. */
export type AgentHookEventName<K extends AgentKind = AgentKind> = K extends AgentKind
  ? AgentKindRegistry[K] extends { readonly hookEventName: infer H extends string }
    ? H
    : string
  : never;

/** The hook names every registered agent sends (the intersection of their lists). */
export type CommonAgentHookEventName = { readonly [K in AgentKind]: (name: AgentHookEventName<K>) => void }[AgentKind] extends (name: infer I) => void
  ? Extract<I, string>
  : never;

/**
 * The agents' own live transcript events: `<agent>:transcript` with the summary type an agent's registry entry
 * declares (`transcriptSummary`), for the agents that emit one.
 */
export type AgentTranscriptEventMap = {
  readonly [K in AgentKind as AgentKindRegistry[K] extends { readonly transcriptSummary: unknown } ? `${K}:transcript` : never]: AgentKindRegistry[K] extends {
    readonly transcriptSummary: infer T;
  }
    ? T
    : never;
};
