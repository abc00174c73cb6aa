// The documented config keys: each one's dotted name, its value check, and how `config set` reads a string into it.

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

export const AGENTS = ["claude", "codex"] as const;
export type AgentName = (typeof AGENTS)[number];
export const OUTPUTS = ["text", "json", "jsonl"] as const;
export const CLAUDE_EFFORTS = ["low", "medium", "high", "xhigh", "max"] as const;
export const CODEX_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export const CLAUDE_PERMISSION_MODES = ["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"] as const;
export const CODEX_SANDBOXES = ["read-only", "workspace-write", "danger-full-access"] as const;
export const CODEX_APPROVAL_POLICIES = ["untrusted", "on-request", "never"] as const;

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
  text("claude.model"),
  oneOf("claude.reasoningEffort", CLAUDE_EFFORTS),
  oneOf("claude.permissionMode", CLAUDE_PERMISSION_MODES),
  text("codex.model"),
  oneOf("codex.reasoningEffort", CODEX_EFFORTS),
  oneOf("codex.sandbox", CODEX_SANDBOXES),
  oneOf("codex.approvalPolicy", CODEX_APPROVAL_POLICIES),
];

export function configKey(name: string): ConfigKey | undefined {
  return CONFIG_KEYS.find((k) => k.key === name);
}
