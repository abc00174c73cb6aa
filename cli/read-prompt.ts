// The turn's input: positional words, then non-empty piped stdin after one blank line, capped at 8 MiB of UTF-8.

import { usageError } from "./cli-error.js";
import type { CliInput } from "./cli-io.js";

export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

const tooLarge = () => usageError(`the prompt is larger than ${MAX_INPUT_BYTES} bytes (8 MiB) of UTF-8`, "input_too_large");

/** Reads piped stdin, stopping as soon as the combined input passes the cap (before any session exists). */
async function readPiped(stdin: CliInput, budget: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    size += buffer.length;
    if (size > budget) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Terminal stdin is never read. `required` (an explicit run) makes missing or blank input a usage error. */
export async function readPrompt(words: readonly string[], stdin: CliInput): Promise<string> {
  const positional = words.join(" ");
  const positionalBytes = Buffer.byteLength(positional, "utf8");
  if (positionalBytes > MAX_INPUT_BYTES) throw tooLarge();
  // The separator's two bytes count toward the cap too.
  const piped = stdin.isTTY ? "" : await readPiped(stdin, MAX_INPUT_BYTES - positionalBytes - (positional === "" ? 0 : 2));
  const prompt = positional !== "" && piped.trim() !== "" ? `${positional}\n\n${piped}` : positional !== "" ? positional : piped;
  if (prompt.trim() === "") throw usageError("no prompt: give prompt words or pipe text on stdin (elwood run \"...\")", "empty_prompt");
  return prompt;
}
