// Command-line parsing shared by `elwood-inspect` and the demo: Node's parseArgs, usage on error, --help, --agent.

import { parseArgs, type ParseArgsConfig } from "node:util";
import { AGENT_KINDS } from "../src/agent-registry.js";
import type { AgentKind } from "../src/contracts/agent-kinds.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export type CliArgs<O extends Options> = ReturnType<typeof parseArgs<{ options: O }>>["values"] & { readonly agent: AgentKind };

/** Without --agent: the first agent detection tries (registry order). */
const DEFAULT_AGENT = AGENT_KINDS[0];

/** The parsed options, or the exit code to stop with (0 after --help, 2 after a usage error, printed). */
export function parseCli<O extends Options>(usage: string, options: O): CliArgs<O> | number {
  let values: Record<string, unknown>;
  try {
    const agent = { type: "string", ...(DEFAULT_AGENT === undefined ? {} : { default: DEFAULT_AGENT }) } as const;
    values = parseArgs({ options: { ...options, agent, help: { type: "boolean", short: "h", default: false } } }).values;
  } catch (error) {
    console.error(`${String((error as Error).message)}\n\n${usage}`);
    return 2;
  }
  if (values["help"] === true) {
    console.log(usage);
    return 0;
  }
  if (!(AGENT_KINDS as readonly unknown[]).includes(values["agent"])) {
    console.error(`--agent must be ${orList(AGENT_KINDS)}\n\n${usage}`);
    return 2;
  }
  return values as CliArgs<O>;
}

/** "a or b", "a, b or c". */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}
