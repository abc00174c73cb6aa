// The turn's input: positional words, then non-empty piped stdin after one blank line, capped at 8 MiB of UTF-8.

import { usageError } from "./cli-error.js";
import type { CliInput } from "./cli-io.js";

export const MAX_INPUT_BYTES = 8 * 1024 * 1024;
/**
 * How long non-terminal stdin may stay silent before the command stops waiting for it. A parent that holds stdin
 * open and never writes (CI runners, supervisors) would otherwise keep the command waiting forever, silently.
 */
export const STDIN_WAIT_MS = 3_000;

const tooLarge = () => usageError(`the prompt is larger than ${MAX_INPUT_BYTES} bytes (8 MiB) of UTF-8`, "input_too_large");

export interface ReadPromptOptions {
  /** The bound on stdin's first chunk or end; tests shorten it. */
  readonly waitMs?: number;
  /** Tells the user (on stderr) that stdin was given up on. */
  readonly notice?: (line: string) => Promise<void>;
}

const SILENT = Symbol("silent");

/**
 * Reads piped stdin, stopping as soon as the combined input passes the cap (before any session exists). SILENT when
 * neither data nor the end arrived within `waitMs`: the stream is then released unread.
 */
async function readPiped(stdin: CliInput, budget: number, waitMs: number): Promise<string | typeof SILENT> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stdin[Symbol.asyncIterator]();
  const firstRead = iterator.next();
  // Settled or not, the first read must never surface later as an unhandled rejection.
  firstRead.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<typeof SILENT>((resolve) => (timer = setTimeout(() => resolve(SILENT), waitMs)));
  const first = await Promise.race([firstRead, silence]).finally(() => clearTimeout(timer));
  if (first === SILENT) {
    // Ends the read in flight (a Node stream is destroyed), so nothing holds the pipe for the rest of the run.
    iterator.return?.()?.catch(() => {});
    return SILENT;
  }
  let next = first;
  while (next.done !== true) {
    const chunk = next.value;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    size += buffer.length;
    if (size > budget) {
      iterator.return?.()?.catch(() => {});
      throw tooLarge();
    }
    chunks.push(buffer);
    next = await iterator.next();
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Terminal stdin is never read; other stdin is read when it sends data or ends within the wait. Missing or blank
 * input is a usage error.
 */
export async function readPrompt(words: readonly string[], stdin: CliInput, options: ReadPromptOptions = {}): Promise<string> {
  const waitMs = options.waitMs ?? STDIN_WAIT_MS;
  const positional = words.join(" ");
  const positionalBytes = Buffer.byteLength(positional, "utf8");
  if (positionalBytes > MAX_INPUT_BYTES) throw tooLarge();
  // The separator's two bytes count toward the cap too.
  const read = stdin.isTTY ? "" : await readPiped(stdin, MAX_INPUT_BYTES - positionalBytes - (positional === "" ? 0 : 2), waitMs);
  const seconds = `${waitMs / 1000} s`;
  if (read === SILENT && positional === "") {
    throw usageError(`no prompt: no prompt words, and stdin sent nothing within ${seconds} (give prompt words or pipe text on stdin; elwood --help)`, "empty_prompt");
  }
  if (read === SILENT) await options.notice?.(`stdin sent nothing within ${seconds}; running with the prompt words only (use </dev/null to skip this wait)`);
  const piped = read === SILENT ? "" : read;
  const prompt = positional !== "" && piped.trim() !== "" ? `${positional}\n\n${piped}` : positional !== "" ? positional : piped;
  if (prompt.trim() === "") throw usageError("no prompt: give prompt words or pipe text on stdin (elwood run \"...\"; elwood --help)", "empty_prompt");
  return prompt;
}
