// `elwood interactive [id]`: the agent's own TUI in the foreground with inherited stdio; nothing observed or recorded.

import { spawn } from "node:child_process";
import { constants } from "node:os";
import { resolve } from "node:path";
import { agentInfo, agentInteractiveArgs, agentInteractiveEnv, listSessions } from "../src/index.js";
import { posturesOf } from "./agent-postures.js";
import { CliError, EXIT, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { AgentName } from "./config-keys.js";
import { detectAgent, loginShell } from "./detect-agent.js";
import type { RunValues } from "./options.js";
import { postureValue, type RunSettings } from "./settings.js";

/** Options that mean nothing without Elwood observing the run. */
const REJECTED = ["stream", "verbose", "debug", "timeout", "persona", "image", "keep", "no-keep", "show-session-id", "ephemeral", "resume", "head"] as const;

/** POSIX single-quoting for the `exec …` line the login shell runs. */
function quote(word: string): string {
  return /^[A-Za-z0-9_/.,:+@=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface InteractiveLaunch {
  readonly agent: AgentName;
  readonly cwd: string;
  readonly args: readonly string[];
  /** Variables the agent needs for a stored session (Qwen's private config home), set on the `exec` line itself. */
  readonly env: Readonly<Record<string, string>>;
}

/** Validates the invocation and builds the agent's own argv (built-in headless posture defaults are not applied). */
export async function planInteractive(values: RunValues, positionals: readonly string[], settings: RunSettings, io: CliIo): Promise<InteractiveLaunch> {
  const rejected = REJECTED.find((name) => values[name] !== undefined);
  if (rejected) throw usageError(`elwood interactive does not take --${rejected}`);
  const format = values.output ?? values.format;
  if (format === "json" || format === "jsonl") throw usageError(`elwood interactive has no ${format} output: the agent's own TUI is the output`);
  if (positionals.length > 1) throw usageError("elwood interactive takes at most one session id");
  if (!io.stdin.isTTY || !io.stdout.isTTY) throw usageError("elwood interactive needs a terminal on stdin and stdout");
  const id = positionals[0];
  let agent: AgentName;
  let cwd: string;
  let conversation: string | undefined;
  let stored: Record<string, unknown> = {};
  if (id !== undefined) {
    if (values.cwd !== undefined) throw usageError("--cwd cannot be used with a session id: it runs in its stored workspace");
    const record = (await listSessions({ stateDir: settings.stateDir.value })).find((r) => r.elwoodSessionId === id);
    if (!record) throw new CliError("state_not_found", `no stored session '${id}' in ${settings.stateDir.value}`, EXIT.usage);
    if (settings.agent !== undefined && settings.agent.value !== record.adapter) {
      throw usageError(`session ${id} is a ${record.adapter} session, but ${settings.agent.source} selects ${settings.agent.value}`, "adapter_mismatch");
    }
    if (record.resume.conversationId === null) throw new CliError("resume_unavailable", `session ${id} never recorded the agent's own conversation id`, EXIT.usage);
    agent = record.adapter;
    cwd = record.cwd;
    conversation = record.resume.conversationId;
    stored = record.resume as unknown as Record<string, unknown>;
  } else {
    agent = settings.agent?.value ?? (await detectAgent(io.env));
    cwd = resolve(io.cwd, values.cwd ?? ".");
  }
  const model = settings.model(agent).value;
  const effort = settings.reasoningEffort(agent).value;
  const ht = settings.highTrust.value;
  // High trust stands for its own posture; else a setting, else the stored session's, else the agent's own default.
  const posture: Record<string, string | undefined> = {};
  for (const p of posturesOf(agent)) {
    posture[p.option] = ht ? p.highTrust : (postureValue(settings, agent, p.option).value ?? (stored[p.option] as string | null | undefined) ?? undefined);
  }
  const args = agentInteractiveArgs(agent, { cwd, model, effort, posture, conversation });
  const env = id === undefined ? {} : agentInteractiveEnv(agent, { stateDir: settings.stateDir.value, elwoodSessionId: id });
  return { agent, cwd, args, env };
}

/**
 * The line the login shell runs. A session's variables go through `env` on that line, after the shell's start-up
 * files ran (a profile exporting its own QWEN_HOME would otherwise point the agent away from the conversation).
 */
export function interactiveCommandLine(launch: InteractiveLaunch): string {
  const vars = Object.entries(launch.env).map(([name, value]) => `${name}=${value}`);
  return [...(vars.length === 0 ? ["exec"] : ["exec", "env", ...vars]), agentInfo(launch.agent).executable, ...launch.args].map(quote).join(" ");
}

/** Runs the agent through the login shell with this terminal; Ctrl+C belongs to the agent while it runs. */
export async function runInteractive(launch: InteractiveLaunch, io: CliIo): Promise<number> {
  const offInterrupt = io.onInterrupt(() => {});
  try {
    const line = interactiveCommandLine(launch);
    const child = spawn(loginShell(io.env), ["-l", "-i", "-c", line], { cwd: launch.cwd, stdio: "inherit", env: io.env as NodeJS.ProcessEnv });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done, fail) => {
      child.on("error", fail);
      child.on("exit", (c, s) => done([c, s]));
    });
    if (signal !== null) return 128 + (constants.signals[signal] ?? 0);
    // The shell's own "command not found".
    if (code === 127) throw new CliError(`${launch.agent}_not_found`, `${launch.agent} was not found in the login shell`, EXIT.failure);
    return code ?? EXIT.failure;
  } finally {
    offInterrupt();
  }
}
