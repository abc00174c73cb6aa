// The simulated agent's options and their pre-spawn validation: the common launch options, a model and an effort.

import { resolve } from "node:path";
import type { CommonResolvedOptions } from "../../../adapters/agent-launch-plan.js";
import {
  assertCwdDirectory,
  optionalHooksObject,
  optionalPath,
  optionalText,
  optionsObject,
  readOptionsGuarded,
  requiredCwd,
  validateCommonLaunch,
  validatePersona,
  validateTerminalSize,
  type Check,
} from "../../../adapters/common-options.js";
import { CODEX_REASONING_EFFORTS } from "../../../adapters/codex/options.js";
import { ElwoodError } from "../../../src/contracts/errors.js";
import { SIM_KIND } from "./kind.js";

/** Its Codex flavour paints Codex's picker and takes `-c model_reasoning_effort=`: Codex's levels. */
export const SIM_REASONING_EFFORTS: readonly string[] = CODEX_REASONING_EFFORTS;

export interface ResolvedSimOptions extends CommonResolvedOptions {
  readonly model: string | undefined;
  readonly reasoningEffort: string | undefined;
}

function validateEffort(value: unknown): Check<string | undefined> {
  if (value === undefined || (typeof value === "string" && SIM_REASONING_EFFORTS.includes(value))) return value;
  return new ElwoodError(`${SIM_KIND}_invalid_reasoning_effort` as const, `reasoningEffort must be one of ${SIM_REASONING_EFFORTS.join(", ")}`, {
    validValues: [...SIM_REASONING_EFFORTS],
  });
}

function validateShape(opts: unknown): Check<ResolvedSimOptions> {
  const o = optionsObject(opts, "the simulated agent's");
  if (o instanceof ElwoodError) return o;
  const cwd = requiredCwd(o);
  if (cwd instanceof ElwoodError) return cwd;
  const stateDir = optionalPath(o, "stateDir");
  if (stateDir instanceof ElwoodError) return stateDir;
  const initialSize = validateTerminalSize(o["initialSize"], "initialSize");
  if (initialSize instanceof ElwoodError) return initialSize;
  const hooks = optionalHooksObject(o);
  if (hooks instanceof ElwoodError) return hooks;
  const persona = validatePersona(o["persona"]);
  if (persona instanceof ElwoodError) return persona;
  const model = optionalText(o, "model");
  if (model instanceof ElwoodError) return model;
  const reasoningEffort = validateEffort(o["reasoningEffort"]);
  if (reasoningEffort instanceof ElwoodError) return reasoningEffort;
  const launch = validateCommonLaunch(o);
  if (launch instanceof ElwoodError) return launch;
  return { cwd: resolve(cwd), stateDir: stateDir === undefined ? undefined : resolve(stateDir), initialSize, hooks: hooks ?? {}, persona, model, reasoningEffort, ...launch };
}

/** Validates a caller's options (untrusted input) into the resolved ones, or rejects with a typed error. */
export async function validateSimOptions(opts: unknown): Promise<ResolvedSimOptions> {
  const resolved = readOptionsGuarded(validateShape, opts, "the simulated agent's");
  if (resolved instanceof ElwoodError) throw resolved;
  await assertCwdDirectory(resolved.cwd);
  return resolved;
}
