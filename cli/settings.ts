// Effective run settings with their sources: flags > ELWOOD_* environment > user config > built-ins.

import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { agentInfo } from "../src/index.js";
import { POSTURE_SETTINGS, type PostureSetting } from "./agent-postures.js";
import { usageError } from "./cli-error.js";
import type { ConfigDocument } from "./config-file.js";
import { AGENTS, type AgentName, OUTPUTS } from "./config-keys.js";
import { parseDuration } from "./duration.js";
import type { RunValues } from "./options.js";

export type OutputFormat = (typeof OUTPUTS)[number];

export interface Sourced<T> {
  readonly value: T;
  /** `--flag`, `ELWOOD_*`, `<config path>:<key>`, `built-in` or `unset`. */
  readonly source: string;
}

export interface RunSettings {
  /** Undefined when nothing chose one: a new session auto-detects, a resume reads its record. */
  readonly agent: Sourced<AgentName> | undefined;
  readonly output: Sourced<OutputFormat>;
  readonly timeoutMs: Sourced<number | undefined>;
  readonly trust: Sourced<boolean>;
  readonly highTrust: Sourced<boolean>;
  readonly stateDir: Sourced<string>;
  readonly verbose: Sourced<boolean>;
  readonly stream: Sourced<boolean>;
  readonly debug: boolean;
  readonly persona: Sourced<string | undefined>;
  /** Flag or env model/effort apply to whichever agent runs; config keys are per agent (picked once it is known). */
  readonly model: (agent: AgentName) => Sourced<string | undefined>;
  readonly reasoningEffort: (agent: AgentName) => Sourced<string | undefined>;
  /** Each agent's posture options (`postures[kind][option]`), whichever agent runs: a foreign one is refused at launch. */
  readonly postures: PostureValues;
}

/** Posture settings by agent, then by the session option they set. */
export type PostureValues = Readonly<Partial<Record<AgentName, Readonly<Record<string, Sourced<string | undefined>>>>>>;

/** The setting of one agent's posture option (unset when the agent has no such option). */
export function postureValue(settings: RunSettings, agent: AgentName, option: string): Sourced<string | undefined> {
  return settings.postures[agent]?.[option] ?? { value: undefined, source: "unset" };
}

type Env = Readonly<Record<string, string | undefined>>;

interface Layer {
  readonly flag?: { readonly name: string; readonly value: string | boolean | undefined };
  readonly env?: string;
  readonly config?: string;
}

class Resolver {
  constructor(
    private readonly env: Env,
    private readonly config: ConfigDocument,
    private readonly configFile: string,
    private readonly noDefaults: boolean,
  ) {}

  /** The first layer that sets a value, as text or boolean; env booleans must be exactly true/false. */
  pick(layer: Layer, kind: "string" | "boolean"): Sourced<string | boolean> | undefined {
    if (layer.flag?.value !== undefined) return { value: layer.flag.value, source: `--${layer.flag.name}` };
    if (this.noDefaults) return undefined;
    const fromEnv = layer.env === undefined ? undefined : this.env[layer.env];
    if (layer.env !== undefined && fromEnv !== undefined && fromEnv !== "") {
      if (kind === "string") return { value: fromEnv, source: layer.env };
      if (fromEnv !== "true" && fromEnv !== "false") throw usageError(`${layer.env} must be exactly true or false (got '${fromEnv}')`);
      return { value: fromEnv === "true", source: layer.env };
    }
    const fromConfig = layer.config === undefined ? undefined : this.config[layer.config];
    if (fromConfig !== undefined && layer.config !== undefined) return { value: fromConfig as string | boolean, source: `${this.configFile}:${layer.config}` };
    return undefined;
  }

  text(layer: Layer): Sourced<string | undefined> {
    const got = this.pick(layer, "string");
    return got === undefined ? { value: undefined, source: "unset" } : { value: String(got.value), source: got.source };
  }

  bool(layer: Layer, builtIn: boolean): Sourced<boolean> {
    const got = this.pick(layer, "boolean");
    return got === undefined ? { value: builtIn, source: "built-in" } : { value: got.value === true, source: got.source };
  }
}

function oneOf<T extends string>(setting: Sourced<string | undefined>, values: readonly T[], what: string): Sourced<T | undefined> {
  // An agent without the setting at all (Qwen Code has no reasoning effort) says so, rather than listing no values.
  if (setting.value !== undefined && values.length === 0) throw usageError(`${what} from ${setting.source}: this agent has none (got '${setting.value}')`);
  if (setting.value !== undefined && !(values as readonly string[]).includes(setting.value)) {
    throw usageError(`${what} from ${setting.source} must be one of ${values.join(", ")} (got '${setting.value}')`);
  }
  return setting as Sourced<T | undefined>;
}

/** A `--x` / `--no-x` pair: the explicit flag, or undefined when neither was given (both is a usage error). */
function pair(values: RunValues, name: "trust" | "stream" | "verbose" | "high-trust"): boolean | undefined {
  const yes = values[name];
  const no = values[`no-${name}`];
  if (yes && no) throw usageError(`--${name} and --no-${name} cannot be used together`);
  return yes ? true : no ? false : undefined;
}

