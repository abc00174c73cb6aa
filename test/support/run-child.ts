// Runs a child process with its stdin given in full and collects its exit code and output (hook commands, the bridge).
import { spawn, type SpawnOptions } from "node:child_process";

export interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns `command args`, writes `stdin` and ends it, and resolves on close; rejects only if the spawn fails. */
export function runChild(command: string, args: readonly string[], options: SpawnOptions, stdin: string | Buffer): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A hook client may stop reading early (an oversized body): a broken pipe here is expected, not a failure.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(stdin);
  });
}
