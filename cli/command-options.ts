// Which options a command takes, read from the option table's `for` (the same table its help is written from).

import { usageError } from "./cli-error.js";
import { type OptionCommand, RUN_OPTIONS, type RunValues } from "./options.js";

/** The first option given that the command does not take is a usage error (status 2) before anything runs. */
export function rejectForeignOptions(command: OptionCommand, values: RunValues): void {
  for (const [name, option] of Object.entries(RUN_OPTIONS)) {
    if (values[name] === undefined || (option.for as readonly string[]).includes(command)) continue;
    if (name === "older-than") throw usageError("--older-than belongs to 'elwood sessions prune'");
    throw usageError(`elwood ${command} does not take --${name}`);
  }
}
