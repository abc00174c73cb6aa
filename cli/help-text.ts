// The help texts (printed without reading stdin or config, and without launching anything): the usage lines are
// written here, every option line is generated from the option tables the parser reads (options.ts, serve-options.ts).

import { AGENT_KINDS, agentInfos } from "../src/index.js";
import { CONFIG_KEYS } from "./config-keys.js";
import { type OptionCommand, type OptionDoc, RUN_OPTIONS } from "./options.js";
import { SERVE_OPTIONS } from "./serve/serve-options.js";
import { orList } from "./word-list.js";

type Table = Readonly<Record<string, OptionDoc & { readonly short?: string }>>;

const COLUMN = 32;

/** One option's help line(s): `  <left column><help>`, continuation lines under the help. */
function optionLine(name: string, o: OptionDoc & { readonly short?: string }): string {
  const left = o.label ?? `${o.short === undefined ? "" : `-${o.short}, `}--${name}${o.arg === undefined ? "" : ` ${o.arg}`}`;
  const [first, ...more] = o.help.split("\n");
  const pad = left.length >= COLUMN ? `${left} ` : left.padEnd(COLUMN);
  return [`  ${pad}${first}`, ...more.map((line) => `${" ".repeat(COLUMN + 2)}${line}`)].join("\n");
}

/** The lines of every option of `table` that `command` takes and that has a line of its own there. */
export function optionLines(table: Table, command: OptionCommand): string {
  return Object.entries(table)
    .filter(([, o]) => o.for.includes(command) && o.hidden !== true && !(o.hidden ?? []).includes(command))
    .map(([name, o]) => optionLine(name, o))
    .join("\n");
}

/** The agents as `--agent` takes them ("claude|codex"). */
const AGENT_CHOICES = AGENT_KINDS.join("|");
/** The agent the usage example names: the last one, which auto-detection would not pick when the first is installed. */
const EXAMPLE_AGENT = AGENT_KINDS.at(-1) ?? "";

const EXIT_STATUS = "exit status: 0 success, 1 agent or runtime failure, 2 usage or config error, 124 timeout, 130 interrupted.\n";
const SERVE_NOTE = `  With --agent, the server starts one default session that agentapi's routes (/status, /messages, /message,
  /events, /upload) serve. It prints one JSON line {type:"listening",url,port,token?} and runs until SIGTERM/SIGINT.`;
export const HELP = `usage: elwood [options] [prompt...]        one turn with ${orList(agentInfos().map((info) => info.displayName))}, in its real interactive TUI
       elwood run [options] [prompt...]    the same, as an explicit run (needs prompt words or piped stdin)
       elwood resume <id> [options] [prompt...]   continue a stored session (= run --resume <id>)
       elwood interactive [id] [options]   the agent's own TUI in this terminal (nothing recorded); [id] resumes it
       elwood sessions [rm <id> | prune --older-than <age>] [--state-dir <path>] [--output text|json]
       elwood models [options] [--output text|json]   starts each agent briefly to list its models
       elwood serve [--agent ${AGENT_CHOICES}] [--port N] [--host H] [server options]   sessions over HTTP + SSE
       elwood config path|show|effective|get <key>|set <key> <value>|unset <key>
       elwood help | --help | --version

Piped stdin is appended to the prompt words after a blank line, or is the prompt without words (8 MiB at most);
stdin that neither sends nor ends within 3 s is not waited for. A command may follow options: elwood --agent ${EXAMPLE_AGENT} sessions.

options:
${optionLines(RUN_OPTIONS, "run")}

serve options (elwood serve --help for all it takes):
${optionLines(SERVE_OPTIONS, "serve")}
${optionLine("ephemeral", RUN_OPTIONS.ephemeral)}
${SERVE_NOTE}

${EXIT_STATUS}`;

const USAGE: Readonly<Record<Exclude<OptionCommand, "run"> | "resume", string>> = {
  resume: "usage: elwood resume <id> [options] [prompt...]   continue a stored session in its own workspace (= elwood run --resume <id>)\n",
  interactive: "usage: elwood interactive [id] [options]   the agent's own TUI in this terminal (nothing recorded); [id] resumes it\n",
  sessions: `usage: elwood sessions [options]                        the kept sessions, newest first
       elwood sessions rm <id> [options]               delete one kept session's Elwood state (never the agent's own files)
       elwood sessions prune --older-than <age> [options]   delete every kept session last used longer ago
A live session is never deleted (session_in_use); an unknown id is state_not_found. Runs keep their session unless --no-keep.
`,
  models: `usage: elwood models [options]   starts each agent briefly (${AGENT_KINDS.join(" then ")}, or --agent's) and lists its /model rows\n`,
  serve: `usage: elwood serve [--agent ${AGENT_CHOICES}] [--port N] [--host H] [options]   sessions over HTTP + SSE\n`,
};

/** `elwood <command> --help` (and `elwood help <command>`): that command's usage and exactly the options it takes. */
export function commandHelp(command: keyof typeof USAGE): string {
  const takes: OptionCommand = command === "resume" ? "run" : command;
  const own = command === "serve" ? `${optionLines(SERVE_OPTIONS, "serve")}\n` : "";
  const note = command === "serve" ? `${SERVE_NOTE}\n` : "";
  return `${USAGE[command]}\noptions:\n${own}${optionLines(RUN_OPTIONS, takes)}\n${note}\n${EXIT_STATUS}`;
}

export function isHelpTopic(word: string | undefined): word is keyof typeof USAGE {
  return word !== undefined && Object.hasOwn(USAGE, word);
}

export const CONFIG_HELP = `usage: elwood config path                 where the config file is ($ELWOOD_CONFIG, $XDG_CONFIG_HOME/elwood/config.json, ~/.config/elwood/config.json)
       elwood config show                 the saved document
       elwood config effective [run options]   the resolved settings and their sources (launches nothing)
       elwood config get <key>
       elwood config set <key> <value>
       elwood config unset <key>
       elwood config -h | --help | help

keys: ${configKeyLines()}
`;

/** The documented keys: the common ones on the first line, then one line per agent (its `<agent>.*` keys). */
function configKeyLines(): string {
  const names = CONFIG_KEYS.map((k) => k.key);
  const common = names.filter((name) => !name.includes("."));
  const perAgent = AGENT_KINDS.map((kind) => names.filter((name) => name.startsWith(`${kind}.`)));
  return [common, ...perAgent].map((line) => line.join(", ")).join(",\n      ");
}
