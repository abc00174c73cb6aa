// The command's option table for node:util parseArgs, and the reserved first-position command words.

export const COMMANDS = ["help", "run", "config", "resume", "interactive", "sessions", "models", "serve"] as const;
export type CommandName = (typeof COMMANDS)[number];

/** Every option of a run (and, as a subset, of the other commands). `--no-*` forms reverse an inherited true. */
export const RUN_OPTIONS = {
  agent: { type: "string" },
  model: { type: "string" },
  "reasoning-effort": { type: "string" },
  persona: { type: "string" },
  cwd: { type: "string", short: "C" },
  image: { type: "string", multiple: true },
  timeout: { type: "string" },
  trust: { type: "boolean" },
  "no-trust": { type: "boolean" },
  "no-defaults": { type: "boolean" },
  keep: { type: "boolean" },
  "no-keep": { type: "boolean" },
  ephemeral: { type: "boolean" },
  resume: { type: "string" },
  "show-session-id": { type: "boolean" },
  output: { type: "string" },
  format: { type: "string" },
  stream: { type: "boolean" },
  "no-stream": { type: "boolean" },
  verbose: { type: "boolean" },
  "no-verbose": { type: "boolean" },
  debug: { type: "boolean" },
  head: { type: "boolean" },
  "state-dir": { type: "string" },
  "older-than": { type: "string" },
  "high-trust": { type: "boolean" },
  "no-high-trust": { type: "boolean" },
  "claude-permission-mode": { type: "string" },
  "codex-sandbox": { type: "string" },
  "codex-approval-policy": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

export type RunOptionName = keyof typeof RUN_OPTIONS;
export type RunValues = {
  -readonly [K in RunOptionName]?: (typeof RUN_OPTIONS)[K] extends { type: "string"; multiple: true } ? string[] : (typeof RUN_OPTIONS)[K] extends { type: "string" } ? string : boolean;
};
