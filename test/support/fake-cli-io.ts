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

/** Piped stdin with these chunks, or a terminal (`tty`) that fails the test if anything reads it. */
export function stdinOf(chunks: readonly string[] | "tty"): CliInput & { reads: number } {
  const input = {
    reads: 0,
    isTTY: chunks === "tty",
    async *[Symbol.asyncIterator]() {
      input.reads += 1;
      if (chunks === "tty") throw new Error("terminal stdin was read");
      for (const c of chunks) yield Buffer.from(c, "utf8");
    },
  };
  return input;
}

export function fakeIo(options: { env?: Record<string, string>; cwd?: string; stdin?: readonly string[] | "tty" } = {}) {
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
