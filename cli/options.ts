// The command's option table for node:util parseArgs — each entry also documents itself and names the commands that
// take it, so the help texts (help-text.ts) and the per-command check (command-options.ts) come from the same table.
// Everything per agent (the --agent choices, the efforts, the posture flags) is generated from the agent registry.

import { AGENT_KINDS, agentInfos } from "../src/index.js";
import { POSTURE_SETTINGS } from "./agent-postures.js";

export const COMMANDS = ["help", "run", "config", "resume", "interactive", "sessions", "models", "serve"] as const;
export type CommandName = (typeof COMMANDS)[number];

/** The commands an option belongs to (`run` covers `resume`; `config effective` takes every run option). */
export type OptionCommand = "run" | "interactive" | "sessions" | "models" | "serve";

/** parseArgs reads `type`, `short` and `multiple`; the rest is ours (parseArgs ignores it). */
export interface OptionDoc {
  /** The value's placeholder in help (`<path>`). */
  readonly arg?: string;
  readonly help: string;
  /** The left column in help when it is not just `--name <arg>` (a pair shown on one line). */
  readonly label?: string;
  /** Documented on another option's line (the `--no-x` of a pair, an alias): everywhere, or in these commands' help. */
  readonly hidden?: true | readonly OptionCommand[];
  readonly for: readonly OptionCommand[];
}

const ALL: readonly OptionCommand[] = ["run", "interactive", "sessions", "models", "serve"];
const LAUNCH: readonly OptionCommand[] = ["run", "interactive", "serve"];

type OptionSpec = OptionDoc & { readonly type: "string" | "boolean"; readonly short?: string; readonly multiple?: boolean };

/** Each agent's efforts, for --reasoning-effort's help ("claude: low|…; codex: none|…"). */
const EFFORTS_HELP = agentInfos()
  .map((info) => `${info.kind}: ${info.reasoningEfforts.join("|")}`)
  .join("; ");
/** What high trust stands for per agent ("claude bypassPermissions, codex danger-full-access + never"). */
const HIGH_TRUST_HELP = agentInfos()
  .map((info) => `${info.kind} ${info.postures.map((p) => p.highTrust).join(" + ")}`)
  .join(", ");

/** The options before the posture flags, in help order. */
const LEADING_OPTIONS = {
  agent: { type: "string", arg: `<${AGENT_KINDS.join("|")}>`, help: `default: first available of ${AGENT_KINDS.join(", ")} (auto-detected); with sessions: only that agent's`, for: ["run", "interactive", "models", "serve", "sessions"] },
  model: { type: "string", arg: "<id>", help: "the agent's model", for: LAUNCH },
  "reasoning-effort": { type: "string", arg: "<level>", help: EFFORTS_HELP, for: LAUNCH },
  persona: { type: "string", arg: "<prompt>", help: "a setup turn before the prompt (new sessions only; its reply is discarded)", for: ["run"] },
  cwd: { type: "string", short: "C", arg: "<path>", help: "workspace (default: current directory; not with a resume)", for: LAUNCH },
  image: { type: "string", multiple: true, arg: "<path>", help: "attach an image to the turn (repeatable, in order)", for: ["run"] },
  timeout: { type: "string", arg: "<duration>", help: "bound the whole run: <N>ms|s|m|h (default: none); exit 124", for: ["run", "models"] },
  trust: { type: "boolean", label: "--trust / --no-trust", help: "answer workspace trust prompts (default: trust)", for: ["run", "serve"] },
  "no-trust": { type: "boolean", help: "", hidden: true, for: ["run", "serve"] },
  "high-trust": { type: "boolean", label: "--high-trust / --no-high-trust", help: `never ask: ${HIGH_TRUST_HELP}`, for: LAUNCH },
  "no-high-trust": { type: "boolean", help: "", hidden: true, for: LAUNCH },
} as const satisfies Record<string, OptionSpec>;

