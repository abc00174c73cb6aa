// Auto-detection: asks the user's login shell for every agent's executable at once (none is run); the first agent in
// detection order that resolves wins (Claude Code before Codex).

import { spawn } from "node:child_process";
import { userInfo } from "node:os";
import { AGENT_KINDS, agentInfo, agentInfos } from "../src/index.js";
import { CliError, EXIT } from "./cli-error.js";
import type { AgentName } from "./config-keys.js";
import { noneOf } from "./word-list.js";

/** A login shell that never answers is a failed probe, not a missing agent. */
const PROBE_TIMEOUT_MS = 30_000;

type ProbeOutcome = { readonly found: boolean } | { readonly failed: string };

/** The account's login shell, the one the library launches the agent through. */
export function loginShell(env: Readonly<Record<string, string | undefined>>): string {
  try {
    const shell = userInfo().shell;
    if (shell) return shell;
  } catch {
    /* no passwd entry: fall through */
  }
  return env["SHELL"] || "/bin/sh";
}

function probe(shell: string, name: string, env: Readonly<Record<string, string | undefined>>, timeoutMs: number): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    // Detached: its own session and process group, so an interactive shell takes no part in our terminal's job
    // control (no SIGTTOU), and a probe that hangs can be ended with everything its profile started.
    const child = spawn(shell, ["-l", "-i", "-c", `command -v ${name}`], { detached: true, stdio: ["ignore", "pipe", "ignore"], env: env as NodeJS.ProcessEnv });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    const timer = setTimeout(() => {
      // The whole group: a profile's stuck program would otherwise outlive the shell and hold our stdout pipe open.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      // Nothing of the probe may keep the command alive: a grandchild outside the group could still hold the pipe.
      child.stdout.destroy();
      child.unref();
      resolve({ failed: `timed out after ${timeoutMs / 1000}s` });
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ failed: error.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      // Profiles may print; the answer is a line naming an absolute path (or an alias/function name).
      resolve({ found: code === 0 && out.split("\n").some((l) => l.trim() !== "") });
    });
  });
}

/** Whether the agent's executable resolves in the login shell (as the library will launch it); undefined when the probe itself failed. */
export async function agentResolves(agent: AgentName, env: Readonly<Record<string, string | undefined>>, probeTimeoutMs = PROBE_TIMEOUT_MS): Promise<boolean | undefined> {
  const outcome = await probe(loginShell(env), agentInfo(agent).executable, env, probeTimeoutMs);
  return "found" in outcome ? outcome.found : undefined;
}

/** The install hints as one clause: a command they all start with is said once ("npm install -g a or b"). */
function installHints(hints: readonly string[]): string {
  const split = hints.map((h) => h.split(" "));
  const first = split[0] ?? [];
  let shared = 0;
  // The package (last word) is never part of the shared command.
  while (shared < first.length - 1 && split.every((words) => words.length - 1 > shared && words[shared] === first[shared])) shared += 1;
  const head = first.slice(0, shared).join(" ");
  const rests = split.map((words) => words.slice(shared).join(" ")).join(" or ");
  return shared === 0 ? rests : `${head} ${rests}`;
}

/** `probeTimeoutMs` bounds each probe (tests shorten it). */
export async function detectAgent(env: Readonly<Record<string, string | undefined>>, probeTimeoutMs = PROBE_TIMEOUT_MS): Promise<AgentName> {
  const shell = loginShell(env);
  const agents = agentInfos();
  const outcomes = await Promise.all(agents.map((info) => probe(shell, info.executable, env, probeTimeoutMs)));
  const found = agents.find((_, i) => {
    const outcome = outcomes[i];
    return outcome !== undefined && "found" in outcome && outcome.found;
  });
  if (found !== undefined) return found.kind;
  const failed = outcomes.flatMap((outcome) => ("failed" in outcome ? [outcome.failed] : []))[0];
  if (failed !== undefined) {
    throw new CliError(
      "no_agent_found",
      `the agent probe failed: the login shell ${shell} could not run 'command -v' (${failed}); choose one with --agent ${AGENT_KINDS.join("|")}, ELWOOD_AGENT or the config 'agent' key`,
      EXIT.usage,
    );
  }
  throw new CliError(
    "no_agent_found",
    `no agent found: ${noneOf(agents.map((info) => info.executable))} resolves in the login shell ${shell}. Install one (${installHints(agents.map((info) => info.installHint))}), or choose one with --agent, ELWOOD_AGENT or the config 'agent' key`,
    EXIT.usage,
  );
}
