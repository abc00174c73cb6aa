// Session-less model listing: a throwaway session opens and cancels the CLI's own /model picker, then is always torn down.

import type { StartClaudeOptions } from "./start-claude.js";
import { startClaude } from "./start-claude.js";
import type { StartCodexOptions } from "./start-codex.js";
import { startCodex } from "./start-codex.js";
import type { AgentSession } from "./session-api.js";
import { PICKER_NOT_SHOWN } from "../machines/model-picker.js";
import { ElwoodError, isElwoodError } from "./contracts/errors.js";
import type { AgentModelOption } from "./contracts/public-types.js";

export interface ListModelsOptions {
  readonly cwd: string;
  readonly stateDir?: string;
  readonly autoupdate?: boolean;
  /** Absolute path of the CLI (the login shell may not see node_modules/.bin). */
  readonly executable?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Bounds the picker automation only; readiness uses the normal startup deadline. */
  readonly timeoutMs?: number;
}

/** Startup readiness bound for the probe session (a start that never gets ready is torn down). */
const PROBE_READY_MS = 60_000;

/**
 * Starts the throwaway session, lists, and always tears it down. A picker that never painted is opened once more: a
 * loaded machine can lose the `/model` typed right after a fresh CLI's readiness (Claude 2.1.215 in a full e2e run),
 * and on a throwaway session a second try costs nothing and changes nothing.
 */
export async function probeModels(start: () => Promise<AgentSession>, timeoutMs: number | undefined): Promise<readonly AgentModelOption[]> {
  // A start failure surfaces the adapter's own typed start error; it cleans up what it allocated itself.
  const session = await start();
  try {
    await session.waitForStatus((s) => s === "ready", PROBE_READY_MS).catch((error: unknown) => {
      throw new ElwoodError("model_automation_failed", "the probe session never became ready", { cause: error instanceof Error ? error.name : "error" });
    });
    const options = timeoutMs === undefined ? undefined : { timeoutMs };
    try {
      return await session.listModels(options);
    } catch (error) {
      if (!isElwoodError(error, "model_automation_failed") || error.details.cause !== PICKER_NOT_SHOWN) throw error;
      return await session.listModels(options);
    }
  } finally {
    await session.teardown().catch(() => {});
  }
}

type ProbeStart = Pick<StartClaudeOptions & StartCodexOptions, "cwd" | "autotrust"> &
  Partial<Pick<StartClaudeOptions & StartCodexOptions, "stateDir" | "autoupdate" | "executable" | "env">>;

function startOptions(options: ListModelsOptions): ProbeStart {
  return {
    cwd: options.cwd,
    // Documented, scoped exception: the probe only opens and cancels /model, so trust prompts must not stall it.
    autotrust: true,
    ...(options.stateDir === undefined ? {} : { stateDir: options.stateDir }),
    ...(options.autoupdate === undefined ? {} : { autoupdate: options.autoupdate }),
    ...(options.executable === undefined ? {} : { executable: options.executable }),
    ...(options.env === undefined ? {} : { env: options.env }),
  };
}

/** Any agent's /model rows without a caller-held session, started through `start` (C-API-41). */
export function listModelsWith(start: (options: ProbeStart) => Promise<AgentSession>, options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  if (typeof options !== "object" || options === null) return Promise.reject(new ElwoodError("invalid_argument", "options are required"));
  return probeModels(() => start(startOptions(options)), options.timeoutMs);
}

/** Claude's /model rows without a caller-held session (C-API-41). */
export function listClaudeModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return listModelsWith(startClaude, options);
}

/** Codex's /model rows without a caller-held session (C-API-41). */
export function listCodexModels(options: ListModelsOptions): Promise<readonly AgentModelOption[]> {
  return listModelsWith(startCodex, options);
}