/** A posture flag's value placeholder in help: `<mode>`, except where the help always showed a shorter one. */
const POSTURE_PLACEHOLDER: Readonly<Record<string, string>> = { approvalPolicy: "<p>" };

/** `--<agent>-<option>` per agent posture option, agents in registry order (their values and command default as help). */
const POSTURE_OPTIONS: Readonly<Record<string, OptionSpec>> = Object.fromEntries(
  POSTURE_SETTINGS.map((p) => [
    p.flag,
    { type: "string", arg: POSTURE_PLACEHOLDER[p.option] ?? "<mode>", help: `${p.values.join("|")} (default: ${p.commandDefault})`, for: LAUNCH },
  ]),
);

/** The options after the posture flags, in help order. */
const TRAILING_OPTIONS = {
  keep: { type: "boolean", help: "keep the session's state after the run (the default; elwood sessions rm deletes it)", for: ["run"] },
  "no-keep": { type: "boolean", label: "--no-keep, --ephemeral", help: "tear the session's state down after the run (nothing is kept)", for: ["run"] },
  ephemeral: { type: "boolean", help: "remove the sessions' stored state at shutdown (default: keep it resumable)", hidden: ["run"], for: ["run", "serve"] },
  resume: { type: "string", arg: "<id>", help: "continue a stored session in its own workspace", for: ["run"] },
  "show-session-id": { type: "boolean", help: "print the resumable session id on stderr (text output)", for: ["run"] },
  output: { type: "string", arg: "<text|json|jsonl>", help: "stdout format (default: text); --format is the same option", for: ["run", "interactive", "sessions", "models"] },
  format: { type: "string", help: "", hidden: true, for: ["run", "interactive", "sessions", "models"] },
  stream: { type: "boolean", label: "--stream / --no-stream", help: "write text as it arrives (text output only)", for: ["run"] },
  "no-stream": { type: "boolean", help: "", hidden: true, for: ["run"] },
  verbose: { type: "boolean", label: "--verbose / --no-verbose", help: "progress and warnings on stderr", for: ["run", "serve"] },
  "no-verbose": { type: "boolean", help: "", hidden: true, for: ["run", "serve"] },
  debug: { type: "boolean", help: "full event detail on stderr", for: ["run", "serve"] },
  head: {
    type: "boolean",
    help: "show the agent's TUI on stderr (a terminal) while it runs; view-only, Ctrl-C\ninterrupts; not with --stream, --verbose, --debug or jsonl (this run only)",
    for: ["run"],
  },
  "older-than": { type: "string", arg: "<age>", help: "sessions prune: sessions last used longer ago: <N>ms|s|m|h|d", for: ["sessions"] },
  "state-dir": { type: "string", arg: "<path>", help: "session state (default: $XDG_STATE_HOME/elwood or ~/.local/state/elwood)", for: ALL },
  "no-defaults": { type: "boolean", help: "ignore the config file and ELWOOD_* settings", for: ALL },
  help: { type: "boolean", short: "h", help: "this help", for: ALL },
  version: { type: "boolean", short: "V", help: "the version", for: ALL },
} as const satisfies Record<string, OptionSpec>;

type FixedOptions = typeof LEADING_OPTIONS & typeof TRAILING_OPTIONS;

/** Every option of a run (and, as a subset, of the other commands), in help order. `--no-*` forms reverse an inherited true. */
export const RUN_OPTIONS: FixedOptions & Readonly<Record<string, OptionSpec>> = { ...LEADING_OPTIONS, ...POSTURE_OPTIONS, ...TRAILING_OPTIONS };

/** An option's name; the generated posture flags are names too, known only at run time. */
export type RunOptionName = keyof FixedOptions | (string & {});
/** The parsed values: the fixed options typed by their table entry, the generated posture flags (strings) by name. */
export type RunValues = {
  -readonly [K in keyof FixedOptions]?: FixedOptions[K] extends { type: "string"; multiple: true } ? string[] : FixedOptions[K] extends { type: "string" } ? string : boolean;
} & { [postureFlag: string]: string | boolean | string[] | undefined };
