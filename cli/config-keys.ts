// The documented config keys: each one's dotted name, its value check, and how `config set` reads a string into it.
// The per-agent keys (`<agent>.model`, `<agent>.reasoningEffort`, `<agent>.<posture option>`) come from the registry.

import { AGENT_KINDS, type AgentKind, agentInfos } from "../src/index.js";
import { posturesOf } from "./agent-postures.js";
import { parseDuration } from "./duration.js";

export type ConfigValue = string | boolean | number;

export interface ConfigKey {
  readonly key: string;
  /** Returns the problem with a decoded value, or undefined when it is valid. */
  check(value: unknown): string | undefined;
  /** `config set <key> <value>`: the string a person typed as the stored value. */
  fromText(text: string): ConfigValue;
}

const oneOf = (key: string, values: readonly string[]): ConfigKey => ({
  key,
  check: (v) => (typeof v === "string" && values.includes(v) ? undefined : `must be one of ${values.join(", ")}`),
  fromText: (t) => t,
});
const text = (key: string): ConfigKey => ({ key, check: (v) => (typeof v === "string" && v.trim() !== "" ? undefined : "must be a non-empty string"), fromText: (t) => t });
const flag = (key: string): ConfigKey => ({
  key,
  check: (v) => (typeof v === "boolean" ? undefined : "must be true or false"),
  fromText: (t) => (t === "true" ? true : t === "false" ? false : t),
});

/** The agents, in registry (detection) order. */
export const AGENTS: readonly AgentKind[] = AGENT_KINDS;
export type AgentName = AgentKind;
export const OUTPUTS = ["text", "json", "jsonl"] as const;

/** Each agent's own keys, agents in registry order: its model, its reasoning effort, then its posture options. */
const AGENT_KEYS: readonly ConfigKey[] = agentInfos().flatMap((info) => [
  text(`${info.kind}.model`),
  // An agent without efforts (Qwen Code) has no effort key.
  ...(info.reasoningEfforts.length === 0 ? [] : [oneOf(`${info.kind}.reasoningEffort`, info.reasoningEfforts)]),
  ...posturesOf(info.kind).map((p) => oneOf(p.config, p.values)),
]);

export const CONFIG_KEYS: readonly ConfigKey[] = [
  oneOf("agent", AGENTS),
  oneOf("output", OUTPUTS),
  {
    key: "timeout",
    check: (v) => (typeof v === "string" && parseDuration(v) !== undefined ? undefined : "must be a duration such as 90s, 5m or 1h"),
    fromText: (t) => t,
  },
  flag("trust"),
  flag("highTrust"),
  text("stateDir"),
  flag("verbose"),
  flag("stream"),
  text("persona"),
  ...AGENT_KEYS,
];

export function configKey(name: string): ConfigKey | undefined {
  return CONFIG_KEYS.find((k) => k.key === name);
}
