// `elwood config path|show|effective|get|set|unset`: manage the user config document; never launches an agent.

import { resolve } from "node:path";
import { usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { configPath, readConfig, writeConfig } from "./config-file.js";
import { posturesOf } from "./agent-postures.js";
import { type AgentName, CONFIG_KEYS, configKey } from "./config-keys.js";
import { detectAgent } from "./detect-agent.js";
import type { Invocation } from "./parse-invocation.js";
import type { OutputWriter } from "./output-writer.js";
import { SCHEMA_VERSION } from "./records.js";
import { agentInfo } from "../src/index.js";
import { postureValue, type RunSettings, resolveSettings, type Sourced } from "./settings.js";

/** The posture a run of `agent` would launch with, each field with its source (high trust decides every option). */
function effectivePosture(s: RunSettings, agent: AgentName): Record<string, Sourced<string | null | undefined>> {
  const posture: Record<string, Sourced<string | null | undefined>> = {};
  for (const p of posturesOf(agent)) {
    const setting = postureValue(s, agent, p.option);
    posture[p.option] = s.highTrust.value
      ? { value: p.highTrust, source: s.highTrust.source }
      : setting.value === undefined
        ? { value: p.commandDefault, source: "built-in" }
        : setting;
  }
  // Fields a session records that the command never sets (the agent's own settings decide them, e.g. tool lists).
  for (const field of agentInfo(agent).recordedPosture) if (!(field in posture)) posture[field] = { value: null, source: "unset" };
  return posture;
}

function knownKey(name: string | undefined) {
  if (name === undefined) throw usageError("a config key is needed (keys: " + CONFIG_KEYS.map((k) => k.key).join(", ") + ")");
  const key = configKey(name);
  if (!key) throw usageError(`unknown config key '${name}' (keys: ${CONFIG_KEYS.map((k) => k.key).join(", ")})`);
  return key;
}

export async function configCommand(invocation: Invocation, io: CliIo, stdout: OutputWriter): Promise<number> {
  const [action, ...args] = invocation.positionals;
  const path = configPath(io.env);
  switch (action) {
    case "path":
      await stdout.write(`${path}\n`);
      return 0;
    case "show": {
      const { loaded, doc } = await readConfig(path);
      if (loaded) await stdout.write(`${JSON.stringify({ schemaVersion: 1, ...unflatten(doc) }, null, 2)}\n`);
      return 0;
    }
    case "get": {
      const key = knownKey(args[0]);
      const value = (await readConfig(path)).doc[key.key];
      if (value !== undefined) await stdout.write(`${String(value)}\n`);
      return value === undefined ? 1 : 0;
    }
    case "set": {
      const key = knownKey(args[0]);
      if (args[1] === undefined) throw usageError(`elwood config set ${key.key} needs a value`);
      const value = key.fromText(args[1]);
      const problem = key.check(value);
      if (problem) throw usageError(`${key.key} ${problem}`, "config_invalid");
      const { doc } = await readConfig(path);
      await writeConfig(path, { ...doc, [key.key]: value });
      return 0;
    }
    case "unset": {
      const key = knownKey(args[0]);
      const { loaded, doc } = await readConfig(path);
      if (!loaded || doc[key.key] === undefined) return 0;
      const { [key.key]: _removed, ...rest } = doc;
      await writeConfig(path, rest);
      return 0;
    }
    case "effective":
      return effective(invocation, io, path, stdout);
    default:
      throw usageError(action === undefined ? "elwood config needs an action: path, show, effective, get, set or unset" : `unknown config action '${action}'`);
  }
}

function unflatten(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(doc)) {
    const [head, tail] = name.split(".") as [string, string | undefined];
    if (tail === undefined) out[head] = value;
    else out[head] = { ...((out[head] as object | undefined) ?? {}), [tail]: value };
  }
  return out;
}

/** The resolved launch and output settings with their sources, exactly as a run would resolve them. */
async function effective(invocation: Invocation, io: CliIo, path: string, stdout: OutputWriter): Promise<number> {
  const values = invocation.values;
  const noDefaults = values["no-defaults"] === true;
  const { loaded, doc } = noDefaults ? { loaded: false, doc: {} } : await readConfig(path);
  const s = resolveSettings(values, io.env, doc, path, io.cwd);
  const agent = s.agent ?? { value: await detectAgent(io.env), source: "auto-detected" };
  const posture = effectivePosture(s, agent.value);
  const document = {
    schemaVersion: SCHEMA_VERSION,
    type: "config",
    config: { path, loaded },
    agent,
    model: s.model(agent.value),
    reasoningEffort: s.reasoningEffort(agent.value),
    workspace: values.cwd === undefined ? { value: io.cwd, source: "invocation context" } : { value: resolve(io.cwd, values.cwd), source: "--cwd" },
    timeoutMs: s.timeoutMs,
    output: {
      format: s.output,
      stream: s.stream,
      verbose: s.verbose,
      debug: { value: s.debug, source: s.debug ? "--debug" : "built-in" },
      head: { value: false, source: "not applicable" },
    },
    stateDir: s.stateDir,
    trust: s.trust,
    highTrust: s.highTrust,
    persona: s.persona,
    posture,
  };
  await stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return 0;
}
