// What the command touches of its process, passed in so unit tests can run it without spawning.

export interface CliInput extends AsyncIterable<Buffer | string> {
  readonly isTTY?: boolean;
}

export interface CliOutput {
  readonly isTTY?: boolean;
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  once(event: "drain" | "error", listener: (...args: unknown[]) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The invocation directory. */
  readonly cwd: string;
  readonly stdin: CliInput;
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** Subscribes to Ctrl+C (SIGINT) for the command's lifetime; returns the unsubscribe. */
  onInterrupt(listener: () => void): () => void;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterrupt(listener) {
      process.on("SIGINT", listener);
      return () => process.off("SIGINT", listener);
    },
  };
}
