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

/** What an agent's registry entry may declare about its own error codes' details, by category. */
export interface AgentKindEntry {
  readonly errorDetails?: object;
}
