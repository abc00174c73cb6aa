// startCodex: the typed shortcut for Codex over the generic start, handing back the Codex session type.

import type { StartCodexOptions } from "../adapters/codex/options.js";
import { CodexSessionFacade } from "./codex-agent-session.js";
import { launchDefinedAgent } from "./agent-launch.js";
import type { CodexAgentSession } from "./session-api.js";

export type { StartCodexOptions } from "../adapters/codex/options.js";

/** The Codex session object for a runtime. */
export const codexFacade = (runtime: ConstructorParameters<typeof CodexSessionFacade>[0]): CodexSessionFacade => new CodexSessionFacade(runtime);

/**
 * Startup order: validate → probe (`--version`, `--help`) → version checks (minimum, then options the version
 * refuses) → session dir → bridge server → PTY through the login shell with `-c` hook overrides. The user's
 * config.toml and hooks.json are never written.
 */
export async function startCodex(options: StartCodexOptions): Promise<CodexAgentSession> {
  return (await launchDefinedAgent("codex", options, codexFacade)) as CodexSessionFacade;
}
