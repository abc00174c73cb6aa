// Starts the per-session supervisor (session-supervisor.sh): the OS-level guarantee that no process of a session
// outlives its embedder, or the hooks and tool groups its CLI left running outlive the CLI.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface SupervisorTarget {
  /** The CLI process (the PTY's child) and its process group. */
  readonly cliPid: number;
  readonly cliPgid: number;
  /** The environment tag every process of the session carries (ELWOOD_SESSION_ID=<id>). */
  readonly tagName: string;
  readonly tagValue: string;
}

export interface Supervisor {
  /** Ends the supervisor (the session closed through Elwood, which reaps on its own); idempotent. */
  stop(): void;
}

export function supervisorScriptPath(): string {
  return fileURLToPath(new URL("./session-supervisor.sh", import.meta.url));
}

/**
 * Spawns the supervisor detached with a minimal environment (no session tag, so its own scan never finds it) and
 * lets the embedder exit without waiting for it. A failure to start it is not fatal to the session.
 */
export function startSupervisor(target: SupervisorTarget): Supervisor {
  let child: ReturnType<typeof spawn> | undefined;
  try {
    child = spawn("/bin/sh", [supervisorScriptPath(), String(process.pid), String(target.cliPid), String(target.cliPgid), target.tagName, target.tagValue], {
      detached: true,
      stdio: "ignore",
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    child = undefined;
  }
  return {
    stop: () => {
      if (child?.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
