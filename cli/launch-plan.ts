// From settings to one validated launch: the agent, its workspace and posture, and the session object (nothing started yet).

import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { ClaudeSession, CodexSession, listSessions, type ClaudeSessionOptions, type CodexSessionOptions, type TerminalSize } from "../src/index.js";
import { CliError, EXIT, usageError } from "./cli-error.js";
import type { AgentName } from "./config-keys.js";
import { detectAgent } from "./detect-agent.js";
import { checkImageFlags } from "./image-flags.js";
import type { RunValues } from "./options.js";
import type { RunSettings, Sourced } from "./settings.js";

export interface LaunchPlan {
  readonly agent: AgentName;
  readonly agentSource: string;
  readonly cwd: string;
  readonly images: readonly string[];
  readonly session: ClaudeSession | CodexSession;
  readonly resume: string | undefined;
}

/** The agent of a stored session: resume never auto-detects and never falls back. */
async function recordedAgent(id: string, stateDir: string): Promise<{ agent: AgentName; cwd: string }> {
  const record = (await listSessions({ stateDir })).find((r) => r.elwoodSessionId === id);
  if (!record) throw new CliError("state_not_found", `no stored session '${id}' in ${stateDir} (elwood sessions lists them)`, EXIT.usage);
  return { agent: record.adapter, cwd: record.cwd };
}

async function directory(path: string, what: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) throw usageError(`${what} ${path} is not a directory`, "invalid_cwd");
  return path;
}

function rejectForeign(agent: AgentName, source: string, settings: Array<[string, Sourced<string | undefined>, AgentName]>): void {
  for (const [option, setting, owner] of settings) {
    if (setting.value === undefined || owner === agent) continue;
    const detected = source === "auto-detected" ? ` (${agent} was auto-detected; use --agent ${owner} to run ${owner})` : ` (agent ${agent} from ${source})`;
    throw usageError(`${option} from ${setting.source} applies to ${owner} only${detected}`);
  }
}

function rejectHighTrustConflict(settings: RunSettings): void {
  const ht = settings.highTrust;
  if (!ht.value || !(ht.source.startsWith("--") || ht.source.startsWith("ELWOOD_"))) return;
  for (const posture of [settings.claudePermissionMode, settings.codexSandbox, settings.codexApprovalPolicy]) {
    if (posture.value !== undefined && (posture.source.startsWith("--") || posture.source.startsWith("ELWOOD_"))) {
      throw usageError(`high trust from ${ht.source} conflicts with ${posture.source}; drop one (or pass --no-high-trust)`);
    }
  }
}

export async function planLaunch(values: RunValues, settings: RunSettings, invocationCwd: string, env: Readonly<Record<string, string | undefined>>, initialSize?: TerminalSize): Promise<LaunchPlan> {
  const resume = values.resume;
  if (values.keep && values.ephemeral) throw usageError("--keep and --ephemeral cannot be used together");
  if (resume !== undefined && values.cwd !== undefined) throw usageError("--cwd cannot be used with a resume: the session runs in its stored workspace");
  if (resume !== undefined && settings.persona.value !== undefined) throw usageError(`a persona (from ${settings.persona.source}) applies to new sessions only, not to a resume`);
  rejectHighTrustConflict(settings);
  let agent: AgentName;
  let agentSource: string;
  let cwd: string;
  if (resume !== undefined) {
    const stored = await recordedAgent(resume, settings.stateDir.value);
    if (settings.agent !== undefined && settings.agent.value !== stored.agent) {
      throw usageError(`session ${resume} is a ${stored.agent} session, but ${settings.agent.source} selects ${settings.agent.value}`, "adapter_mismatch");
    }
    agent = stored.agent;
    agentSource = "stored session";
    cwd = await directory(stored.cwd, "the stored workspace");
  } else {
    cwd = await directory(resolve(invocationCwd, values.cwd ?? "."), "--cwd");
    if (settings.agent !== undefined) {
      agent = settings.agent.value;
      agentSource = settings.agent.source;
    } else {
      agent = await detectAgent(env);
      agentSource = "auto-detected";
    }
  }
  rejectForeign(agent, agentSource, [
    ["--claude-permission-mode", settings.claudePermissionMode, "claude"],
    ["--codex-sandbox", settings.codexSandbox, "codex"],
    ["--codex-approval-policy", settings.codexApprovalPolicy, "codex"],
  ]);
  const images = await checkImageFlags(agent, values.image ?? [], cwd);
  const model = settings.model(agent).value;
  const effort = settings.reasoningEffort(agent).value;
  const highTrust = settings.highTrust.value;
  const shared = {
    cwd,
    stateDir: settings.stateDir.value,
    autotrust: settings.trust.value,
    ...(highTrust ? { highTrust: true } : {}),
    ...(model === undefined ? {} : { model }),
    ...(resume === undefined ? {} : { resume }),
    ...(initialSize === undefined ? {} : { initialSize }),
  };
  let session: ClaudeSession | CodexSession;
  if (agent === "claude") {
    // Built-in headless posture for a new session; a resume keeps its stored posture unless a setting overrides it.
    const mode = settings.claudePermissionMode.value ?? (highTrust || resume !== undefined ? undefined : "dontAsk");
    session = new ClaudeSession({
      ...shared,
      ...(effort === undefined ? {} : { reasoningEffort: effort }),
      ...(mode === undefined ? {} : { permissionMode: mode }),
    } as ClaudeSessionOptions);
  } else {
    const sandbox = settings.codexSandbox.value ?? (highTrust || resume !== undefined ? undefined : "workspace-write");
    const approval = settings.codexApprovalPolicy.value ?? (highTrust || resume !== undefined ? undefined : "never");
    session = new CodexSession({
      ...shared,
      ...(effort === undefined ? {} : { reasoningEffort: effort }),
      ...(sandbox === undefined ? {} : { sandbox }),
      ...(approval === undefined ? {} : { approvalPolicy: approval }),
    } as CodexSessionOptions);
  }
  return { agent, agentSource, cwd, images, session, resume };
}
