// `elwood models`: starts each agent briefly (in registry order, the agents whose /model picker Elwood drives, or the one --agent names) and lists its /model rows.

import { type AgentModelOption, agentInfo, listAgentModels } from "../src/index.js";
import { CliError, EXIT, usageError } from "./cli-error.js";
import { AGENTS, type AgentName } from "./config-keys.js";
import { asCliError } from "./exit-status.js";
import type { OutputWriter } from "./output-writer.js";
import { type Model, type ModelsDocument, type ModelsError, SCHEMA_VERSION } from "./output-documents.js";
import { table } from "./table.js";

export interface ModelsRequest {
  /** Only an explicit --agent narrows the listing; env and config agents are ignored here. */
  readonly agent: AgentName | undefined;
  readonly cwd: string;
  readonly stateDir: string;
  readonly output: string;
  readonly timeoutMs: number | undefined;
  readonly positionals: readonly string[];
}

/** A listed row as the document's `model`: exactly its documented fields, whatever else the library adds later. */
function modelRow(m: AgentModelOption): Model {
  return { id: m.id, label: m.label, ...(m.description === undefined ? {} : { description: m.description }), isCurrent: m.isCurrent, isDefault: m.isDefault, raw: m.raw };
}

/** Exit precedence when some probe failed: interrupt, then timeout, then usage, then failure. */
function worst(codes: readonly number[]): number {
  for (const code of [EXIT.interrupted, EXIT.timeout, EXIT.usage, EXIT.failure]) if (codes.includes(code)) return code;
  return EXIT.ok;
}

async function listFor(agent: AgentName, cwd: string, stateDir: string, timeoutMs: number | undefined): Promise<readonly AgentModelOption[]> {
  const options = { cwd, stateDir, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  const listing = listAgentModels(agent, options);
  if (timeoutMs === undefined) return listing;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CliError("timeout", `listing ${agent}'s models did not finish within --timeout`, EXIT.timeout)), timeoutMs);
  });
  try {
    return await Promise.race([listing, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function modelsCommand(request: ModelsRequest, stdout: OutputWriter, stderr: OutputWriter): Promise<number> {
  if (request.output === "jsonl") throw usageError("elwood models writes text or json, not jsonl");
  if (request.positionals.length > 0) throw usageError(`elwood models takes no prompt words (got '${request.positionals[0]}')`);
  // Without --agent: every agent whose /model picker Elwood drives (an explicit --agent without one is its typed refusal).
  const agents: readonly AgentName[] = request.agent === undefined ? AGENTS.filter((kind) => agentInfo(kind).capabilities.models) : [request.agent];
  const startedAt = Date.now();
  const found: Array<{ agent: AgentName; models: readonly AgentModelOption[] }> = [];
  const errors: Array<ModelsError & { exit: number }> = [];
  for (const agent of agents) {
    const left = request.timeoutMs === undefined ? undefined : request.timeoutMs - (Date.now() - startedAt);
    const began = Date.now();
    try {
      if (left !== undefined && left <= 0) throw new CliError("timeout", "the --timeout budget was used up before this agent", EXIT.timeout);
      found.push({ agent, models: await listFor(agent, request.cwd, request.stateDir, left) });
    } catch (error) {
      const e = asCliError(error);
      errors.push({ schemaVersion: SCHEMA_VERSION, type: "error", agent, durationMs: Date.now() - began, error: { code: e.code, message: e.message }, exit: e.exitCode });
      await stderr.write(`elwood: ${agent}: ${e.message}\n`);
    }
  }
  if (request.output === "json") {
    const strip: ModelsError[] = errors.map(({ exit: _exit, ...rest }) => rest);
    const doc: ModelsDocument =
      request.agent === undefined
        ? { schemaVersion: SCHEMA_VERSION, type: "models", agents: found.map(({ agent, models }) => ({ agent, models: models.map(modelRow) })), errors: strip }
        : {
            schemaVersion: SCHEMA_VERSION,
            type: "models",
            agent: request.agent,
            models: (found[0]?.models ?? []).map(modelRow),
            ...(strip.length > 0 ? { errors: strip } : {}),
          };
    await stdout.write(`${JSON.stringify(doc)}\n`);
  } else {
    const rows = found.flatMap(({ agent, models }) =>
      models.map((m) => [...(request.agent === undefined ? [agent] : []), m.isCurrent ? "*" : "", m.id, m.label, m.isDefault ? "(default)" : "", m.description ?? ""]),
    );
    if (rows.length > 0) await stdout.write(table([...(request.agent === undefined ? ["AGENT"] : []), "", "ID", "LABEL", "", "DESCRIPTION"], rows));
  }
  return worst(errors.map((e) => e.exit));
}
