// Test support for claude-*/hooks-* integration tests: startClaude on the simulated Claude behind a logging wrapper,
// and running a generated hook command exactly as Claude does (`sh -c`, JSON on stdin, the agent's environment).

import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startClaude, type StartClaudeOptions } from "../../src/start-claude.js";
import type { ClaudeSessionFacade } from "../../src/claude-agent-session.js";
import { posixQuote } from "../../effects/hook-bridge/bridge-command.js";
import { readSimLog, simAgentPath, simEnv, type SimEnvOptions, type SimLogRecord } from "../sim/sim-control.js";
import { runChild } from "../support/run-child.js";

/**
 * dash as the login shell: this machine's ~/.bashrc runs `pyenv init`, whose rehash lock is left behind when a
 * login bash is killed mid-rehash and then stalls every later login bash for 60 s. dash skips ~/.bashrc.
 */
export const TEST_LOGIN_SHELL = "/bin/sh";

export interface WrapperOptions {
  /** Replaces the `--version` answer (default: the sim's own, which honours ELWOOD_SIM_VERSION). */
  readonly versionOutput?: string;
}

/**
 * An executable that records each `--version` probe, the launch argv and the Elwood variables of the agent
 * environment, then becomes the sim. Every wrapper path is new, so the once-per-process probe cache starts cold.
 */
