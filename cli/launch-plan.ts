// From settings to one validated launch: the agent, its workspace and posture, and the session object (nothing started yet).

import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type AgentTypesOf, agentConversation, listSessions, type TerminalSize } from "../src/index.js";
import { POSTURE_SETTINGS, posturesOf } from "./agent-postures.js";
import { CliError, EXIT, usageError } from "./cli-error.js";
import type { AgentName } from "./config-keys.js";
import { detectAgent } from "./detect-agent.js";
import { checkImageFlags } from "./image-flags.js";
import type { RunValues } from "./options.js";
import { postureValue, type RunSettings, type Sourced } from "./settings.js";

/** Any agent's conversation (the library's lazily started `send` / `stream` session). */
export type AgentConversation = AgentTypesOf<AgentName>["conversation"];

export interface LaunchPlan {
  readonly agent: AgentName;
  readonly agentSource: string;
  readonly cwd: string;
  readonly images: readonly string[];
  readonly session: AgentConversation;
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
  for (const posture of POSTURE_SETTINGS.map((p) => postureValue(settings, p.agent, p.option))) {
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
  rejectForeign(
    agent,
    agentSource,
    POSTURE_SETTINGS.map((p) => [`--${p.flag}`, postureValue(settings, p.agent, p.option), p.agent]),
  );
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
  // Built-in headless posture for a new session; a resume keeps its stored posture unless a setting overrides it.
  const posture: Record<string, string> = {};
  for (const p of posturesOf(agent)) {
    const value = postureValue(settings, agent, p.option).value ?? (highTrust || resume !== undefined ? undefined : p.commandDefault);
    if (value !== undefined) posture[p.option] = value;
  }
  const options = { ...shared, ...(effort === undefined ? {} : { reasoningEffort: effort }), ...posture };
  // The agent's own option validation runs when the session starts; its types are per agent, the values here are data.
  const session: AgentConversation = agentConversation(agent, options as AgentTypesOf<AgentName>["conversationOptions"]);
  return { agent, agentSource, cwd, images, session, resume };
}
