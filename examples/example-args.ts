// The command line every example shares: which CLI, where, which executable, and the prompt.

import { resolve } from "node:path";
import { parseArgs } from "node:util";

export interface ExampleArgs {
  readonly agent: "claude" | "codex";
  readonly cwd: string;
  /** Spread into the session options: empty means the CLI as your login shell finds it. */
  readonly executable: { readonly executable?: string };
  readonly prompt: string;
}

/** Parses `[--agent claude|codex] [--cwd DIR] [--executable FILE] [prompt…]`; a usage error exits 2 with the usage. */
export function exampleArgs(usage: string, defaultPrompt: string): ExampleArgs {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { agent: { type: "string", default: "claude" }, cwd: { type: "string", default: "." }, executable: { type: "string" } },
    });
    if (values.agent !== "claude" && values.agent !== "codex") throw new Error("--agent must be claude or codex");
    return {
      agent: values.agent,
      cwd: resolve(values.cwd),
      executable: values.executable === undefined ? {} : { executable: values.executable },
      prompt: positionals.length > 0 ? positionals.join(" ") : defaultPrompt,
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
}
