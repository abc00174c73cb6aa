// Test support: runs an embedder program (test/support/crash-embedder.ts by default) as a separate process and SIGKILLs it.

import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export interface CrashEmbedder {
  readonly child: ChildProcess;
  /** The JSON line the embedder printed once its session was where the mode wants it. */
  readonly info: Record<string, string>;
  /** SIGKILLs the embedder and resolves once it is gone. */
  sigkill(): Promise<void>;
}

/** `script`: the embedder program, relative to the repository root (default: the simulated-CLI one). */
export async function startCrashEmbedder(args: readonly string[], script = "test/support/crash-embedder.ts"): Promise<CrashEmbedder> {
  // node --import tsx: one process, so the SIGKILL hits the embedder itself (the tsx CLI would wrap it in a child).
  const child = spawn(process.execPath, ["--import", "tsx", join(process.cwd(), script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`embedder exited early (${code})`)));
  });
  return {
    child,
    info: JSON.parse(line) as Record<string, string>,
    sigkill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
