// An in-memory CliIo for unit tests of the elwood command: scripted stdin, captured stdout/stderr, no signals.

import type { CliInput, CliIo, CliOutput } from "../../cli/cli-io.js";

export interface CapturedOutput extends CliOutput {
  readonly text: () => string;
}

export function capture(isTTY = false): CapturedOutput {
  let text = "";
  return {
    isTTY,
    write(chunk, callback) {
      text += chunk;
      callback?.();
      return true;
    },
    once: () => undefined,
    on: () => undefined,
    text: () => text,
  };
}

/**
 * Piped stdin with these chunks, a terminal (`tty`) that fails the test if anything reads it, or a pipe held open
 * that never sends nor ends (`silent`; `released` counts the reader letting it go).
 */
export function stdinOf(chunks: readonly string[] | "tty" | "silent"): CliInput & { reads: number; released: number } {
  const input = {
    reads: 0,
    released: 0,
    isTTY: chunks === "tty",
    [Symbol.asyncIterator](): AsyncIterator<Buffer> {
      input.reads += 1;
      if (chunks === "tty") throw new Error("terminal stdin was read");
      if (chunks === "silent") {
        return {
          next: () => new Promise<IteratorResult<Buffer>>(() => {}),
          return: async () => {
            input.released += 1;
            return { done: true, value: undefined };
          },
        };
      }
      const queue = chunks.map((c) => Buffer.from(c, "utf8"));
      return {
        next: async () => {
          const value = queue.shift();
          return value === undefined ? { done: true, value: undefined } : { done: false, value };
        },
      };
    },
  };
  return input;
}

export function fakeIo(options: { env?: Record<string, string>; cwd?: string; stdin?: readonly string[] | "tty" | "silent" } = {}) {
  const stdout = capture();
  const stderr = capture();
  const stdin = stdinOf(options.stdin ?? "tty");
  const io: CliIo = {
    env: { HOME: "/nonexistent-home", ELWOOD_CONFIG: "/nonexistent-home/config.json", ...(options.env ?? {}) },
    cwd: options.cwd ?? process.cwd(),
    stdin,
    stdout,
    stderr,
    onInterrupt: () => () => {},
  };
  return { io, stdout, stderr, stdin };
}
