// startCodex: validate, probe, install the hook bridge through session-scoped `-c` overrides, launch, return a session.

import { validateCodexOptions, type StartCodexOptions } from "../adapters/codex/options.js";
import { codexStartPlan } from "./codex-start-plan.js";
import type { CodexAgentSession } from "./session-api.js";
import { startAgent } from "./start-agent.js";

export type { StartCodexOptions } from "../adapters/codex/options.js";

/**
 * Startup order: validate → probe (`--version`, `--help`) → version checks (minimum, then options the version
 * refuses) → session dir → bridge server → PTY through the login shell with `-c` hook overrides. The user's
 * config.toml and hooks.json are never written.
 */
export async function startCodex(options: StartCodexOptions): Promise<CodexAgentSession> {
  return startAgent(codexStartPlan(await validateCodexOptions(options)));
}
