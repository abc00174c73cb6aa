// The run's --image flags, checked before anything is launched: each file as the attach would check it, named as typed.

import { resolve } from "node:path";
import { checkImages, isElwoodError } from "../src/index.js";
import { type CliError, usageError } from "./cli-error.js";
import type { AgentName } from "./config-keys.js";

/** The library names an image by its index ("image 0 is not a regular file"); the user typed a path. */
function asFlagError(typed: string | undefined, error: unknown): CliError {
  const code = isElwoodError(error) ? error.code : "invalid_image";
  const message = error instanceof Error ? error.message : String(error);
  if (typed === undefined) return usageError(`--image: ${message}`, code);
  const indexed = /^image \d+ (.*)$/s.exec(message);
  return usageError(indexed ? `--image ${typed} ${indexed[1]}` : `--image ${typed}: ${message}`, code);
}

/**
 * The images' absolute paths (resolved against the workspace), in flag order. Rejects with a usage error
 * (`invalid_image`, or `unsupported_platform` when the agent cannot attach images here) that starts and writes nothing.
 */
export async function checkImageFlags(agent: AgentName, typed: readonly string[], cwd: string): Promise<string[]> {
  const paths = typed.map((p) => resolve(cwd, p));
  // One at a time first, so a failure names the path the user typed.
  for (const [index, path] of paths.entries()) {
    await checkImages(agent, [{ path }]).catch((error: unknown) => {
      throw asFlagError(typed[index], error);
    });
  }
  // Then together: the count and the total size are limits on the whole set.
  if (paths.length > 1) {
    await checkImages(
      agent,
      paths.map((path) => ({ path })),
    ).catch((error: unknown) => {
      throw asFlagError(undefined, error);
    });
  }
  return paths;
}