/** The CLI's state home: absolute `$XDG_STATE_HOME/elwood`, else `~/.local/state/elwood` (never the workspace). */
export function defaultStateDir(env: Env): string {
  const xdg = env["XDG_STATE_HOME"];
  const base = xdg !== undefined && xdg !== "" && isAbsolute(xdg) ? xdg : join(env["HOME"] || homedir(), ".local", "state");
  return join(base, "elwood");
}

export function resolveSettings(values: RunValues, env: Env, config: ConfigDocument, configFile: string, cwd: string): RunSettings {
  const noDefaults = values["no-defaults"] === true;
  const r = new Resolver(env, noDefaults ? {} : config, configFile, noDefaults);
  if (values.output !== undefined && values.format !== undefined && values.output !== values.format) {
    throw usageError("--output and --format name the same setting; give one of them");
  }
  const outputFlag = values.output !== undefined ? { name: "output", value: values.output } : { name: "format", value: values.format };
  const output = oneOf(r.text({ flag: outputFlag, env: "ELWOOD_OUTPUT", config: "output" }), OUTPUTS, "output");
  const agent = oneOf(r.text({ flag: { name: "agent", value: values.agent }, env: "ELWOOD_AGENT", config: "agent" }), AGENTS, "agent");
  const timeoutText = r.text({ flag: { name: "timeout", value: values.timeout }, env: "ELWOOD_TIMEOUT", config: "timeout" });
  const timeoutMs = timeoutText.value === undefined ? undefined : parseDuration(timeoutText.value);
  if (timeoutText.value !== undefined && timeoutMs === undefined) {
    throw usageError(`timeout from ${timeoutText.source} must be a positive whole number with ms, s, m or h (got '${timeoutText.value}')`);
  }
  const stateDir = r.text({ flag: { name: "state-dir", value: values["state-dir"] }, env: "ELWOOD_STATE_DIR", config: "stateDir" });
  const modelFlag = r.text({ flag: { name: "model", value: values.model }, env: "ELWOOD_MODEL" });
  const effortFlag = r.text({ flag: { name: "reasoning-effort", value: values["reasoning-effort"] }, env: "ELWOOD_REASONING_EFFORT" });
  const perAgent = (setting: Sourced<string | undefined>, key: string) => (agentName: AgentName) =>
    setting.value !== undefined ? setting : r.text({ config: `${agentName}.${key}` });
  const output$ = output.value === undefined ? { value: "text" as const, source: "built-in" } : (output as Sourced<OutputFormat>);
  const stream = r.bool({ flag: { name: pair(values, "stream") === false ? "no-stream" : "stream", value: pair(values, "stream") }, env: "ELWOOD_STREAM", config: "stream" }, false);
  if (stream.value && output$.value !== "text") throw usageError(`--stream works only with text output (output is ${output$.value} from ${output$.source})`);
  const effort = perAgent(effortFlag, "reasoningEffort");
  return {
    agent: agent.value === undefined ? undefined : (agent as Sourced<AgentName>),
    output: output$,
    timeoutMs: { value: timeoutMs, source: timeoutText.source },
    trust: r.bool({ flag: { name: pair(values, "trust") === false ? "no-trust" : "trust", value: pair(values, "trust") }, env: "ELWOOD_TRUST", config: "trust" }, true),
    highTrust: r.bool(
      { flag: { name: pair(values, "high-trust") === false ? "no-high-trust" : "high-trust", value: pair(values, "high-trust") }, env: "ELWOOD_HIGH_TRUST", config: "highTrust" },
      false,
    ),
    stateDir: stateDir.value === undefined ? { value: defaultStateDir(env), source: "built-in" } : { value: resolve(cwd, stateDir.value), source: stateDir.source },
    verbose: r.bool({ flag: { name: pair(values, "verbose") === false ? "no-verbose" : "verbose", value: pair(values, "verbose") }, env: "ELWOOD_VERBOSE", config: "verbose" }, false),
    stream,
    debug: values.debug === true,
    persona: r.text({ flag: { name: "persona", value: values.persona }, env: "ELWOOD_PERSONA", config: "persona" }),
    model: perAgent(modelFlag, "model"),
    reasoningEffort: (agentName) => oneOf(effort(agentName), agentInfo(agentName).reasoningEfforts, `reasoning effort for ${agentName}`),
    postures: resolvePostures(r, values),
  };
}

/** Every agent's posture options, checked in registry order (the first bad one is the error). */
function resolvePostures(r: Resolver, values: RunValues): PostureValues {
  const out: Partial<Record<AgentName, Record<string, Sourced<string | undefined>>>> = {};
  for (const p of POSTURE_SETTINGS) (out[p.agent] ??= {})[p.option] = resolvePosture(r, values, p);
  return out;
}

function resolvePosture(r: Resolver, values: RunValues, p: PostureSetting): Sourced<string | undefined> {
  const flag = values[p.flag];
  return oneOf(r.text({ flag: { name: p.flag, value: typeof flag === "string" ? flag : undefined }, env: p.env, config: p.config }), p.values, p.label);
}
