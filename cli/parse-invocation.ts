// Turns argv into a command, its option values and its prompt words with node:util parseArgs (no tokenizer of our own).

import { parseArgs } from "node:util";
import { usageError } from "./cli-error.js";
import { nearestOption } from "./nearest-option.js";
import { COMMANDS, type CommandName, RUN_OPTIONS, type RunValues } from "./options.js";
import { SERVE_OPTIONS } from "./serve/serve-options.js";

export interface Invocation {
  /** `run` also for the bare `elwood [options] [prompt...]` form; `resume <id>` is rewritten to `run --resume <id>`. */
  readonly command: CommandName;
  readonly values: RunValues;
  readonly positionals: readonly string[];
  /** True when argv was empty: top-level help at a terminal (stdin untouched), else a run with stdin as the prompt. */
  readonly bare: boolean;
  /** True when the words came from `elwood resume <id>`. */
  readonly viaResume: boolean;
}

function isCommand(word: string | undefined): word is CommandName {
  return word !== undefined && (COMMANDS as readonly string[]).includes(word);
}

/** parseArgs' own error names the token; we add the nearest documented option when one is unambiguous. */
function describeParseError(error: unknown, optionNames: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const token = /'([^']+)'/.exec(message)?.[1] ?? "";
    const hint = token.startsWith("--") ? nearestOption(token, optionNames) : undefined;
    return `unknown option '${token}'${hint === undefined ? "" : ` (did you mean --${hint}?)`}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return message.replace(/^Option /, "option ").replace(/\.$/, "");
  return message;
}

/**
 * Where the command word is: the first word that is neither an option nor an option's value, before any `--`, so
 * `elwood --agent claude sessions` is `elwood sessions --agent claude`. -1 when the first such word is a prompt word.
 */
function commandIndex(argv: readonly string[]): number {
  if (isCommand(argv[0])) return 0;
  let tokens: ReturnType<typeof parseArgs>["tokens"];
  try {
    // Every option any command takes, so a value is never mistaken for a word; the chosen command's table checks later.
    tokens = parseArgs({ args: [...argv], options: { ...RUN_OPTIONS, ...SERVE_OPTIONS }, strict: true, allowPositionals: true, tokens: true }).tokens;
  } catch {
    return -1;
  }
  const first = tokens.find((t) => t.kind === "positional" || t.kind === "option-terminator");
  return first?.kind === "positional" && isCommand(first.value) ? first.index : -1;
}

export function parseInvocation(argv: readonly string[]): Invocation {
  const at = commandIndex(argv);
  const command: CommandName = at === -1 ? "run" : (argv[at] as CommandName);
  const rest = at === -1 ? argv : [...argv.slice(0, at), ...argv.slice(at + 1)];
  // `serve` takes its own server options besides the run options it shares.
  const options = command === "serve" ? { ...RUN_OPTIONS, ...SERVE_OPTIONS } : RUN_OPTIONS;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw usageError(describeParseError(error, Object.keys(options)));
  }
  const values = parsed.values as RunValues;
  if (command !== "resume") return { command, values, positionals: parsed.positionals, bare: argv.length === 0, viaResume: false };
  // `elwood resume <id> …` is exactly `elwood run --resume <id> …`.
  if (values.help) return { command: "help", values, positionals: [], bare: false, viaResume: true };
  if (values.resume !== undefined) throw usageError("'elwood resume <id>' and --resume cannot be used together");
  const [id, ...words] = parsed.positionals;
  if (id === undefined) throw usageError("'elwood resume' needs a session id: elwood resume <id> [prompt...]");
  return { command: "run", values: { ...values, resume: id }, positionals: words, bare: false, viaResume: true };
}
