// Runs the elwood command as a child process in a throwaway home whose login shell finds the simulated Claude as `claude` (and the simulated Codex as `codex` on request).

import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";
import { type SimScript, simAgentPath, simEnv } from "../sim/sim-control.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = join(ROOT, "node_modules/tsx/dist/esm/index.mjs");
/** The command from source, the way `npm run` would run it during development. */
export const ELWOOD_SOURCE = ["--import", TSX, join(ROOT, "cli/elwood.ts")];

export interface CliSandbox {
  readonly root: string;
  readonly home: string;
  /** The invocation directory (workspace). */
  readonly ws: string;
  readonly logFile: string;
  readonly stateDir: string;
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Pids of processes still running in the workspace (the agent and anything it started). */
  leftovers(): number[];
  cleanup(): void;
}

/**
 * A fresh HOME: with `agent`, its ~/.bash_profile puts a `claude` that is the simulated CLI on the login shell's
 * PATH (the account shell is what the command probes and launches through); without, no agent resolves. With `codex`,
 * a `codex` that is the simulated Codex (0.171.0 layout) is there too.
 */
export function cliSandbox(options: { readonly agent?: boolean; readonly codex?: boolean; readonly script?: SimScript } = {}): CliSandbox {
  const root = mkdtempSync(join(tmpdir(), "elwood-cli-"));
  const home = join(root, "home");
  const bin = join(root, "bin");
  const ws = join(root, "ws");
  for (const d of [home, bin, ws]) mkdirSync(d);
  if (options.agent !== false) {
    writeFileSync(join(bin, "claude"), `#!/bin/sh\nexec '${process.execPath}' '${simAgentPath}' "$@"\n`);
    chmodSync(join(bin, "claude"), 0o755);
    if (options.codex === true) {
      writeFileSync(join(bin, "codex"), `#!/bin/sh\nELWOOD_SIM_FLAVOUR=codex exec '${process.execPath}' '${simAgentPath}' "$@"\n`);
      chmodSync(join(bin, "codex"), 0o755);
    }
    writeFileSync(join(home, ".bash_profile"), `export PATH='${bin}':"$PATH"\n`);
  }
  const logFile = join(root, "sim.jsonl");
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ELWOOD_") && !k.startsWith("XDG_")));
  return {
    root,
    home,
    ws,
    logFile,
    stateDir: join(home, ".local/state/elwood"),
    env: (extra = {}) => ({ ...inherited, HOME: home, ...simEnv({ log: logFile, ...(options.script ? { script: options.script } : {}) }), ...extra }),
    leftovers: () =>
      readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readlinkSync(`/proc/${p}/cwd`) === ws;
          } catch {
            return false;
          }
        })
        .map(Number),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliChild {
  readonly done: Promise<CliRun>;
  readonly stdout: () => string;
  signal(name: NodeJS.Signals): void;
  /** The consumer goes away: the read end of the command's stdout is closed (its writes then fail with EPIPE). */
  closeStdout(): void;
}

export interface CliChildOptions {
  readonly stdin?: string;
  /** Stdin stays an open pipe that never sends (a parent holding it, as CI runners do) until the command ends. */
  readonly holdStdin?: boolean;
  readonly env?: Record<string, string>;
  readonly command?: readonly string[];
}

/** Starts the command; `stdin` is piped text, or undefined for an ignored (empty, non-terminal) stdin. */
export function startCli(sandbox: CliSandbox, args: readonly string[], options: CliChildOptions = {}): CliChild {
  const child = spawn(process.execPath, [...(options.command ?? ELWOOD_SOURCE), ...args], { cwd: sandbox.ws, env: sandbox.env(options.env), stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.stdin.on("error", () => undefined);
  if (options.holdStdin === true) child.on("exit", () => child.stdin.destroy());
  else child.stdin.end(options.stdin ?? "");
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { done, stdout: () => stdout, signal: (name) => child.kill(name), closeStdout: () => child.stdout.destroy() };
}

export function runCliChild(sandbox: CliSandbox, args: readonly string[], options: CliChildOptions = {}): Promise<CliRun> {
  return startCli(sandbox, args, options).done;
}

/** A test file's sandbox maker: every sandbox it makes is cleaned up after the test that made it. */
export function sandboxPerTest(): (options?: Parameters<typeof cliSandbox>[0]) => CliSandbox {
  const made: CliSandbox[] = [];
  afterEach(() => {
    for (const s of made.splice(0)) s.cleanup();
  });
  return (options = {}) => {
    const s = cliSandbox(options);
    made.push(s);
    return s;
  };
}