export function writeSimWrapper(dir: string, opts: WrapperOptions = {}): string {
  const path = join(dir, "claude-wrapper.sh");
  const version = opts.versionOutput === undefined
    ? `exec ${posixQuote(process.execPath)} ${posixQuote(simAgentPath)} --version`
    : `printf '%s\\n' ${posixQuote(opts.versionOutput)}; exit 0`;
  const d = posixQuote(dir);
  writeFileSync(
    path,
    [
      "#!/bin/sh",
      `if [ "$1" = "--version" ]; then echo probe >> ${d}/probes; ${version}; fi`,
      `for a in "$@"; do printf '%s\\0' "$a"; done > ${d}/argv`,
      `env | grep -E '^ELWOOD_(HOOK_|SESSION_ID=)' > ${d}/agent-env`,
      `exec ${posixQuote(process.execPath)} ${posixQuote(simAgentPath)} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(path, 0o755);
  return path;
}

export interface ClaudeSim {
  readonly session: ClaudeSessionFacade;
  /** The session's cwd (a fresh temp directory). */
  readonly dir: string;
  readonly logFile: string;
  log(): SimLogRecord[];
  /** The launch argv the wrapper saw. */
  argv(): string[];
  /** `--version` probes this wrapper answered. */
  probes(): number;
  /** The generated `--settings` file path from the argv. */
  settingsPath(): string;
  /** Elwood's variables in the agent's environment (the session id; no hook socket or token). */
  agentEnv(): Record<string, string>;
  cleanup(): Promise<void>;
}

export interface ClaudeSimOptions extends Omit<SimEnvOptions, "log">, Omit<StartClaudeOptions, "cwd" | "executable" | "env"> {
  readonly wrapper?: WrapperOptions;
  /** Reuse a directory (and so its wrapper) instead of a fresh one. */
  readonly dir?: string;
  readonly env?: Readonly<Record<string, string>>;
}

export function simDir(prefix = "elwood-claude-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startClaudeSim(opts: ClaudeSimOptions = {}): Promise<ClaudeSim> {
  const { wrapper, dir: givenDir, script, version, trust, env, ...startOptions } = opts;
  const dir = givenDir ?? simDir();
  const logFile = join(dir, "sim.jsonl");
  const executable = existsSync(join(dir, "claude-wrapper.sh")) && givenDir !== undefined ? join(dir, "claude-wrapper.sh") : writeSimWrapper(dir, wrapper);
  const session = await startClaude({
    initialSize: { cols: 120, rows: 40 },
    shell: TEST_LOGIN_SHELL,
    ...startOptions,
    cwd: dir,
    executable,
    env: {
      ...simEnv({ log: logFile, ...(script ? { script } : {}), ...(version ? { version } : {}), ...(trust ? { trust } : {}) }),
      ...(env ?? {}),
    },
  });
  const argv = (): string[] => readFileSync(join(dir, "argv"), "utf8").split("\0").filter((a) => a !== "");
  return {
    // The facade behind the public type: tests read its frames and runtime.
    session: session as ClaudeSessionFacade,
    dir,
    logFile,
    log: () => readSimLog(logFile),
    argv,
    probes: () => (existsSync(join(dir, "probes")) ? readFileSync(join(dir, "probes"), "utf8").trim().split("\n").length : 0),
    settingsPath: () => {
      const a = argv();
      const at = a.indexOf("--settings");
      const path = a[at + 1];
      if (at < 0 || path === undefined) throw new Error(`no --settings in ${JSON.stringify(a)}`);
      return path;
    },
    agentEnv: () =>
      Object.fromEntries(
        readFileSync(join(dir, "agent-env"), "utf8")
          .split("\n")
          .filter((l) => l.includes("="))
          .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      ),
    cleanup: async () => {
      await session.teardown().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { eventually } from "../support/eventually.js";

export interface HookSettingsFile {
  readonly hooks: Record<
    string,
    Array<{ matcher: string; hooks: Array<{ type: string; command?: string; timeout: number; async?: boolean; url?: string; headers?: Record<string, string> }> }>
  >;
  readonly [key: string]: unknown;
}

export function readSettings(path: string): HookSettingsFile {
  return JSON.parse(readFileSync(path, "utf8")) as HookSettingsFile;
}

export interface HookRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one configured hook command the way Claude does: `sh -c <command>`, the payload JSON on stdin. */
export function runHookCommand(command: string, stdin: string | Buffer, env: Readonly<Record<string, string>>, cwd: string): Promise<HookRun> {
  return runChild("sh", ["-c", command], { cwd, env: { ...process.env, ...env, CLAUDE_PROJECT_DIR: cwd } }, stdin);
}

/**
 * Claude's HTTP hook: POST the input with the entry's literal headers; a 2xx body is the hook's output. A non-2xx is
 * a non-blocking error for Claude (the action goes on with no decision), so it reads as a fail-open run: exit 0, no
 * output, the status on stderr.
 */
export async function postHook(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<HookRun> {
  try {
    const res = await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
    const text = await res.text();
    return res.ok ? { code: 0, stdout: text, stderr: "" } : { code: 0, stdout: "", stderr: `HTTP ${res.status}` };
  } catch (e) {
    return { code: null, stdout: "", stderr: String(e) };
  }
}

/** The generated hook for `event` run as Claude runs it (a command with the agent environment, or an HTTP POST); awaited even when async. */
export async function fireHook(sim: ClaudeSim, event: string, payload: Readonly<Record<string, unknown>>): Promise<HookRun> {
  const settings = readSettings(sim.settingsPath());
  const hook = settings.hooks[event]?.[0]?.hooks[0];
  if (hook?.type === "http" && hook.url !== undefined) return postHook(hook.url, hook.headers ?? {}, JSON.stringify(payload));
  const command = hook?.command;
  if (command === undefined) throw new Error(`no hook command configured for ${event}`);
  return runHookCommand(command, JSON.stringify(payload), sim.agentEnv(), sim.dir);
}

/** The session's private bridge config file: the last (quoted) argument of every generated hook command (SessionStart is always one). */
export function bridgeConfigPath(sim: ClaudeSim): string {
  const command = readSettings(sim.settingsPath()).hooks["SessionStart"]?.[0]?.hooks[0]?.command ?? "";
  const last = /'([^']*)'$/.exec(command)?.[1];
  if (last === undefined || !last.endsWith(".json")) throw new Error(`no bridge config in ${command}`);
  return last;
}

/** The common envelope every Claude hook input carries. */
export function envelope(sim: ClaudeSim, event: string, extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    session_id: sim.session.claudeSessionId ?? "sim-session",
    transcript_path: join(sim.dir, "transcript.jsonl"),
    cwd: sim.dir,
    hook_event_name: event,
    ...extra,
  };
}
