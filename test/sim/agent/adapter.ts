// The simulated agent's runtime profile: its Codex flavour paints Codex's screens, sends Codex's hooks and writes
// Codex's rollout, so the machines read it with Codex's adapter, under the simulated agent's own kind.

import type { AgentAdapter } from "../../../src/contracts/agent-adapter.js";
import { codexAdapter } from "../../../adapters/codex/adapter.js";
import { SIM_KIND } from "./kind.js";

/**
 * Its picker writes the flavour's `$CODEX_HOME/config.toml` (so the persisted-default warning is Codex's own code), and
 * its live rollout summaries are emitted as `sim:transcript`.
 */
export const simAdapter: AgentAdapter = { ...codexAdapter, kind: SIM_KIND };
