// Command-line parsing shared by `elwood-inspect` and the demo: Node's parseArgs, usage on error, --help, --agent.

import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export type CliArgs<O extends Options> = ReturnType<typeof parseArgs<{ options: O }>>["values"] & { readonly agent: "claude" | "codex" };

/** The parsed options, or the exit code to stop with (0 after --help, 2 after a usage error, printed). */
export function parseCli<O extends Options>(usage: string, options: O): CliArgs<O> | number {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      options: { ...options, agent: { type: "string", default: "claude" }, help: { type: "boolean", short: "h", default: false } },
    }).values;
  } catch (error) {
    console.error(`${String((error as Error).message)}\n\n${usage}`);
    return 2;
  }
  if (values["help"] === true) {
    console.log(usage);
    return 0;
  }
  if (values["agent"] !== "claude" && values["agent"] !== "codex") {
    console.error(`--agent must be claude or codex\n\n${usage}`);
    return 2;
  }
  return values as CliArgs<O>;
}
