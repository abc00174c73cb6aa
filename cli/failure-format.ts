// Which machine format a failure's error document is written in, even when argv or the settings did not parse.

import type { Invocation } from "./parse-invocation.js";
import type { OutputFormat, RunSettings } from "./settings.js";

/** The last `--output`/`--format` value in argv (`--x v` or `--x=v`), read leniently: argv may be what failed to parse. */
function outputInArgv(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] as string;
    if (word === "--") break;
    const eq = /^--(?:output|format)=(.*)$/.exec(word);
    if (eq) found = eq[1];
    else if (word === "--output" || word === "--format") found = argv[i + 1];
  }
  return found;
}

/**
 * The format a failure is reported in: resolved settings when they resolved, else the flags, else ELWOOD_OUTPUT
 * (unless --no-defaults). json or jsonl get the error document on stdout; every failure also gets one stderr line.
 */
export function failureFormat(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, invocation: Invocation | undefined, settings: RunSettings | undefined): OutputFormat {
  const fromEnv = argv.includes("--no-defaults") ? undefined : env["ELWOOD_OUTPUT"];
  const chosen = settings?.output.value ?? invocation?.values.output ?? invocation?.values.format ?? outputInArgv(argv) ?? fromEnv;
  return chosen === "json" || chosen === "jsonl" ? chosen : "text";
}
